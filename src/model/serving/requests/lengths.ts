// Token-length distributions for prompts and outputs: fixed, exponential, or lognormal set by its
// mean and P99 (the chapter's load-test preset: output mean 128 / P99 512). Samples are whole
// tokens ≥ 1 (rounded, then clamped), so a sampled mean can sit a fraction of a token off.

import { exponential, type Rng, standardNormal } from './random';

export type LengthDist =
  | { kind: 'fixed'; tokens: number }
  | { kind: 'exponential'; mean: number }
  | { kind: 'lognormal'; mean: number; p99: number };

/** The chapter's load test: 100 users, Poisson arrivals, output length mean 128 / P99 512. */
export const CHAPTER_OUTPUT_LENGTHS: LengthDist = { kind: 'lognormal', mean: 128, p99: 512 };
/** The chapter's TTFT figures are for 512-token prompts. */
export const CHAPTER_PROMPT_LENGTHS: LengthDist = { kind: 'fixed', tokens: 512 };

/** Φ⁻¹(0.99): the standard normal's 99th percentile. */
export const Z_99 = 2.3263478740408408;

export interface LognormalParams {
  mu: number;
  sigma: number;
}

/**
 * μ and σ of the lognormal with this mean and P99: mean = exp(μ + σ²/2), P99 = exp(μ + z·σ), so
 * σ² − 2zσ + 2·ln(P99/mean) = 0. Of the two roots the smaller σ is taken (the larger one puts
 * the median far below the mean); a root exists while P99/mean ≤ exp(z²/2) ≈ 14.97.
 */
export function lognormalFromMeanP99(mean: number, p99: number): LognormalParams {
  if (!(mean > 0) || !Number.isFinite(mean)) throw new RangeError('lognormal mean must be > 0');
  if (!(p99 > mean) || !Number.isFinite(p99)) {
    throw new RangeError(`lognormal P99 (${p99}) must be greater than its mean (${mean})`);
  }
  const disc = Z_99 * Z_99 - 2 * Math.log(p99 / mean);
  if (disc < 0) {
    const limit = Math.exp((Z_99 * Z_99) / 2);
    throw new RangeError(
      `no lognormal has mean ${mean} and P99 ${p99}: P99/mean must be at most ${limit.toFixed(1)}`,
    );
  }
  const sigma = Z_99 - Math.sqrt(disc);
  return { mu: Math.log(mean) - (sigma * sigma) / 2, sigma };
}

/** Throws a RangeError naming `what` (e.g. "output lengths") when the distribution is invalid. */
export function validateLengthDist(dist: LengthDist, what: string): void {
  const bad = (msg: string) => new RangeError(`${what}: ${msg}`);
  switch (dist.kind) {
    case 'fixed':
      if (!Number.isInteger(dist.tokens) || dist.tokens < 1) {
        throw bad(`fixed length must be a whole number ≥ 1, got ${dist.tokens}`);
      }
      return;
    case 'exponential':
      if (!(dist.mean >= 1) || !Number.isFinite(dist.mean)) {
        throw bad(`exponential mean must be ≥ 1 token, got ${dist.mean}`);
      }
      return;
    case 'lognormal':
      try {
        lognormalFromMeanP99(dist.mean, dist.p99);
      } catch (e) {
        throw bad((e as Error).message);
      }
      return;
  }
}

const toTokens = (x: number) => Math.max(1, Math.round(x));

/** A sampler drawing whole token counts ≥ 1 from `rng`. */
export function lengthSampler(dist: LengthDist, rng: Rng): () => number {
  switch (dist.kind) {
    case 'fixed': {
      const n = dist.tokens;
      return () => n;
    }
    case 'exponential':
      return () => toTokens(exponential(rng, dist.mean));
    case 'lognormal': {
      const { mu, sigma } = lognormalFromMeanP99(dist.mean, dist.p99);
      return () => toTokens(Math.exp(mu + sigma * standardNormal(rng)));
    }
  }
}
