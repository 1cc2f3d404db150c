import { describe, expect, it } from 'vitest';
import { lengthDistText } from '../../../src/cli/words/serving-en';
import {
  CHAPTER_OUTPUT_LENGTHS,
  lengthSampler,
  lognormalFromMeanP99,
  validateLengthDist,
  Z_99,
} from '../../../src/model/serving/requests/lengths';
import { createRng } from '../../../src/model/serving/requests/random';

const sample = (dist: Parameters<typeof lengthSampler>[0], n: number, seed = 1) => {
  const next = lengthSampler(dist, createRng(seed));
  return Array.from({ length: n }, next);
};

describe('lognormal from mean and P99', () => {
  it('solves σ exactly: the chapter’s mean 128 / P99 512', () => {
    const { mu, sigma } = lognormalFromMeanP99(128, 512);
    expect(Math.exp(mu + (sigma * sigma) / 2)).toBeCloseTo(128, 9);
    expect(Math.exp(mu + Z_99 * sigma)).toBeCloseTo(512, 9);
    expect(sigma).toBeCloseTo(0.70175, 5);
    expect(Z_99).toBeCloseTo(2.326348, 6);
    expect(CHAPTER_OUTPUT_LENGTHS).toEqual({ kind: 'lognormal', mean: 128, p99: 512 });
  });

  it('sampled whole-token lengths reproduce the mean and P99', () => {
    // 200k draws: σ of the mean ≈ 0.17 %, of the P99 ≈ 0.5 %.
    const xs = sample(CHAPTER_OUTPUT_LENGTHS, 200_000).sort((a, b) => a - b);
    const mean = xs.reduce((a, b) => a + b) / xs.length;
    const p99 = xs[Math.ceil(0.99 * xs.length) - 1] ?? 0;
    expect(Math.abs(mean / 128 - 1)).toBeLessThan(0.01);
    expect(Math.abs(p99 / 512 - 1)).toBeLessThan(0.03);
    expect(xs.every((x) => Number.isInteger(x) && x >= 1)).toBe(true);
  });

  it('refuses a P99 at or under the mean, or a tail no lognormal has', () => {
    expect(() => lognormalFromMeanP99(128, 128)).toThrow(/must be greater than its mean/);
    expect(() => lognormalFromMeanP99(0, 10)).toThrow(/mean must be > 0/);
    expect(() => lognormalFromMeanP99(10, 200)).toThrow(/P99\/mean must be at most 15\.0/);
    expect(() => lognormalFromMeanP99(10, 149)).not.toThrow();
  });
});

describe('fixed and exponential lengths', () => {
  it('fixed is always that length', () => {
    expect(new Set(sample({ kind: 'fixed', tokens: 512 }, 100))).toEqual(new Set([512]));
  });

  it('exponential keeps its mean in whole tokens ≥ 1', () => {
    const xs = sample({ kind: 'exponential', mean: 128 }, 100_000);
    const mean = xs.reduce((a, b) => a + b) / xs.length;
    expect(Math.abs(mean / 128 - 1)).toBeLessThan(0.015); // σ ≈ 0.3 %
    expect(Math.min(...xs)).toBe(1);
  });

  it('validation names the setting', () => {
    expect(() => validateLengthDist({ kind: 'fixed', tokens: 0 }, 'prompt lengths')).toThrow(
      /^prompt lengths: fixed length must be a whole number ≥ 1, got 0$/,
    );
    expect(() => validateLengthDist({ kind: 'exponential', mean: 0.5 }, 'output lengths')).toThrow(
      /output lengths: exponential mean must be ≥ 1 token/,
    );
    expect(() =>
      validateLengthDist({ kind: 'lognormal', mean: 100, p99: 50 }, 'output lengths'),
    ).toThrow(/output lengths: lognormal P99 \(50\) must be greater than its mean \(100\)/);
    expect(lengthDistText(CHAPTER_OUTPUT_LENGTHS)).toBe('lognormal, mean 128 / P99 512');
  });
});
