// The results table's columns, defined once for every place that draws it: the page
// (src/ui/sections/results-table.ts), the terminal (src/cli/render/table.ts), Markdown (./markdown.ts) and CSV
// (./csv.ts). A column says what it shows (a value read from the row) and what kind of value
// that is; each renderer words the header and formats each kind its own way: the page in its
// language, the terminal and Markdown in English. To add a column: one entry in RESULT_COLUMNS
// and its id in the lists that show it; for the page also its header (HEADER_KEYS in
// src/ui/sections/results-table.ts, the i18n key in en and zh, a <th> in index.html: a test matches them).

import { type ResultRow, SCHEMA_FIELD_ORDER } from '../core/results';

/** Where a row stands. Each renderer words it its own way. */
export type RowStatus =
  | { code: 'verified' }
  | { code: 'noisy'; spread: number }
  | { code: 'failed'; error: string | undefined };

export function rowStatus(row: ResultRow): RowStatus {
  if (!row.verified) return { code: 'failed', error: row.error };
  return row.noisy ? { code: 'noisy', spread: row.spread } : { code: 'verified' };
}

interface ColumnOf<Kind extends string, Value> {
  /** English, as Markdown shows it; the terminal lower-cases a capitalised first word. */
  header: string;
  kind: Kind;
  value: (row: ResultRow) => Value;
}

/**
 * A number column's value is undefined where there is nothing to show (a failed row, GFLOP/s
 * of a kernel that does no arithmetic): every renderer shows "—" there.
 */
export type ResultColumn =
  | ColumnOf<'text', string>
  /** Working set, FMA count or matrix dimensions: see describeShape. */
  | ColumnOf<'shape', Pick<ResultRow, 'kernel' | 'shape'>>
  /** A time in ms (the page shows 3 decimals, the terminal 4, Markdown 3 significant digits). */
  | ColumnOf<'ms', number | undefined>
  /** A rate; `decimals` is what the page and the terminal show (Markdown: significant digits). */
  | (ColumnOf<'number', number | undefined> & { decimals: number })
  /** A share, shown as a percentage. */
  | ColumnOf<'percent', number | undefined>
  | ColumnOf<'status', RowStatus>;

export type ColumnKind = ResultColumn['kind'];

/** How one renderer words each kind of cell; a missing number is "—" everywhere. */
export interface CellWords {
  shape(value: Pick<ResultRow, 'kernel' | 'shape'>): string;
  ms(value: number, row: ResultRow): string;
  number(value: number, decimals: number, row: ResultRow): string;
  percent(share: number): string;
  status(status: RowStatus): string;
}

/** One cell of `row` under `col`, as `words` says each kind. */
export function cellText(col: ResultColumn, row: ResultRow, words: CellWords): string {
  switch (col.kind) {
    case 'text':
      return col.value(row);
    case 'shape':
      return words.shape(col.value(row));
    case 'ms': {
      const v = col.value(row);
      return v === undefined ? '—' : words.ms(v, row);
    }
    case 'number': {
      const v = col.value(row);
      return v === undefined ? '—' : words.number(v, col.decimals, row);
    }
    case 'percent': {
      const share = col.value(row);
      return share === undefined ? '—' : words.percent(share);
    }
    case 'status':
      return words.status(col.value(row));
  }
}

/** A measured figure: shown for verified rows only (a failed row's figures are zeros). */
const measured =
  (get: (row: ResultRow) => number | undefined) =>
  (row: ResultRow): number | undefined =>
    row.verified ? get(row) : undefined;

export const RESULT_COLUMNS = {
  kernel: { header: 'Kernel', kind: 'text', value: (r) => r.kernel },
  format: { header: 'Format', kind: 'text', value: (r) => r.format },
  /** Kernel and weight format in one cell, e.g. "gemv int4". */
  kernelFormat: { header: 'Kernel', kind: 'text', value: (r) => `${r.kernel} ${r.format}` },
  shape: { header: 'Shape', kind: 'shape', value: (r) => r },
  variant: { header: 'Variant', kind: 'text', value: (r) => r.variant },
  median: { header: 'Median ms', kind: 'ms', value: measured((r) => r.medianMs) },
  p95: { header: 'p95 ms', kind: 'ms', value: measured((r) => r.p95Ms) },
  gbps: { header: 'GB/s', kind: 'number', decimals: 2, value: measured((r) => r.gbps) },
  gflops: {
    header: 'GFLOP/s',
    kind: 'number',
    decimals: 1,
    value: measured((r) => (r.flops > 0 ? r.gflops : undefined)),
  },
  roofline: { header: 'Roofline', kind: 'percent', value: measured((r) => r.rooflineEfficiency) },
  status: { header: 'Status', kind: 'status', value: rowStatus },
} as const satisfies Record<string, ResultColumn>;

export type ResultColumnId = keyof typeof RESULT_COLUMNS;

/** The page's and the terminal's table. */
export const TABLE_COLUMNS = [
  'kernelFormat',
  'shape',
  'variant',
  'median',
  'p95',
  'gbps',
  'gflops',
  'roofline',
  'status',
] as const satisfies readonly ResultColumnId[];

/** Markdown: kernel and format apart (a pasted table reads either at a glance), no p95. */
export const MARKDOWN_COLUMNS = [
  'kernel',
  'format',
  'variant',
  'shape',
  'median',
  'gbps',
  'gflops',
  'roofline',
  'status',
] as const satisfies readonly ResultColumnId[];

export const column = (id: ResultColumnId): ResultColumn => RESULT_COLUMNS[id];

/** True for kinds drawn as figures (right-aligned). */
export const isNumeric = (kind: ColumnKind): boolean =>
  kind === 'ms' || kind === 'number' || kind === 'percent';

export type ExportCell = string | number | boolean | undefined;
export interface ExportColumn {
  header: string;
  value: (row: ResultRow) => ExportCell;
}

/**
 * The CSV's row columns: every field of a row, unformatted, in the schema's order (the field
 * order comes from the validator's tables, which are typed over ResultRow: no field can vanish
 * from the export); the shape gets one `shape.<name>` column per dimension present.
 */
export function exportColumns(shapeKeys: readonly string[]): ExportColumn[] {
  return SCHEMA_FIELD_ORDER.row.flatMap((key): ExportColumn[] =>
    key === 'shape'
      ? shapeKeys.map((k) => ({ header: `shape.${k}`, value: (row: ResultRow) => row.shape[k] }))
      : [{ header: key, value: (row: ResultRow) => row[key] as ExportCell }],
  );
}
