// GEMV y = W·x (decode): shaders/gemv.wgsl with the format's weights_<format>.wgsl prepended.

import gemvShader from '../../shaders/gemv.wgsl?raw';
import { createComputePipeline } from '../gpu/pipeline';
import { type MatrixFormat, matrixBytes, randomMatrixWords, weightAt } from './formats';
import { bindMatrixChunks, copiesFor, encodeMatrixChunks, uploadMatrix } from './matrix';
import type { KernelCase, KernelEnv, PreparedKernel, VerifyOutcome } from './types';
import { mismatchTable } from './types';
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

/** Verify every row up to this many weights in total; an even sample of rows beyond. */
const FULL_CHECK_WEIGHTS = 32 * 1024 * 1024;
const SAMPLED_ROWS = 512;
/** |y − y_ref| ≤ RELATIVE_TOLERANCE · Σ|w·x|: f32 accumulation in any order stays far inside;
 *  one wrong weight in a row of 28672 already exceeds it. */
const RELATIVE_TOLERANCE = 1e-5;

const X_SEED = 0x7a11;

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

/** The activation vector x: deterministic values in [−1, 1). */
export function activation(k: number, seed = X_SEED): Float32Array {
  const x = new Float32Array(k);
  for (let i = 0; i < k; i++) x[i] = Math.sin(i * 12.9898 + seed) * 0.999;
  return x;
}

async function prepareGemv(
  env: KernelEnv,
  format: MatrixFormat,
  n: number,
  k: number,
  variant: GemvVariant,
  options: GemvOptions,
): Promise<PreparedKernel> {
  const { device, buffers } = env;
  const seed = options.seed ?? 0x6e3f;
  const pipeline = await createComputePipeline(device, {
    label: `gemv-${format}-${variant.name}`,
    code: `${weightsShader(format)}\n${gemvShader}`,
    entryPoint: variant.entry,
    constants: { WG: variant.workgroupSize, TEAM: variant.team },
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
  const xValues = activation(k);
  const x = await buffers.createFrom('gemv-x', xValues);
  const y = await buffers.create('gemv-y', 4 * n, GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_SRC);
  const rowsPerWorkgroup = variant.workgroupSize / variant.team;
  const dispatches = await bindMatrixChunks(env, pipeline, matrix, x, y, (chunk) => ({
    params: [chunk.rows, k / 32, chunk.rowStart, 0],
    workgroups: [Math.ceil(chunk.rows / rowsPerWorkgroup), 1],
  }));

  return {
    encode(pass, rep) {
      pass.setPipeline(pipeline);
      encodeMatrixChunks(pass, dispatches, rep);
    },
    async verify() {
      const actual = new Float32Array(await buffers.read(y));
      return verifyGemv(actual, format, n, k, seed, xValues);
    },
  };
}

/** Rows checked against the CPU: all of them for small matrices, an even sample (with the first
 *  and last) for large ones. */
export function rowsToCheck(n: number, k: number): number[] {
  if (n * k <= FULL_CHECK_WEIGHTS) return Array.from({ length: n }, (_, i) => i);
  const rows = new Set<number>([0, n - 1]);
  for (let i = 0; i < SAMPLED_ROWS; i++) rows.add(Math.floor((i * n) / SAMPLED_ROWS));
  return [...rows].sort((a, b) => a - b);
}

export function verifyGemv(
  actual: Float32Array,
  format: MatrixFormat,
  n: number,
  k: number,
  seed: number,
  x: Float32Array,
): VerifyOutcome {
  const words = randomMatrixWords(format, n, k, seed);
  const rows: { index: number; actual: number; expected: number }[] = [];
  let total = 0;
  for (const row of rowsToCheck(n, k)) {
    let expected = 0;
    let magnitude = 0;
    for (let c = 0; c < k; c++) {
      const term = weightAt(words, row, c) * (x[c] ?? 0);
      expected += term;
      magnitude += Math.abs(term);
    }
    const got = actual[row] ?? Number.NaN;
    if (!(Math.abs(got - expected) <= RELATIVE_TOLERANCE * magnitude)) {
      total++;
      if (rows.length < 4) rows.push({ index: row, actual: got, expected });
    }
  }
  return total === 0 ? { ok: true } : { ok: false, detail: mismatchTable(rows, total) };
}
