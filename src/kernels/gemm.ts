// GEMM Y = X·Wᵀ (prefill, batched decode): a variant's shader with the format's weights prepended.

import gemmShader from '../../shaders/gemm.wgsl?raw';
import gemmColsShader from '../../shaders/gemm_cols.wgsl?raw';
import gemmPadShader from '../../shaders/gemm_pad.wgsl?raw';
import type { FormatId } from '../core/formats';
import { matrixBytes } from './formats';
import { type MatrixOptions, prepareMatrixProduct } from './matrix';
import type { KernelCase, KernelEnv, PreparedKernel } from './types';
import { WEIGHTS_TOLERANCE, weightsShader } from './weights';

/** One GEMM variant: everything that differs between them. */
export interface GemmVariant {
  name: string;
  /** The WGSL that defines its entry point (after the weights code). */
  shader: string;
  entry: 'gemm_reg' | 'gemm_reg8' | 'gemm_tile' | 'gemm_cols' | 'gemm_pad';
  /** Rows of Y (tokens) one workgroup computes. */
  blockM: number;
  /** Columns of Y (rows of W) one workgroup computes. */
  blockN: number;
}

/**
 * gemm_cols with `rows` rows of Y per workgroup and `lanes` invocations × 8 columns of Y each:
 * 16 (the first variants, half a 32-wide SIMD idle) or 64 (full width).
 */
function colsVariant(rows: number, lanes = 16): GemmVariant {
  return {
    name: `cols${rows}x${8 * lanes}`,
    shader: `const COLS_M: u32 = ${rows}u;\nconst COLS_WG: u32 = ${lanes}u;\n${gemmShader}\n${gemmColsShader}`,
    entry: 'gemm_cols',
    blockM: rows,
    blockN: 8 * lanes,
  };
}

/** gemm_pad: a `tile`² block of Y, (tile ÷ 4)² invocations, `stage` vec4 of K staged at a time. */
function padVariant(tile: 32 | 64, stage: 8 | 4): GemmVariant {
  return {
    name: `tile${tile}-pad`,
    shader: `const PAD_T: u32 = ${tile}u;\nconst PAD_W: u32 = ${tile / 4}u;\nconst PAD_KV: u32 = ${stage}u;\n${gemmShader}\n${gemmPadShader}`,
    entry: 'gemm_pad',
    blockM: tile,
    blockN: tile,
  };
}

export const GEMM_VARIANTS: readonly GemmVariant[] = [
  { name: 'reg4x4', shader: gemmShader, entry: 'gemm_reg', blockM: 32, blockN: 32 },
  { name: 'reg8x4', shader: gemmShader, entry: 'gemm_reg8', blockM: 64, blockN: 32 },
  { name: 'tile32-smem', shader: gemmShader, entry: 'gemm_tile', blockM: 32, blockN: 32 },
  colsVariant(8),
  colsVariant(16),
  colsVariant(8, 64),
  padVariant(32, 8),
  padVariant(64, 4),
];

export function gemmBytes(format: FormatId, m: number, n: number, k: number): number {
  return matrixBytes(format, n, k) + 4 * m * k + 4 * m * n;
}

export function gemmCase(
  format: FormatId,
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

/**
 * A variant as another kernel runs it on its own buffers (the decode model's prefill): its
 * WGSL, entry point and the workgroup grid for `m` rows of X against a chunk of `rows` rows of
 * W. Uniform words: [m, rows, K / 32, rowOffset, N, 0, 0, 0].
 */
export function gemmPipelineSpec(format: FormatId, variant: GemmVariant) {
  return {
    code: `${weightsShader(format)}\n${variant.shader}`,
    entryPoint: variant.entry,
    workgroups: (rows: number, m: number): [number, number] => [
      Math.ceil(rows / variant.blockN),
      Math.ceil(m / variant.blockM),
    ],
  };
}

function prepareGemm(
  env: KernelEnv,
  format: FormatId,
  m: number,
  n: number,
  k: number,
  variant: GemmVariant,
  options: MatrixOptions,
): Promise<PreparedKernel> {
  return prepareMatrixProduct(env, {
    label: `gemm-${format}-${variant.name}`,
    code: `${weightsShader(format)}\n${variant.shader}`,
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
      workgroups: [Math.ceil(chunk.rows / variant.blockN), Math.ceil(m / variant.blockM)],
    }),
  });
}
