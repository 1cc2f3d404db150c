// Small helpers for plain-text terminal output: aligned columns; the number helpers live in
// src/model/text.ts (shared with the page) and are re-exported here.

export { durationText, durationValue, gb, num, type RangeLike, rangeText } from '../model/text';

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
