// One column list draws the results table in the terminal, in Markdown and (its rows) in CSV;
// the page's renderer is tested in test/browser/results-table.test.ts. The outputs for a real v1
// document are pinned to files written before the renderers shared the list.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderTable } from '../../../src/cli/render/table';
import {
  type ResultRow,
  type ResultsDocument,
  SCHEMA_FIELD_ORDER,
} from '../../../src/core/results';
import { toCsv } from '../../../src/share/csv';
import { toMarkdown } from '../../../src/share/markdown';
import {
  column,
  exportColumns,
  MARKDOWN_COLUMNS,
  RESULT_COLUMNS,
  rowStatus,
  TABLE_COLUMNS,
} from '../../../src/share/result-columns';
import { sampleDocument } from '../../fixtures/results';

const fixture = (name: string) =>
  readFileSync(new URL(`../../fixtures/${name}`, import.meta.url), 'utf8');
const V1 = JSON.parse(fixture('results-v1.json')) as ResultsDocument;

describe('the renderers keep their output', () => {
  it('CSV: the same bytes as before, for a real v1 document', () => {
    expect(toCsv(V1)).toBe(fixture('results-v1.csv'));
  });

  it('terminal: the same results table as before', () => {
    const lines = renderTable(V1).split('\n');
    const start = lines.findIndex((l) => l.startsWith('kernel '));
    const table = lines.slice(start, start + 2 + V1.results.length);
    expect(`${table.join('\n')}\n`).toBe(fixture('results-v1.table.txt'));
  });

  it('Markdown: the pinned table; a kernel that does no arithmetic shows no GFLOP/s', () => {
    const table = toMarkdown(V1)
      .split('\n')
      .filter((l) => l.startsWith('|'));
    expect(`${table.join('\n')}\n`).toBe(fixture('results-v1.markdown.txt'));
    // The one deliberate change: bandwidth rows showed "0" GFLOP/s in Markdown, "—" on the
    // page and in the terminal; now "—" everywhere (the read probe does no FLOPs).
    const gflops = (line: string | undefined) => line?.split(' | ')[6];
    expect(V1.results[0]?.kernel).toBe('read');
    expect(gflops(table[2])).toBe('—');
    const fma = V1.results.findIndex((r) => r.kernel === 'fma');
    expect(gflops(table[2 + fma])).toMatch(/^\d/);
  });
});

describe('the column list', () => {
  it('the terminal and Markdown headers come from it', () => {
    const doc = sampleDocument();
    const header = renderTable(doc)
      .split('\n')
      .find((l) => l.startsWith('kernel '));
    expect(header?.split(/ {2,}/)).toEqual([
      'kernel',
      'shape',
      'variant',
      'median ms',
      'p95 ms',
      'GB/s',
      'GFLOP/s',
      'roofline',
      'status',
    ]);
    expect(TABLE_COLUMNS).toHaveLength(9);
    const md = toMarkdown(doc).split('\n');
    expect(md).toContain(
      `| ${MARKDOWN_COLUMNS.map((id) => RESULT_COLUMNS[id].header).join(' | ')} |`,
    );
  });

  it('a failed row shows no figures, whatever the row holds', () => {
    const failed = sampleDocument().results[4] as ResultRow;
    expect(failed.verified).toBe(false);
    const withEfficiency = { ...failed, rooflineEfficiency: 0.9, intensity: 3 };
    for (const id of ['median', 'p95', 'gbps', 'gflops', 'roofline'] as const) {
      expect(column(id).value(withEfficiency)).toBeUndefined();
    }
    expect(rowStatus(failed)).toEqual({ code: 'failed', error: 'mismatch' });
    expect(rowStatus({ ...failed, verified: true, noisy: true })).toEqual({
      code: 'noisy',
      spread: 0.2,
    });
    expect(rowStatus({ ...failed, verified: true, noisy: false })).toEqual({ code: 'verified' });
  });

  it('CSV: every field of a row, in the schema order, the shape one column per dimension', () => {
    const headers = exportColumns(['m', 'n']).map((c) => c.header);
    expect(headers).toEqual(
      SCHEMA_FIELD_ORDER.row.flatMap((k) => (k === 'shape' ? ['shape.m', 'shape.n'] : [k])),
    );
  });
});
