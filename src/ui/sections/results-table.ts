// The results table's rows on the page, drawn from the shared column list
// (src/share/result-columns.ts) in the page's language and number format. Everything is text.
// The header cells are index.html's, one `results.col.<key>` per column (a unit test keeps the
// two in step).

import type { ResultRow } from '../../core/results';
import {
  type CellWords,
  cellText,
  column,
  isNumeric,
  type ResultColumn,
  type RowStatus,
  TABLE_COLUMNS,
} from '../../share/result-columns';
import { type Messages, t } from '../i18n';
import { fmtFixed, fmtPercent } from '../i18n/numbers';
import { td } from '../shell/dom';
import { shapeText } from '../shell/range-nodes';

/** The i18n key of each column's header on the page. */
export const HEADER_KEYS = {
  kernelFormat: 'results.col.kernel',
  shape: 'results.col.shape',
  variant: 'results.col.variant',
  median: 'results.col.median',
  p95: 'results.col.p95',
  gbps: 'results.col.gbps',
  gflops: 'results.col.gflops',
  roofline: 'results.col.roofline',
  status: 'results.col.status',
} as const satisfies Record<(typeof TABLE_COLUMNS)[number], keyof Messages['page']>;

function statusText(status: RowStatus): string {
  const m = t().app.results;
  if (status.code === 'failed') return m.failed({ why: status.error ?? '' });
  return status.code === 'noisy' ? m.noisy({ spread: fmtPercent(status.spread) }) : m.verified;
}

/** The page's words for each kind of cell, in its language. */
const PAGE_CELLS: CellWords = {
  shape: shapeText,
  ms: (v) => fmtFixed(v, 3),
  number: (v, decimals) => fmtFixed(v, decimals),
  percent: fmtPercent,
  status: statusText,
};

function cellClass(col: ResultColumn, row: ResultRow): string | undefined {
  if (isNumeric(col.kind)) return 'num';
  return col.kind === 'status' && !row.verified ? 'failed' : undefined;
}

/** One result as a table row: `data-kernel` and `data-verified` for styles and tests. */
export function resultRowElement(row: ResultRow): HTMLTableRowElement {
  const tr = document.createElement('tr');
  tr.dataset.kernel = row.kernel;
  tr.dataset.verified = String(row.verified);
  for (const id of TABLE_COLUMNS) {
    const col = column(id);
    tr.append(td(cellText(col, row, PAGE_CELLS), cellClass(col, row)));
  }
  return tr;
}
