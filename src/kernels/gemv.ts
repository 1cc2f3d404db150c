// GEMV y = W·x (decode): shaders/gemv.wgsl with the format's weights_<format>.wgsl prepended.

import gemvShader from '../../shaders/gemv.wgsl?raw';
import { type MatrixFormat, matrixBytes } from './formats';
import { prepareMatrixProduct } from './matrix';
import type { KernelCase, KernelEnv, PreparedKernel } from './types';
import { weightsShader } from './weights';

export interface GemvVariant {
  name: string;
  entry: 'gemv_row' | 'gemv_team';
  workgroupSize: number;
  /** Invocations per row (gemv_team). */
  team: number;
}

export const GEMV_VARIANTS: readonly GemvVariant[] = [
  { name: 'row-wg64', entry: 'gemv_row', workgroupSize: 64, team: 1 },
  { name: 'team32-wg256', entry: 'gemv_team', workgroupSize: 256, team: 32 },
  { name: 'team8-wg64', entry: 'gemv_team', workgroupSize: 64, team: 8 },
];

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
    code: `${weightsShader(format)}\n${gemvShader}`,
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
