// GEMM Y = X·Wᵀ (prefill, batched decode): shaders/gemm.wgsl with the format's weights prepended.

import gemmShader from '../../shaders/gemm.wgsl?raw';
import { type MatrixFormat, matrixBytes } from './formats';
import { type MatrixOptions, prepareMatrixProduct } from './matrix';
import type { KernelCase, KernelEnv, PreparedKernel } from './types';
import { WEIGHTS_TOLERANCE, weightsShader } from './weights';

export interface GemmVariant {
  name: string;
  entry: 'gemm_reg' | 'gemm_reg8' | 'gemm_tile';
  /** Rows of Y (tokens) one workgroup computes; it always covers 32 columns (see gemm.wgsl). */
  blockM: number;
}

export const GEMM_VARIANTS: readonly GemmVariant[] = [
  { name: 'reg4x4', entry: 'gemm_reg', blockM: 32 },
  { name: 'reg8x4', entry: 'gemm_reg8', blockM: 64 },
  { name: 'tile32-smem', entry: 'gemm_tile', blockM: 32 },
];

/** Columns of Y (rows of W) one workgroup computes. */
const BLOCK_N = 32;

export function gemmBytes(format: MatrixFormat, m: number, n: number, k: number): number {
  return matrixBytes(format, n, k) + 4 * m * k + 4 * m * n;
}

export function gemmCase(
  format: MatrixFormat,
  m: number,
  n: number,
  k: number,
  variant: GemmVariant,
  options: MatrixOptions,
): KernelCase {
  return {
    kernel: 'gemm',
    variant: variant.name,
    format,
    shape: { m, n, k },
    bytes: gemmBytes(format, m, n, k),
    flops: 2 * m * n * k,
    label: `gemm ${format} M=${m} ${n}×${k} (${variant.name})`,
    prepare: (env) => prepareGemm(env, format, m, n, k, variant, options),
  };
}

function prepareGemm(
  env: KernelEnv,
  format: MatrixFormat,
  m: number,
  n: number,
  k: number,
  variant: GemmVariant,
  options: MatrixOptions,
): Promise<PreparedKernel> {
  return prepareMatrixProduct(env, {
    label: `gemm-${format}-${variant.name}`,
    code: `${weightsShader(format)}\n${gemmShader}`,
    tolerance: WEIGHTS_TOLERANCE.portable,
    entryPoint: variant.entry,
    format,
    m,
    n,
    k,
    seed: options.seed ?? 0x9e77,
    rotationBytes: options.rotationBytes,
    maxBindingBytes: options.maxBindingBytes,
    layout: (chunk) => ({
      params: [m, chunk.rows, k / 32, chunk.rowStart, n, 0, 0, 0],
      workgroups: [Math.ceil(chunk.rows / BLOCK_N), Math.ceil(m / variant.blockM)],
    }),
  });
}
