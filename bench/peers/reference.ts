// The f64 CPU reference every peer's output is checked against: Y = X·Wᵀ over the outputs
// outputsToCheck picks (all of them for small products), with W read through an accessor so a
// quantized matrix is dequantized on the fly and never held in f64.

import { outputsToCheck } from '../../src/kernels/cpu-reference';

/** W's value at (row n, column k), exactly as the peer's kernel should see it. */
export type WeightAt = (n: number, k: number) => number;

/**
 * Largest |y − y_ref| / Σ|w·x| over the checked outputs; NaN or a missing output is +∞.
 * `actual` is row-major M×N.
 */
export function worstError(
  actual: ArrayLike<number>,
  weightAt: WeightAt,
  x: ArrayLike<number>,
  m: number,
  n: number,
  k: number,
): number {
  let worst = 0;
  for (const [r, c] of outputsToCheck(m, n, k)) {
    let expected = 0;
    let magnitude = 0;
    for (let i = 0; i < k; i++) {
      const term = weightAt(c, i) * (x[r * k + i] ?? 0);
      expected += term;
      magnitude += Math.abs(term);
    }
    const got = actual[r * n + c] ?? Number.NaN;
    const error = magnitude === 0 ? Math.abs(got - expected) : Math.abs(got - expected) / magnitude;
    if (!(error <= worst)) worst = Number.isNaN(error) ? Number.POSITIVE_INFINITY : error;
  }
  return worst;
}
