// The CPU reference for Y = X·Wᵀ (GEMV is M = 1): f64 sums over the weights exactly as the GPU
// sees them, compared with a tolerance scaled by Σ|w·x|. NaN fails.

import { type MatrixFormat, randomMatrixWords, weightAt } from './formats';
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

export function verifyGemm(
  actual: Float32Array,
  format: MatrixFormat,
  m: number,
  n: number,
  k: number,
  seed: number,
  x: Float32Array,
  /** Allowed |y − y_ref| as a share of Σ|w·x| (WEIGHTS_TOLERANCE). */
  tolerance: number,
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
    if (!(Math.abs(got - expected) <= tolerance * magnitude)) {
      total++;
      if (rows.length < 4) rows.push({ index: r * n + c, actual: got, expected });
    }
  }
  return total === 0 ? { ok: true } : { ok: false, detail: mismatchTable(rows, total) };
}
