// Numbers as text, shown only as far as a prediction supports (about three significant digits).
// Shared by the CLI and the page.

/** About three significant digits, no exponent. */
export function num(v: number): string {
  if (!Number.isFinite(v)) return String(v);
  const a = Math.abs(v);
  if (a >= 100) return v.toFixed(0);
  if (a >= 10) return v.toFixed(1);
  if (a >= 1) return v.toFixed(2);
  if (a === 0) return '0';
  return v.toPrecision(2);
}

export interface RangeLike {
  expected: number;
  low: number;
  high: number;
}

/** "9.21 (8.80–12.3)": expected, then the range. */
export const rangeText = (r: RangeLike, unit = ''): string =>
  `${num(r.expected)}${unit} (${num(r.low)}–${num(r.high)})`;

/** A duration range in ms, or in s when the expected value is over 10 s. */
export function durationText(r: RangeLike): string {
  if (r.expected < 10_000) return rangeText(r, ' ms');
  const s = (v: number) => v / 1000;
  return rangeText({ expected: s(r.expected), low: s(r.low), high: s(r.high) }, ' s');
}

/** One duration in ms, or in s when over 10 s. */
export const durationValue = (ms: number): string =>
  ms < 10_000 ? `${num(ms)} ms` : `${num(ms / 1000)} s`;

/** Bytes in GB (1e9), as datasheets state memory. */
export const gb = (bytes: number): string => `${num(bytes / 1e9)} GB`;
