// A predicted quantity as a range. Always low ≤ expected ≤ high numerically, whatever the unit
// (for a time, low is the optimistic end; for a rate, low is the pessimistic end).

export interface Range {
  expected: number;
  low: number;
  high: number;
}

export const point = (v: number): Range => ({ expected: v, low: v, high: v });

/** Sorts three values into a range with `expected` clamped inside. */
export function range(expected: number, a: number, b: number): Range {
  const low = Math.min(a, b, expected);
  const high = Math.max(a, b, expected);
  return { expected, low, high };
}

export const mapRange = (r: Range, f: (v: number) => number): Range =>
  range(f(r.expected), f(r.low), f(r.high));

export const addRanges = (a: Range, b: Range): Range => ({
  expected: a.expected + b.expected,
  low: a.low + b.low,
  high: a.high + b.high,
});

export const scaleRange = (r: Range, k: number): Range => mapRange(r, (v) => v * k);

/** 1000 / ms → per second; the ends swap so low stays ≤ high. */
export const perSecond = (ms: Range, count = 1): Range => mapRange(ms, (v) => (1000 * count) / v);
