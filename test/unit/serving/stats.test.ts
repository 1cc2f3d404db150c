import { describe, expect, it } from 'vitest';
import { GapRuns, percentiles } from '../../../src/model/serving/batching/stats';
import { createRng } from '../../../src/model/serving/requests/random';

const nearestRank = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.max(1, Math.ceil(p * s.length)) - 1];
};

describe('percentiles', () => {
  it('nearest rank, without changing the input', () => {
    const rng = createRng(3);
    for (const n of [1, 2, 7, 100, 1001]) {
      const xs = Array.from({ length: n }, () => Math.floor(rng.next() * 50)); // with ties
      const copy = [...xs];
      const p = percentiles(xs);
      expect(xs).toEqual(copy);
      expect([p.p50, p.p95, p.p99, p.max]).toEqual([
        nearestRank(xs, 0.5),
        nearestRank(xs, 0.95),
        nearestRank(xs, 0.99),
        Math.max(...xs),
      ]);
      expect(p.mean).toBeCloseTo(xs.reduce((a, b) => a + b) / n, 9);
      expect(p.count).toBe(n);
    }
    expect(percentiles([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]).p50).toBe(5);
    expect(percentiles(Array.from({ length: 100 }, (_, i) => i + 1)).p95).toBe(95);
    expect(Number.isNaN(percentiles([]).p50)).toBe(true);
  });
});

describe('token-gap runs', () => {
  it('give the same percentiles as the gaps written out one by one', () => {
    const rng = createRng(4);
    const runs = new GapRuns();
    const all: number[] = [];
    for (let i = 0; i < 300; i++) {
      const start = 10 + rng.next() * 40;
      const delta = rng.next() < 0.3 ? 0 : (rng.next() - 0.2) * 0.05; // some decreasing
      const count = 1 + Math.floor(rng.next() * 30);
      const times = 1 + Math.floor(rng.next() * 8);
      runs.add(start, delta, count, times);
      for (let k = 0; k < count; k++) for (let t = 0; t < times; t++) all.push(start + delta * k);
    }
    const s = runs.summary();
    expect(s.count).toBe(all.length);
    expect(s.mean).toBeCloseTo(all.reduce((a, b) => a + b) / all.length, 9);
    for (const [p, v] of [
      [0.5, s.p50],
      [0.95, s.p95],
      [0.99, s.p99],
    ] as const) {
      // Bisection stops within 1e-7 of the value.
      expect(Math.abs(v / (nearestRank(all, p) ?? Number.NaN) - 1)).toBeLessThan(1e-6);
    }
    expect(s.max).toBeCloseTo(Math.max(...all), 9);
  });

  it('ignore empty runs and report NaN when there is nothing', () => {
    const runs = new GapRuns();
    runs.add(5, 1, 0, 3);
    expect(runs.count).toBe(0);
    expect(Number.isNaN(runs.summary().p95)).toBe(true);
    runs.add(5, 0, 1, 3);
    expect(runs.summary()).toMatchObject({ count: 3, p50: 5, p99: 5, max: 5, mean: 5 });
  });
});
