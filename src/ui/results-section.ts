// The results table: one row per kernel case of the document on screen, filled in row by row
// while a run goes.

import type { ResultRow } from '../core/results';
import { element, make } from './dom';
import { shapeText } from './format';
import { t } from './i18n';
import { fmtFixed, fmtPercent } from './i18n/numbers';
import type { Section } from './section';

function statusText(row: ResultRow): string {
  const m = t().app.results;
  if (!row.verified) return m.failed({ why: row.error ?? '' });
  return row.noisy ? m.noisy({ spread: fmtPercent(row.spread) }) : m.verified;
}

function appendRow(tbody: HTMLTableSectionElement, row: ResultRow): void {
  const tr = document.createElement('tr');
  tr.dataset.kernel = row.kernel;
  tr.dataset.verified = String(row.verified);
  const ok = row.verified;
  const cell = (text: string, className?: string) => {
    const td = make('td', text, className);
    tr.append(td);
  };
  cell(`${row.kernel} ${row.format}`);
  cell(shapeText(row));
  cell(row.variant);
  cell(ok ? fmtFixed(row.medianMs, 3) : '—', 'num');
  cell(ok ? fmtFixed(row.p95Ms, 3) : '—', 'num');
  cell(ok ? fmtFixed(row.gbps, 2) : '—', 'num');
  cell(ok && row.flops > 0 ? fmtFixed(row.gflops, 1) : '—', 'num');
  cell(row.rooflineEfficiency === undefined ? '—' : fmtPercent(row.rooflineEfficiency), 'num');
  cell(statusText(row), ok ? undefined : 'failed');
  tbody.append(tr);
}

export const resultsSection: Section = {
  id: 'results',
  mount() {
    const tbody = element<HTMLTableElement>('results-table').tBodies[0] as HTMLTableSectionElement;
    let rows: readonly ResultRow[] = [];
    const showRows = () => {
      tbody.replaceChildren();
      for (const row of rows) appendRow(tbody, row);
    };
    return {
      // While a run goes, the run so far arrives with each new row: all of it is redrawn.
      onDocument(doc) {
        rows = doc?.results ?? [];
        showRows();
      },
      onLocale: showRows,
    };
  },
};
