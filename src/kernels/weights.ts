// The WGSL that dequantizes each weight format (shaders/weights_<format>.wgsl), prepended to
// the GEMV and GEMM shaders.

import f32 from '../../shaders/weights_f32.wgsl?raw';
import fp16 from '../../shaders/weights_fp16.wgsl?raw';
import int4 from '../../shaders/weights_int4.wgsl?raw';
import int8 from '../../shaders/weights_int8.wgsl?raw';
import type { MatrixFormat } from './formats';

const SOURCES: Record<MatrixFormat, string> = { f32, fp16, int8, int4 };

export const weightsShader = (format: MatrixFormat): string => SOURCES[format];
