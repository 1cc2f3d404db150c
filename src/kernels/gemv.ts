// GEMV y = W·x (decode): shaders/gemv.wgsl with the format's weights_<format>.wgsl prepended.

import gemvShader from '../../shaders/gemv.wgsl?raw';
import { type MatrixFormat, matrixBytes } from './formats';
import { prepareMatrixProduct } from './matrix';
import type { KernelCase, KernelEnv, PreparedKernel } from './types';
import { WEIGHTS_TOLERANCE, type WeightsCode, weightsShader } from './weights';

export interface GemvVariant {
  name: string;
  entry: 'gemv_row' | 'gemv_team';
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

export const GEMV_VARIANTS: readonly GemvVariant[] = [
  ...BASE_VARIANTS.map((v) => ({ ...v, weights: 'portable' as const })),
  ...BASE_VARIANTS.map((v) => ({ ...v, name: `${v.name}-f16`, weights: 'f16-native' as const })),
];

/** The variants that can run for `format` on a device with (or without) shader-f16. */
export function gemvVariantsFor(format: MatrixFormat, hasF16: boolean): GemvVariant[] {
  return GEMV_VARIANTS.filter((v) => v.weights === 'portable' || (format === 'fp16' && hasF16));
}

export interface GemvOptions {
  /** Weight bytes all copies together should span, so dispatches do not hit in cache. */
  rotationBytes: number;
  /** Largest buffer one binding may hold (device limits). */
  maxBindingBytes: number;
  seed?: number;
}

export function gemvBytes(format: MatrixFormat, n: number, k: number): number {
  return matrixBytes(format, n, k) + 4 * k + 4 * n;
}

export function gemvCase(
  format: MatrixFormat,
  n: number,
  k: number,
  variant: GemvVariant,
  options: GemvOptions,
): KernelCase {
  return {
    kernel: 'gemv',
    variant: variant.name,
    format,
    shape: { m: 1, n, k },
    bytes: gemvBytes(format, n, k),
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
  options: GemvOptions,
): Promise<PreparedKernel> {
  const rowsPerWorkgroup = variant.workgroupSize / variant.team;
  return prepareMatrixProduct(env, {
    label: `gemv-${format}-${variant.name}`,
    code: `${weightsShader(format, variant.weights)}\n${gemvShader}`,
    tolerance: WEIGHTS_TOLERANCE[variant.weights],
    entryPoint: variant.entry,
    constants: { WG: variant.workgroupSize, TEAM: variant.team },
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
