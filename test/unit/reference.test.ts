// The CPU reference for Y = X·Wᵀ: right answers pass, wrong ones fail — also when the reference
// comes from the one it remembers for tuning's repeated checks of the same case.

import { describe, expect, it } from 'vitest';
import { verifyGemm } from '../../src/kernels/cpu-reference';
import { randomMatrixWords, unpackMatrix } from '../../src/kernels/formats';

/** Y = X·Wᵀ in f64 from the unpacked weights, rounded to f32 as the GPU returns it. */
function product(m: number, n: number, k: number, seed: number, x: Float32Array): Float32Array {
  const w = unpackMatrix(randomMatrixWords('int4', n, k, seed));
  const y = new Float32Array(m * n);
  for (let r = 0; r < m; r++)
    for (let c = 0; c < n; c++) {
      let s = 0;
      for (let i = 0; i < k; i++) s += (w[c * k + i] ?? 0) * (x[r * k + i] ?? 0);
      y[r * n + c] = s;
    }
  return y;
}

describe('verifyGemm', () => {
  const [m, n, k, seed] = [3, 5, 64, 7];
  const x = Float32Array.from({ length: m * k }, (_, i) => Math.sin(i));

  it('passes the right answer and fails a wrong one, twice in a row on the same case', () => {
    const right = product(m, n, k, seed, x);
    const wrong = right.slice();
    wrong[4] = (wrong[4] ?? 0) + 0.5;
    for (let round = 0; round < 2; round++) {
      expect(verifyGemm(right, 'int4', m, n, k, seed, x, 1e-5)).toEqual({ ok: true });
      const outcome = verifyGemm(wrong, 'int4', m, n, k, seed, x, 1e-5);
      expect(outcome.ok).toBe(false);
      expect(outcome.detail).toMatch(/^1 mismatches: \[4\]/);
    }
  });

  it('does not reuse a reference for other x or other weights', () => {
    const right = product(m, n, k, seed, x);
    expect(verifyGemm(right, 'int4', m, n, k, seed, x, 1e-5).ok).toBe(true);
    const otherX = x.map((v) => v * 2);
    expect(verifyGemm(right, 'int4', m, n, k, seed, otherX, 1e-5).ok).toBe(false);
    expect(verifyGemm(product(m, n, k, seed, otherX), 'int4', m, n, k, seed, otherX, 1e-5).ok).toBe(
      true,
    );
    expect(verifyGemm(right, 'int4', m, n, k, seed + 1, x, 1e-5).ok).toBe(false);
  });
});
