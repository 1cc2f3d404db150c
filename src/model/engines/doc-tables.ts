// The grouped validation's figures as the README and docs/PREDICTING.md show them: one Markdown
// table, written between markers by `npm run calibrate -- --write` and checked against a fresh
// report by a unit test, so the documents show what `npm run calibrate` prints.

import { CATEGORY_LABEL, fix, pct, type ReportLine } from './cross-validation';
import { DOC_GROUPINGS, type DocGrouping } from './groups';
import type { EngineClass } from './ids';

/** The documents that show the table, from the repository's root. */
export const CATEGORY_DOCS = ['README.md', 'docs/PREDICTING.md'] as const;

const GROUPING_WORDS: Readonly<Record<DocGrouping, string>> = {
  'source+family': 'source and GPU family',
  source: 'source',
  family: 'GPU family',
};

function cells(grouping: DocGrouping, cls: EngineClass, l: ReportLine) {
  const words = GROUPING_WORDS[grouping];
  const category = `${l.metric === 'decode' ? 'decode' : 'TTFT'}, ${cls} engines`;
  const stated = l.n - l.notEnoughData;
  const n =
    l.n === 0
      ? `0 (${l.noFit} cannot be fitted without their ${words})`
      : l.notEnoughData > 0
        ? `${l.n} (${l.notEnoughData} "not enough data")`
        : String(l.n);
  // Coverage, MAPE and width are NaN where no range is stated: '—'.
  const inside =
    l.notEnoughData > 0 && stated > 0 ? `${pct(l.coverage)} of ${stated}` : pct(l.coverage);
  return [words, category, n, pct(l.mape), inside, fix(l.width, 2)];
}

/** The categories (native / browser × decode / TTFT) held out each way DOC_GROUPINGS names. */
export function categoryTable(
  reports: Readonly<Record<DocGrouping, readonly ReportLine[]>>,
): string {
  const head = ['held out by', 'category', 'n', 'MAPE', 'inside [low, high] (90 % stated)'];
  head.push('median high ÷ low');
  const rows = DOC_GROUPINGS.flatMap((g) =>
    (['native', 'browser'] as const).flatMap((cls) =>
      (['decode', 'ttft'] as const).map((metric) => {
        const l = reports[g].find(
          (x) => x.label === CATEGORY_LABEL[cls] && x.vendor === 'all' && x.metric === metric,
        );
        if (l === undefined) throw new Error(`no report line for ${cls} ${metric} by ${g}`);
        return cells(g, cls, l);
      }),
    ),
  );
  const line = (c: readonly string[]) => `| ${c.join(' | ')} |`;
  return [line(head), line(head.map(() => '---')), ...rows.map(line)].join('\n');
}

const START = (name: string) => `<!-- calibrate:${name} -->`;
const END = (name: string) => `<!-- /calibrate:${name} -->`;

function bounds(text: string, name: string): { from: number; to: number } {
  const from = text.indexOf(START(name));
  const to = text.indexOf(END(name));
  if (from < 0 || to < from) {
    throw new Error(`no "${START(name)}" … "${END(name)}" block in the document`);
  }
  return { from: from + START(name).length, to };
}

/** The text between a document's markers for `name`. */
export function docBlock(text: string, name: string): string {
  const { from, to } = bounds(text, name);
  return text.slice(from, to).trim();
}

/** The document with `content` between its markers for `name`. */
export function withDocBlock(text: string, name: string, content: string): string {
  const { from, to } = bounds(text, name);
  return `${text.slice(0, from)}\n\n${content}\n\n${text.slice(to)}`;
}

/** A Markdown table with its cells' padding and the separator row's dashes ignored. */
export function normalizedTable(table: string): string {
  return table
    .trim()
    .split('\n')
    .map((row) =>
      row
        .split('|')
        .map((c) => c.trim().replace(/^-+$/, '---'))
        .join('|'),
    )
    .join('\n');
}
