// GEMM Y = X·Wᵀ (prefill, batched decode): shaders/gemm.wgsl with the format's weights prepended.

import gemmShader from '../../shaders/gemm.wgsl?raw';
import { createComputePipeline } from '../gpu/pipeline';
import { type MatrixFormat, matrixBytes, randomMatrixWords, weightAt } from './formats';
import {
  activations,
  bindMatrixChunks,
  copiesFor,
  encodeMatrixChunks,
  uploadMatrix,
} from './matrix';
import type { KernelCase, KernelEnv, PreparedKernel, VerifyOutcome } from './types';
import { mismatchTable } from './types';
import { weightsShader } from './weights';

export interface GemmVariant {
  name: string;
  entry: 'gemm_reg' | 'gemm_tile';
}

export const GEMM_VARIANTS: readonly GemmVariant[] = [
  { name: 'reg4x4', entry: 'gemm_reg' },
  { name: 'tile32-smem', entry: 'gemm_tile' },
];

/** Outputs of one workgroup along each side (see gemm.wgsl). */
const BLOCK = 32;
/** All outputs are checked up to this many multiply-adds; a sample (edges included) beyond. */
const FULL_CHECK_MACS = 16 * 1024 * 1024;
const SAMPLED_OUTPUTS = 1024;
/** |y − y_ref| ≤ RELATIVE_TOLERANCE · Σ|w·x|: f32 accumulation in any order stays far inside;
 *  one wrong weight in a row of 28672 already exceeds it. */
const RELATIVE_TOLERANCE = 1e-5;

export interface GemmOptions {
  rotationBytes: number;
  maxBindingBytes: number;
  seed?: number;
}

export function gemmBytes(format: MatrixFormat, m: number, n: number, k: number): number {
  return matrixBytes(format, n, k) + 4 * m * k + 4 * m * n;
}

export function gemmCase(
  format: MatrixFormat,
  m: number,
  n: number,
  k: number,
  variant: GemmVariant,
  options: GemmOptions,
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

async function prepareGemm(
  env: KernelEnv,
  format: MatrixFormat,
  m: number,
  n: number,
  k: number,
  variant: GemmVariant,
  options: GemmOptions,
): Promise<PreparedKernel> {
  const { device, buffers } = env;
  const seed = options.seed ?? 0x9e77;
  const pipeline = await createComputePipeline(device, {
    label: `gemm-${format}-${variant.name}`,
    code: `${weightsShader(format)}\n${gemmShader}`,
    entryPoint: variant.entry,
  });
  const copies = copiesFor(matrixBytes(format, n, k), options.rotationBytes);
  const matrix = await uploadMatrix(env, {
    format,
    n,
    k,
    seed,
    copies,
    maxBindingBytes: options.maxBindingBytes,
  });
  const xValues = activations(m, k);
  const x = await buffers.createFrom('gemm-x', xValues);
  const y = await buffers.create(
    'gemm-y',
    4 * m * n,
    GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_SRC,
  );
  const dispatches = await bindMatrixChunks(env, pipeline, matrix, x, y, (chunk) => ({
    params: [m, chunk.rows, k / 32, chunk.rowStart, n, 0, 0, 0],
    workgroups: [Math.ceil(chunk.rows / BLOCK), Math.ceil(m / BLOCK)],
  }));

  return {
    encode(pass, rep) {
      pass.setPipeline(pipeline);
      encodeMatrixChunks(pass, dispatches, rep);
    },
    async verify() {
      const actual = new Float32Array(await buffers.read(y));
      return verifyGemm(actual, format, m, n, k, seed, xValues);
    },
  };
}

/** Output indices checked: all for small problems; else a spread sample with every corner. */
export function outputsToCheck(m: number, n: number, k: number): [number, number][] {
  if (m * n * k <= FULL_CHECK_MACS) {
    return Array.from({ length: m * n }, (_, i) => [Math.floor(i / n), i % n]);
  }
  const picks = new Map<number, [number, number]>();
  const add = (r: number, c: number) => picks.set(r * n + c, [r, c]);
  for (const r of [0, m - 1]) for (const c of [0, n - 1]) add(r, c);
  for (let i = 0; i < SAMPLED_OUTPUTS; i++) {
    add(Math.floor((i * 7919) % m), Math.floor((i * 104729) % n));
  }
  return [...picks.values()];
}

export function verifyGemm(
  actual: Float32Array,
  format: MatrixFormat,
  m: number,
  n: number,
  k: number,
  seed: number,
  x: Float32Array,
): VerifyOutcome {
  const words = randomMatrixWords(format, n, k, seed);
  const rows: { index: number; actual: number; expected: number }[] = [];
  let total = 0;
  // In a full check every weight row is reused M times: unpack each once. Samples rarely repeat.
  const full = m * n * k <= FULL_CHECK_MACS;
  const cache = new Map<number, Float64Array>();
  const weightRow = (row: number) => {
    let w = cache.get(row);
    if (!w) {
      w = Float64Array.from({ length: k }, (_, c) => weightAt(words, row, c));
      if (full) cache.set(row, w);
    }
    return w;
  };
  for (const [r, c] of outputsToCheck(m, n, k)) {
    const w = weightRow(c);
    let expected = 0;
    let magnitude = 0;
    for (let i = 0; i < k; i++) {
      const term = (w[i] ?? 0) * (x[r * k + i] ?? 0);
      expected += term;
      magnitude += Math.abs(term);
    }
    const got = actual[r * n + c] ?? Number.NaN;
    if (!(Math.abs(got - expected) <= RELATIVE_TOLERANCE * magnitude)) {
      total++;
      if (rows.length < 4) rows.push({ index: r * n + c, actual: got, expected });
    }
  }
  return total === 0 ? { ok: true } : { ok: false, detail: mismatchTable(rows, total) };
}
