// Summary statistics over per-dispatch sample times. The median is the headline; never the mean.

export interface SampleStats {
  median: number;
  p95: number;
  min: number;
  max: number;
  count: number;
  /** (p95 − min) / median: how far the slow tail strays from the best case. */
  spread: number;
}

/** Linear-interpolated quantile (q in [0, 1]) of sorted values. */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) throw new RangeError('quantile of no values');
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  const a = sorted[lo] as number;
  const b = sorted[hi] as number;
  return a + (b - a) * (pos - lo);
}

export function summarize(samples: readonly number[]): SampleStats {
  if (samples.length === 0) throw new RangeError('no samples to summarize');
  if (samples.some((s) => !Number.isFinite(s) || s < 0)) {
    throw new RangeError(`samples must be finite and non-negative: ${samples.join(', ')}`);
  }
  const sorted = [...samples].sort((a, b) => a - b);
  const median = quantile(sorted, 0.5);
  const p95 = quantile(sorted, 0.95);
  const min = sorted[0] as number;
  const max = sorted[sorted.length - 1] as number;
  return {
    median,
    p95,
    min,
    max,
    count: sorted.length,
    spread: median > 0 ? (p95 - min) / median : 0,
  };
}

/** Spread above which a result is re-sampled once, then flagged noisy. */
export const NOISY_SPREAD = 0.15;

export const isNoisy = (stats: SampleStats, threshold = NOISY_SPREAD): boolean =>
  stats.spread > threshold;
