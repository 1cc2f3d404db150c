// Groups of calibration rows that cross-validation holds out together, because a user's case
// shares none of them with the fit:
// - source: the thread, repository or paper a row comes from. Rows of one source share a build,
//   its flags, a benchmark script and usually a machine, so leaving one of its rows out while the
//   others stay in the fit says little about a new source.
// - GPU family: a chip with its twins and variants (A100 PCIe and SXM, H100 PCIe / SXM / NVL and
//   H200, RTX 4090 and 4090 D, RTX 3090 and 3090 Ti, RX 7900 XT / XTX / GRE and the Radeon Pro
//   W7900, an Apple generation's Pro / Max / Ultra): one die or one design at other clocks,
//   memory sizes and form factors, whose rows predict each other far better than a new GPU.

import type { CalibrationRow } from './measurements/rows';

/**
 * The source a row comes from, as a key:
 * - a GitHub issue, pull request or discussion: `github.com/owner/repo#N` (the thread);
 * - any other GitHub address (a file, a tree, the repository): `github.com/owner/repo`;
 * - an arXiv paper: `arxiv:ID` (version dropped);
 * - any other address: its host and first path segment (`docs.nvidia.com/nim`);
 * - no address at all: the text itself, lower-cased with spaces collapsed.
 * The first address in the source field counts; notes after it ("(section …)") do not.
 */
export function sourceKeyOf(source: string): string {
  const url = /https?:\/\/[^\s)"',]+/i.exec(source)?.[0];
  if (url === undefined) return source.trim().toLowerCase().replace(/\s+/g, ' ');
  const { host, pathname } = new URL(url);
  const parts = pathname.split('/').filter((p) => p !== '');
  const h = host.toLowerCase().replace(/^www\./, '');
  if (h === 'github.com' && parts.length >= 2) {
    const repo = `github.com/${parts[0]}/${parts[1]}`.toLowerCase();
    const thread = /^(issues|pull|discussions)$/.test(parts[2] ?? '') ? parts[3] : undefined;
    return thread === undefined ? repo : `${repo}#${thread}`;
  }
  if (h === 'arxiv.org' && parts.length >= 2) {
    return `arxiv:${(parts[1] ?? '').replace(/v\d+$/, '').replace(/\.pdf$/, '')}`;
  }
  return parts[0] === undefined ? h : `${h}/${parts[0].toLowerCase()}`;
}

/** Chips that share a die (or a design) under other names: key → family. */
const TWINS: readonly [RegExp, string][] = [
  [/^(?:nvidia )?(?:h100|h200|h800|gh200)\b/, 'h100'],
  [/^(?:nvidia )?(?:a100|a800)\b/, 'a100'],
  [/^(?:amd )?(?:instinct )?mi3\d\dx?a?\b/, 'instinct mi300'],
  [/^(?:amd )?(?:instinct )?mi2\d\dx?\b/, 'instinct mi200'],
  [/^(?:amd )?(?:instinct )?mi(?:50|60)\b/, 'instinct mi50'],
  [/^(?:amd )?radeon pro w7900\b/, 'rx 7900'],
  [/^(?:amd )?ryzen ai max\+? \d+/, 'ryzen ai max'],
  [/^(?:intel )?arc ([ab])(\d)\d\d\b/, 'arc $1$2'],
  [/^intel core ultra \d 2\d\dv\b/, 'intel lunar lake'],
];

/** Words that name a variant of a chip, not another chip. */
const VARIANT_WORDS =
  /\b(?:\d+\s?gb|pcie|sxm\d?|nvl|laptop|mobile|max-q|ti|super|d|xtx|xt|gre|oem)\b/g;

/**
 * The GPU family of a row's chip (its gpuKey, rows.ts): a twin's shared name from TWINS, an Apple
 * generation's base chip alone and its Pro / Max / Ultra together ('apple m2 pro/max/ultra'),
 * else the name without memory size, form factor and tier suffix (Ti, Super, D, XT, XTX, GRE,
 * laptop): 'rtx 4090 d' and 'rtx 4090' → 'rtx 4090', 'a100 80gb sxm' → 'a100'.
 */
