// Small helpers for plain-text terminal output: numbers (the page's rules, in English without
// digit grouping, from src/core/numbers.ts), ranges, durations and aligned columns.

import { PLAIN_NUMBERS } from '../../core/numbers';
import type { Range } from '../../model/predict/range';

/** About three significant digits, no exponent, no grouping: 13.6 · 8.75 · 0.042 · 12346. */
export const num = PLAIN_NUMBERS.threeDigits;

/** Bytes in GB (1e9), as datasheets state memory. */
export const gb = PLAIN_NUMBERS.gb;

/** "9.21 (8.80–12.3)": expected, then the range. */
export const rangeText = (r: Range, unit = ''): string =>
  `${num(r.expected)}${unit} (${num(r.low)}–${num(r.high)})`;

/** A duration range in ms, or in s when the expected value is 10 s or more. */
export function durationText(r: Range): string {
  if (r.expected < 10_000) return rangeText(r, ' ms');
  const s = (v: number) => v / 1000;
  return rangeText({ expected: s(r.expected), low: s(r.low), high: s(r.high) }, ' s');
}

/** One duration in ms, or in s when 10 s or more. */
export const durationValue = (ms: number): string =>
  ms < 10_000 ? `${num(ms)} ms` : `${num(ms / 1000)} s`;

/** Columns padded to their widest cell; the first `leftColumns` align left, the rest right. */
export function columns(
  header: readonly string[],
  rows: readonly (readonly string[])[],
  { indent = '  ', leftColumns = 1 }: { indent?: string; leftColumns?: number } = {},
): string[] {
  const widths = header.map((h, i) =>
    Math.max(h.length, ...rows.map((row) => (row[i] ?? '').length)),
  );
  const line = (cells: readonly string[]) =>
    indent +
    cells
      .map((c, i) => (i < leftColumns ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)];
}
