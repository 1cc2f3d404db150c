import { describe, expect, it } from 'vitest';
import {
  createRng,
  deriveSeed,
  exponential,
  mix32,
  rngFromState,
  standardNormal,
} from '../../../src/model/serving/requests/random';

/** createRng(1)'s first three outputs × 2³², pinned: a change would shift every simulation. */
const PINNED = [813387329, 1693331366, 3865924968];

const draw = (seed: number, n: number) => {
  const rng = createRng(seed);
  return Array.from({ length: n }, () => rng.next());
};

describe('seeded PRNG (xoshiro128**)', () => {
  it('matches the reference xoshiro128** outputs from state {1, 2, 3, 4}', () => {
    // Reference: https://prng.di.unimi.it/xoshiro128starstar.c — result = rotl(s1 · 5, 7) · 9.
    const rng = rngFromState([1, 2, 3, 4]);
    expect([rng.next(), rng.next(), rng.next()].map((v) => v * 2 ** 32)).toEqual([
      11520, 0, 5927040,
    ]);
  });

  it('is deterministic for a seed and differs between seeds', () => {
    expect(draw(42, 100)).toEqual(draw(42, 100));
    expect(draw(42, 100)).not.toEqual(draw(43, 100));
    expect(mix32(0)).toBe(0x92ca2f0e);
    expect(draw(1, 3).map((v) => v * 2 ** 32)).toEqual(PINNED);
  });

  it('gives uniform numbers in [0, 1) with the right mean and spread', () => {
    const xs = draw(7, 100_000);
    expect(Math.min(...xs)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...xs)).toBeLessThan(1);
    const mean = xs.reduce((a, b) => a + b) / xs.length;
    const variance = xs.reduce((a, b) => a + (b - mean) ** 2, 0) / xs.length;
    // σ of the mean is 0.29/√n ≈ 0.0009: 0.005 is > 5σ.
    expect(Math.abs(mean - 0.5)).toBeLessThan(0.005);
    expect(Math.abs(variance - 1 / 12)).toBeLessThan(0.002);
    // Ten equal bins each get ~10 % (binomial σ ≈ 0.1 %).
    const bins = new Array<number>(10).fill(0);
    for (const x of xs) bins[Math.floor(x * 10)] = (bins[Math.floor(x * 10)] ?? 0) + 1;
    for (const b of bins) expect(Math.abs(b / xs.length - 0.1)).toBeLessThan(0.005);
  });

  it('derives sub-streams that differ from each other and from the seed’s own stream', () => {
    const a = draw(deriveSeed(5, 1), 20);
    const b = draw(deriveSeed(5, 2), 20);
    expect(a).not.toEqual(b);
    expect(a).not.toEqual(draw(5, 20));
    expect(deriveSeed(5, 1)).toBe(deriveSeed(5, 1));
  });

  it('rejects a seed that is not a number', () => {
    expect(() => createRng(Number.NaN)).toThrow(/seed must be a finite number/);
  });

  it('draws exponential and normal variates with the right moments', () => {
    const rng = createRng(9);
    const n = 100_000;
    const ex = Array.from({ length: n }, () => exponential(rng, 128));
    const em = ex.reduce((a, b) => a + b) / n;
    expect(Math.abs(em / 128 - 1)).toBeLessThan(0.015); // σ of the mean ≈ 0.3 %
    const z = Array.from({ length: n }, () => standardNormal(rng));
    const zm = z.reduce((a, b) => a + b) / n;
    const zv = z.reduce((a, b) => a + (b - zm) ** 2, 0) / n;
    expect(Math.abs(zm)).toBeLessThan(0.015);
    expect(Math.abs(zv - 1)).toBeLessThan(0.02);
  });
});
