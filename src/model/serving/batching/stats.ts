// Percentiles for the simulator's outputs. Per-request values (TTFT, E2E) are sorted; token gaps
// (ITL) are kept as runs of evenly spaced values, since a stretch of k identical-batch decode
// steps gives every sequence k gaps that grow by the same amount per step. Percentiles are
// nearest-rank: the smallest value with at least p of the samples at or below it.

export interface Percentiles {
  count: number;
  mean: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export const EMPTY_PERCENTILES: Percentiles = {
  count: 0,
  mean: Number.NaN,
  p50: Number.NaN,
  p95: Number.NaN,
  p99: Number.NaN,
  max: Number.NaN,
};

const rank = (p: number, n: number) => Math.min(n, Math.max(1, Math.ceil(p * n)));

/** Puts the k-th smallest of a[lo..hi] at a[k], smaller ones before it, larger after (quickselect). */
function selectInPlace(a: Float64Array, k: number, lo: number, hi: number): number {
  while (hi > lo) {
    const mid = (lo + hi) >> 1;
    // Median of three as the pivot, so sorted input stays linear.
    const x = a[lo] as number;
    const y = a[mid] as number;
    const z = a[hi] as number;
    const pivot = Math.max(Math.min(x, y), Math.min(Math.max(x, y), z));
    let i = lo;
    let j = hi;
    while (i <= j) {
      while ((a[i] as number) < pivot) i++;
      while ((a[j] as number) > pivot) j--;
      if (i <= j) {
        const t = a[i] as number;
        a[i] = a[j] as number;
        a[j] = t;
        i++;
        j--;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else break;
  }
  return a[k] as number;
}

/** Mean, P50/P95/P99 (nearest rank) and max, in linear time; `values` is left untouched. */
export function percentiles(values: ArrayLike<number>): Percentiles {
  const n = values.length;
  if (n === 0) return EMPTY_PERCENTILES;
  const a = Float64Array.from(values);
  let sum = 0;
  let max = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < n; i++) {
    const v = a[i] as number;
    sum += v;
    if (v > max) max = v;
  }
  let from = 0;
  const at = (p: number) => {
    const k = rank(p, n) - 1;
    const v = selectInPlace(a, k, from, n - 1);
    from = k; // everything before k is ≤ a[k]: later ranks are found at or after it
    return v;
  };
  return { count: n, mean: sum / n, p50: at(0.5), p95: at(0.95), p99: at(0.99), max };
}

/** A multiset of values given as runs: start, start + delta, … (count values), each `times` times. */
export class GapRuns {
  private starts = new Float64Array(1024);
  private deltas = new Float64Array(1024);
  private counts = new Float64Array(1024);
  private times = new Float64Array(1024);
  private n = 0;
  private total = 0;
  private sum = 0;
  private lo = Number.POSITIVE_INFINITY;
  private hi = Number.NEGATIVE_INFINITY;

  private grow(): void {
    const bigger = (a: Float64Array) => {
      const b = new Float64Array(a.length * 2);
      b.set(a);
      return b;
    };
    this.starts = bigger(this.starts);
    this.deltas = bigger(this.deltas);
    this.counts = bigger(this.counts);
    this.times = bigger(this.times);
  }

  add(start: number, delta: number, count: number, times: number): void {
    if (count <= 0 || times <= 0) return;
    if (this.n === this.starts.length) this.grow();
    // Store increasing runs only: a decreasing run is the same values read backwards.
    const s = delta < 0 ? start + delta * (count - 1) : start;
    const d = Math.abs(delta);
    const i = this.n++;
    this.starts[i] = s;
    this.deltas[i] = d;
    this.counts[i] = count;
    this.times[i] = times;
    this.total += count * times;
    this.sum += times * (count * s + (d * count * (count - 1)) / 2);
    this.lo = Math.min(this.lo, s);
    this.hi = Math.max(this.hi, s + d * (count - 1));
  }

  get count(): number {
    return this.total;
  }

  /** How many values are ≤ x. */
  private countAtMost(x: number): number {
    const { starts, deltas, counts, times } = this;
    let n = 0;
    for (let i = 0; i < this.n; i++) {
      const s = starts[i] as number;
      if (x < s) continue;
      const d = deltas[i] as number;
      const c = counts[i] as number;
      n += (d === 0 ? c : Math.min(c, Math.floor((x - s) / d) + 1)) * (times[i] as number);
    }
    return n;
  }

  /**
   * Nearest-rank percentile by bisection on the value, to 1e-7 of the value (a nanosecond on a
   * 10 ms gap). `from` is a value known to lie at or below the answer, to start higher.
   */
  quantile(p: number, from = this.lo): number {
    if (this.total === 0) return Number.NaN;
    const target = rank(p, this.total);
    let lo = Math.max(this.lo, from);
    let hi = this.hi;
    if (this.countAtMost(lo) >= target) return lo;
    for (let i = 0; i < 100 && hi - lo > 1e-7 * Math.max(1e-6, Math.abs(hi)); i++) {
      const mid = (lo + hi) / 2;
      if (this.countAtMost(mid) >= target) hi = mid;
      else lo = mid;
    }
    return hi;
  }

  summary(): Percentiles {
    if (this.total === 0) return EMPTY_PERCENTILES;
    const p50 = this.quantile(0.5);
    const p95 = this.quantile(0.95, p50);
    const p99 = this.quantile(0.99, p95);
    return { count: this.total, mean: this.sum / this.total, p50, p95, p99, max: this.hi };
  }
}
