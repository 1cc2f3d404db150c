// Results as a Markdown table that pastes well into a GitHub issue: a few lines on the run,
// then one table row per result. Numbers carry 3 significant digits (2 when the row is noisy:
// no more than the noise supports); a failed row shows its error instead of numbers. Every
// string from the document is escaped, so nothing in it becomes markup, a link or HTML.

import { adapterName } from '../core/adapter-name';
import { describeShape } from '../core/describe';
import { PLAIN_NUMBERS } from '../core/numbers';
import type { ResultRow, ResultsDocument } from '../core/results';
import { settingsQuery } from '../core/settings';

/** One line of plain text, with Markdown/HTML punctuation backslash-escaped (`|` included). */
export function escapeMarkdown(text: string): string {
  return text.replace(/\s*[\r\n]+\s*/g, ' ').replace(/[\\`*_[\]<>|~&#!]/g, '\\$&');
}

const HEAD = [
  'Kernel',
  'Format',
  'Variant',
  'Shape',
  'Median ms',
  'GB/s',
  'GFLOP/s',
  'Roofline',
  'Status',
];

function status(row: ResultRow): string {
  if (!row.verified) return `FAILED: ${row.error ?? 'not verified'}`;
  return row.noisy ? `verified, noisy (spread ${Math.round(row.spread * 100)} %)` : 'verified';
}

function cells(row: ResultRow): string[] {
  const digits = row.noisy ? 2 : 3;
  const num = (v: number | undefined) =>
    !row.verified || v === undefined ? '—' : PLAIN_NUMBERS.significant(v, digits);
  const efficiency =
    row.verified && row.rooflineEfficiency !== undefined
      ? `${Math.round(row.rooflineEfficiency * 100)} %`
      : '—';
  return [
    row.kernel,
    row.format,
    row.variant,
    describeShape(row),
    num(row.medianMs),
    num(row.gbps),
    num(row.gflops),
    efficiency,
    status(row),
  ].map(escapeMarkdown);
}

const line = (cols: string[]) => `| ${cols.join(' | ')} |`;

export function toMarkdown(doc: ResultsDocument): string {
  const e = escapeMarkdown;
  const adapter = adapterName(doc.adapter);
  const notes = [
    doc.adapter.isSoftware ? 'software adapter: these are a CPU’s numbers' : '',
    doc.adapter.isFallbackAdapter ? 'fallback adapter' : '',
  ].filter((s) => s !== '');
  const out = [
    `**${e(doc.tool.name)} ${e(doc.tool.version)}** · ${e(doc.plan)} plan · ${e(doc.createdAt)}`,
    '',
    `- Adapter: ${e(adapter)}${notes.length > 0 ? ` (${e(notes.join('; '))})` : ''}`,
    `- Timing: ${e(doc.timing)}`,
    `- Runtime: ${e(doc.runtime.kind)}, ${e(doc.runtime.description)}`,
  ];
  if (doc.incomplete !== undefined) out.push(`- Incomplete run: ${e(doc.incomplete)}`);
  if (doc.settings !== undefined) {
    out.push(`- Not comparable: non-default settings ${e(settingsQuery(doc.settings))}`);
  }
  out.push('', line(HEAD), line(HEAD.map((_, i) => (i >= 4 && i <= 7 ? '---:' : '---'))));
  for (const row of doc.results) out.push(line(cells(row)));
  return `${out.join('\n')}\n`;
}
