// Results as CSV (RFC 4180: CRLF line ends, fields quoted when they hold a comma, a quote or a
// line break). One row per result; each row repeats the run's columns first (date, plan,
// timing, runtime, adapter), so CSVs from several runs concatenate into one table. Shape
// dimensions get one `shape.<name>` column each. Numbers are written unformatted, booleans
// as true/false, absent values as empty fields. A text field that starts with = + - @ or a
// tab is prefixed with ' so a spreadsheet does not read it as a formula.

import type { ResultsDocument } from '../core/results';
import { settingsQuery } from '../core/settings';
import { type ExportCell as Cell, exportColumns } from './result-columns';

const RUN_COLUMNS: [string, (doc: ResultsDocument) => Cell][] = [
  ['createdAt', (d) => d.createdAt],
  ['toolVersion', (d) => d.tool.version],
  ['plan', (d) => d.plan],
  ['timing', (d) => d.timing],
  ['runtimeKind', (d) => d.runtime.kind],
  ['runtimeDescription', (d) => d.runtime.description],
  ['adapterVendor', (d) => d.adapter.vendor],
  ['adapterArchitecture', (d) => d.adapter.architecture],
  ['adapterDevice', (d) => d.adapter.device],
  ['adapterDescription', (d) => d.adapter.description],
  ['isFallbackAdapter', (d) => d.adapter.isFallbackAdapter],
  ['isSoftware', (d) => d.adapter.isSoftware],
  ['incomplete', (d) => d.incomplete],
  ['settings', (d) => (d.settings === undefined ? undefined : settingsQuery(d.settings))],
];

export function csvField(value: Cell): string {
  if (value === undefined) return '';
  if (typeof value !== 'string') return String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function toCsv(doc: ResultsDocument): string {
  const shapeKeys = [...new Set(doc.results.flatMap((r) => Object.keys(r.shape)))];
  const rowColumns = exportColumns(shapeKeys);
  const header = [...RUN_COLUMNS.map(([name]) => name), ...rowColumns.map((c) => c.header)];
  const run = RUN_COLUMNS.map(([, get]) => get(doc));
  const lines = doc.results.map((row) => [...run, ...rowColumns.map((c) => c.value(row))]);
  return [header, ...lines].map((cells) => `${cells.map(csvField).join(',')}\r\n`).join('');
}
