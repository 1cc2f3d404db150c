// Results as a Markdown table that pastes well into a GitHub issue: a few lines on the run,
// then one table row per result. Numbers carry 3 significant digits (2 when the row is noisy:
// no more than the noise supports); a failed row shows its error instead of numbers. Every
// string from the document is escaped, so nothing in it becomes markup, a link or HTML.

import { adapterName } from '../core/adapter-name';
import { describeShape } from '../core/describe';
import { PLAIN_NUMBERS } from '../core/numbers';
import type { ResultsDocument } from '../core/results';
import { settingsQuery } from '../core/settings';
import { decodeMarkdown } from './markdown-decode';
import {
  type CellWords,
  cellText,
  column,
  isNumeric,
  MARKDOWN_COLUMNS,
  type RowStatus,
} from './result-columns';

/** One line of plain text, with Markdown/HTML punctuation backslash-escaped (`|` included). */
export function escapeMarkdown(text: string): string {
  return text.replace(/\s*[\r\n]+\s*/g, ' ').replace(/[\\`*_[\]<>|~&#!]/g, '\\$&');
}

const SHOWN = MARKDOWN_COLUMNS.map(column);

function statusWords(status: RowStatus): string {
  if (status.code === 'failed') return `FAILED: ${status.error ?? 'not verified'}`;
  return status.code === 'noisy'
    ? `verified, noisy (spread ${Math.round(status.spread * 100)} %)`
    : 'verified';
}

/** Markdown's words for each kind of cell (unescaped): 3 significant digits, 2 when noisy. */
const MARKDOWN_CELLS: CellWords = {
  shape: describeShape,
  ms: (v, row) => PLAIN_NUMBERS.significant(v, row.noisy ? 2 : 3),
  number: (v, _decimals, row) => PLAIN_NUMBERS.significant(v, row.noisy ? 2 : 3),
  percent: (share) => `${Math.round(share * 100)} %`,
  status: statusWords,
};

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
  out.push(
    '',
    line(SHOWN.map((c) => e(c.header))),
    line(SHOWN.map((c) => (isNumeric(c.kind) ? '---:' : '---'))),
  );
  for (const row of doc.results)
    out.push(line(SHOWN.map((c) => e(cellText(c, row, MARKDOWN_CELLS)))));
  out.push(...decodeMarkdown(doc, e));
  return `${out.join('\n')}\n`;
}
