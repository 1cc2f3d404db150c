import { describe, expect, it } from 'vitest';
import { isNoisy, NOISY_SPREAD, quantile, summarize } from '../../src/bench/stats';

describe('summarize', () => {
  it('gives median, p95, min, max, count and spread', () => {
    const s = summarize([5, 1, 4, 2, 3]);
    expect(s).toEqual({ median: 3, p95: 4.8, min: 1, max: 5, count: 5, spread: (4.8 - 1) / 3 });
  });

  it('takes the middle pair for an even count', () => {
    expect(summarize([1, 2, 3, 10]).median).toBe(2.5);
  });

  it('is zero-spread for identical samples, and one sample is its own everything', () => {
    expect(summarize([2, 2, 2]).spread).toBe(0);
    expect(summarize([7])).toMatchObject({ median: 7, p95: 7, min: 7, max: 7, count: 1 });
  });

  it('refuses empty, negative and non-finite samples', () => {
    expect(() => summarize([])).toThrow(RangeError);
    expect(() => summarize([1, -1])).toThrow(/finite and non-negative/);
    expect(() => summarize([1, Number.NaN])).toThrow(RangeError);
    expect(() => summarize([1, Number.POSITIVE_INFINITY])).toThrow(RangeError);
  });

  it('does not reorder the caller’s array', () => {
    const samples = [3, 1, 2];
    summarize(samples);
    expect(samples).toEqual([3, 1, 2]);
  });
});

describe('quantile and noise', () => {
  it('interpolates linearly', () => {
    expect(quantile([0, 10], 0.25)).toBe(2.5);
    expect(quantile([1, 2, 3], 1)).toBe(3);
    expect(() => quantile([], 0.5)).toThrow(RangeError);
  });

  it('flags a wide spread as noisy and a tight one as not', () => {
    expect(isNoisy(summarize([1, 1, 1, 1, 2]))).toBe(true);
    expect(isNoisy(summarize([1, 1.01, 1.02, 1.01, 1]))).toBe(false);
    expect(NOISY_SPREAD).toBeGreaterThan(0);
  });
});