export function gpuFamilyOf(gpuKey: string): string {
  const key = gpuKey.trim().toLowerCase().replace(/\s+/g, ' ');
  for (const [pattern, family] of TWINS) {
    const m = pattern.exec(key);
    if (m !== null) return m[0].replace(pattern, family);
  }
  const apple = /^(?:apple )?(m\d+)(?: (pro|max|ultra))?\b/.exec(key);
  if (apple !== null) return `apple ${apple[1]}${apple[2] === undefined ? '' : ' pro/max/ultra'}`;
  // "4090D" written as one word is the 4090 D.
  const spaced = key.replace(/\b(\d{3,4})(d|ti)\b/g, '$1 $2');
  return spaced.replace(VARIANT_WORDS, '').replace(/\s+/g, ' ').trim();
}

/**
 * How cross-validation holds rows out: one GPU at a time (the optimistic figure earlier reports
 * gave), a whole source, a whole GPU family, or both at once (a row's source and its family).
 */
export type Grouping = 'gpu' | 'source' | 'family' | 'source+family';

/**
 * The groupings the report prints; HEADLINE_GROUPING's figures are the ones the page, the CLI and
 * the documents quote first.
 */
export const REPORT_GROUPINGS = ['gpu', 'source', 'family', 'source+family'] as const;
export type ReportGrouping = (typeof REPORT_GROUPINGS)[number];

/**
 * The groupings the documents and the page show, and the fitted file stores, the headline first;
 * one GPU out is the optimistic figure, printed by `npm run calibrate` only.
 */
export const DOC_GROUPINGS = [
  'source+family',
  'source',
  'family',
] as const satisfies readonly ReportGrouping[];
export type DocGrouping = (typeof DOC_GROUPINGS)[number];

/** Each row held out with its whole source and its whole GPU family: the honest headline. */
export const HEADLINE_GROUPING = 'source+family' satisfies ReportGrouping;

const sourceCache = new WeakMap<CalibrationRow, string>();
const familyCache = new WeakMap<CalibrationRow, string>();

export function rowSource(row: CalibrationRow): string {
  let key = sourceCache.get(row);
  if (key === undefined) {
    key = sourceKeyOf(row.source);
    sourceCache.set(row, key);
  }
  return key;
}

export function rowFamily(row: CalibrationRow): string {
  let key = familyCache.get(row);
  if (key === undefined) {
    key = gpuFamilyOf(row.gpuKey);
    familyCache.set(row, key);
  }
  return key;
}

/** One fold: the rows it predicts, and which rows the fit may keep. */
export interface Fold {
  test: CalibrationRow[];
  keep: (row: CalibrationRow) => boolean;
}

/**
 * The folds over `test` rows: one per GPU, source or family among them (with 'source+family', one
 * per pair, keeping only rows that share neither). `keep` applies to the whole row set the fit
 * sees, so that a held-out source leaves with its rows of every engine.
 */
export function folds(test: readonly CalibrationRow[], grouping: Grouping): Fold[] {
  const cell = (r: CalibrationRow): string => {
    if (grouping === 'gpu') return r.gpuKey;
    if (grouping === 'source') return rowSource(r);
    if (grouping === 'family') return rowFamily(r);
    return `${rowSource(r)}\u0000${rowFamily(r)}`;
  };
  const byCell = new Map<string, CalibrationRow[]>();
  for (const r of test) {
    const k = cell(r);
    const list = byCell.get(k);
    if (list === undefined) byCell.set(k, [r]);
    else list.push(r);
  }
  return [...byCell.values()].map((rows) => {
    const first = rows[0] as CalibrationRow;
    const source = rowSource(first);
    const family = rowFamily(first);
    const keep =
      grouping === 'gpu'
        ? (r: CalibrationRow) => r.gpuKey !== first.gpuKey
        : grouping === 'source'
          ? (r: CalibrationRow) => rowSource(r) !== source
          : grouping === 'family'
            ? (r: CalibrationRow) => rowFamily(r) !== family
            : (r: CalibrationRow) => rowSource(r) !== source && rowFamily(r) !== family;
    return { test: rows, keep };
  });
}
