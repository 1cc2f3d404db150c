// GEMV y = W·x (decode): shaders/gemv.wgsl with the format's weights_<format>.wgsl prepended.

import gemvShader from '../../shaders/gemv.wgsl?raw';
import dp4aShader from '../../shaders/gemv_dp4a.wgsl?raw';
import { type MatrixFormat, matrixBytes, packedWords, packMatrix, weightAt } from './formats';
import { activations, type MatrixOptions, prepareMatrixProduct } from './matrix';
import type { KernelCase, KernelEnv, PreparedKernel } from './types';
import { WEIGHTS_TOLERANCE, type WeightsCode, weightsShader } from './weights';

export interface GemvVariant {
  name: string;
  entry: 'gemv_row' | 'gemv_team' | 'gemv_dp4a';
  workgroupSize: number;
  /** Invocations per row (gemv_team). */
  team: number;
  /** Dequantization code; f16-native applies to fp16 weights where shader-f16 is granted. */
  weights: WeightsCode;
}

const BASE_VARIANTS: readonly Omit<GemvVariant, 'weights'>[] = [
  { name: 'row-wg64', entry: 'gemv_row', workgroupSize: 64, team: 1 },
  { name: 'team32-wg256', entry: 'gemv_team', workgroupSize: 256, team: 32 },
  { name: 'team8-wg64', entry: 'gemv_team', workgroupSize: 64, team: 8 },
];

/** int8 weights × int8 activations with dot4I8Packed (shaders/gemv_dp4a.wgsl). */
const DP4A: GemvVariant = {
  name: 'dp4a-row-wg64',
  entry: 'gemv_dp4a',
  workgroupSize: 64,
  team: 1,
  weights: 'portable',
};

export const GEMV_VARIANTS: readonly GemvVariant[] = [
  ...BASE_VARIANTS.map((v) => ({ ...v, weights: 'portable' as const })),
  ...BASE_VARIANTS.map((v) => ({ ...v, name: `${v.name}-f16`, weights: 'f16-native' as const })),
  DP4A,
];

export interface GemvCapabilities {
  /** shader-f16 granted. */
  f16: boolean;
  /** The WGSL language feature packed_4x8_integer_dot_product is present. */
  dp4a: boolean;
}

/** The variants that can run for `format` with these capabilities. */
export function gemvVariantsFor(format: MatrixFormat, caps: GemvCapabilities): GemvVariant[] {
  return GEMV_VARIANTS.filter((v) => {
    if (v.entry === 'gemv_dp4a') return format === 'int8' && caps.dp4a;
    return v.weights === 'portable' || (format === 'fp16' && caps.f16);
  });
}

export function gemvBytes(
  format: MatrixFormat,
  n: number,
  k: number,
  variant?: GemvVariant,
): number {
  // The DP4A path reads x as int8 with an f16 scale per 32 (the int8 format), not as f32.
  const x = variant?.entry === 'gemv_dp4a' ? matrixBytes('int8', 1, k) : 4 * k;
  return matrixBytes(format, n, k) + x + 4 * n;
}

export function gemvCase(
  format: MatrixFormat,
  n: number,
  k: number,
  variant: GemvVariant,
  options: MatrixOptions,
): KernelCase {
  return {
    kernel: 'gemv',
    variant: variant.name,
    format,
    shape: { m: 1, n, k },
    bytes: gemvBytes(format, n, k, variant),
    flops: 2 * n * k,
    label: `gemv ${format} ${n}×${k} (${variant.name})`,
    prepare: (env) => prepareGemv(env, format, n, k, variant, options),
  };
}

function prepareGemv(
  env: KernelEnv,
  format: MatrixFormat,
  n: number,
  k: number,
  variant: GemvVariant,
  options: MatrixOptions,
): Promise<PreparedKernel> {
  const rowsPerWorkgroup = variant.workgroupSize / variant.team;
  const dp4a = variant.entry === 'gemv_dp4a';
  if (dp4a && format !== 'int8')
    throw new RangeError(`${variant.name} needs int8 weights, not ${format}`);
  return prepareMatrixProduct(env, {
    label: `gemv-${format}-${variant.name}`,
    code: dp4a ? dp4aShader : `${weightsShader(format, variant.weights)}\n${gemvShader}`,
    tolerance: WEIGHTS_TOLERANCE[variant.weights],
    entryPoint: variant.entry,
    constants: dp4a
      ? { WG: variant.workgroupSize }
      : { WG: variant.workgroupSize, TEAM: variant.team },
    ...(dp4a ? { input: int8Activations(k) } : {}),
    format,
    m: 1,
    n,
    k,
    seed: options.seed ?? 0x6e3f,
    rotationBytes: options.rotationBytes,
    maxBindingBytes: options.maxBindingBytes,
    layout: (chunk) => ({
      params: [chunk.rows, k / 32, chunk.rowStart, 0],
      workgroups: [Math.ceil(chunk.rows / rowsPerWorkgroup), 1],
    }),
  });
}

/**
 * x in the int8 format for the DP4A path: int8 words, then the f16 group scales; the reference
 * uses exactly the values the kernel sees (the quantized x), so only rounding in the final
 * scaling separates them.
 */
export function int8Activations(k: number): { words: Uint32Array; values: Float32Array } {
  const packed = packMatrix('int8', 1, k, activations(1, k));
  const words = new Uint32Array(packed.weights.length + packed.scales.length);
  words.set(packed.weights);
  words.set(packed.scales, packed.weights.length);
  const view = packedWords(packed);
  return { words, values: Float32Array.from({ length: k }, (_, c) => weightAt(view, 0, c)) };
}
