// The WGSL that dequantizes each weight format (shaders/weights_<format>.wgsl), prepended to
// the GEMV and GEMM shaders, and how closely each implementation must match the f64 reference.

import f32 from '../../shaders/weights_f32.wgsl?raw';
import fp16 from '../../shaders/weights_fp16.wgsl?raw';
import fp16Native from '../../shaders/weights_fp16_native.wgsl?raw';
import int4 from '../../shaders/weights_int4.wgsl?raw';
import int4Dp4a from '../../shaders/weights_int4_dp4a.wgsl?raw';
import int8 from '../../shaders/weights_int8.wgsl?raw';
import int8Dp4a from '../../shaders/weights_int8_dp4a.wgsl?raw';
import type { MatrixFormat } from './formats';

/**
 * 'portable' runs on every adapter; 'f16-native' computes fp16 weights in f16 (shader-f16);
 * 'dp4a' (GEMV only) multiplies int8/int4 weights by int8 activations with dot4I8Packed.
 */
export type WeightsCode = 'portable' | 'f16-native' | 'dp4a';

const PORTABLE: Record<MatrixFormat, string> = { f32, fp16, int8, int4 };

export function weightsShader(format: MatrixFormat, code: WeightsCode = 'portable'): string {
  if (code === 'portable') return PORTABLE[format];
  if (code === 'dp4a' && format === 'int8') return int8Dp4a;
  if (code === 'dp4a' && format === 'int4') return int4Dp4a;
  if (code === 'f16-native' && format === 'fp16') return `enable f16;\n${fp16Native}`;
  throw new RangeError(`no ${code} weights code for ${format}`);
}

/**
 * Allowed |y − y_ref| as a share of Σ|w·x|. Portable code accumulates in f32: any summation
 * order stays far inside 1e-5, while one wrong weight in a row of 28672 already exceeds it.
 * f16-native rounds x and each 4-term partial sum to f16 (2⁻¹¹ relative, a few times over).
 */
export const WEIGHTS_TOLERANCE: Record<WeightsCode, number> = {
  portable: 1e-5,
  'f16-native': 4e-3,
  // Exact integer dot products against the quantized x the reference also uses.
  dp4a: 1e-5,
};
