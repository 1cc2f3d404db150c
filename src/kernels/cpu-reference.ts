// The CPU reference for Y = X·Wᵀ (GEMV is M = 1): f64 sums over the weights exactly as the GPU
// sees them, compared with a tolerance scaled by Σ|w·x|. NaN fails.

import type { FormatId } from '../core/formats';
import { randomMatrixWords, weightRowReader } from './formats';
import type { VerifyOutcome } from './types';
import { mismatchTable } from './types';

/** All outputs are checked up to this many multiply-adds; a sample (edges included) beyond. */
const FULL_CHECK_MACS = 16 * 1024 * 1024;
const SAMPLED_OUTPUTS = 256;

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

interface Reference {
  key: string;
  x: Float32Array;
  /** Per output of outputsToCheck: Σ w·x and Σ|w·x| in f64. */
  expected: Float64Array;
  magnitude: Float64Array;
}

/**
 * The last reference computed. Tuning verifies every variant of one case in a row, on the same
 * weights and x; computing it once saves most of the CPU time of a quick run's tuning. Kept only
 * for x up to this many values, so the copy it holds stays small.
 */
let lastReference: Reference | null = null;
const MAX_REMEMBERED_X = 1 << 20;

function sameValues(a: Float32Array, b: Float32Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (!Object.is(a[i], b[i])) return false;
  return true;
}

function reference(
  format: FormatId,
  m: number,
  n: number,
  k: number,
  seed: number,
  x: Float32Array,
  outputs: [number, number][],
): Reference {
  const key = `${format} ${m}×${n}×${k} ${seed}`;
  if (lastReference?.key === key && sameValues(lastReference.x, x)) return lastReference;
  const readRow = weightRowReader(randomMatrixWords(format, n, k, seed));
  // In a full check every weight row is reused M times: unpack each once. Samples rarely repeat.
  const full = m * n * k <= FULL_CHECK_MACS;
  const cache = new Map<number, Float64Array>();
  const weightRow = (row: number) => {
    let w = cache.get(row);
    if (!w) {
      w = readRow(row);
      if (full) cache.set(row, w);
    }
    return w;
  };
  const expected = new Float64Array(outputs.length);
  const magnitude = new Float64Array(outputs.length);
  outputs.forEach(([r, c], o) => {
    const w = weightRow(c);
    let sum = 0;
    let size = 0;
    for (let i = 0; i < k; i++) {
      const term = (w[i] ?? 0) * (x[r * k + i] ?? 0);
      sum += term;
      size += Math.abs(term);
    }
    expected[o] = sum;
    magnitude[o] = size;
  });
  lastReference = x.length <= MAX_REMEMBERED_X ? { key, x: x.slice(), expected, magnitude } : null;
  return { key, x, expected, magnitude };
}

export function verifyGemm(
  actual: Float32Array,
  format: FormatId,
  m: number,
  n: number,
  k: number,
  seed: number,
  x: Float32Array,
  /** Allowed |y − y_ref| as a share of Σ|w·x| (WEIGHTS_TOLERANCE). */
  tolerance: number,
): VerifyOutcome {
  const outputs = outputsToCheck(m, n, k);
  const { expected, magnitude } = reference(format, m, n, k, seed, x, outputs);
  const rows: { index: number; actual: number; expected: number }[] = [];
  let total = 0;
  outputs.forEach(([r, c], o) => {
    const want = expected[o] ?? Number.NaN;
    const got = actual[r * n + c] ?? Number.NaN;
    if (!(Math.abs(got - want) <= tolerance * (magnitude[o] ?? 0))) {
      total++;
      if (rows.length < 4) rows.push({ index: r * n + c, actual: got, expected: want });
    }
  });
  return total === 0 ? { ok: true } : { ok: false, detail: mismatchTable(rows, total) };
}
