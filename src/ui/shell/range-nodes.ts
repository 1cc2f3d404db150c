// Ranges and verdicts as DOM nodes for the page, in the page's language and number format.

import { describeShape } from '../../core/describe';
import type { ResultRow } from '../../core/results';
import type { Range } from '../../model/predict/range';
import type { Verdict } from '../../model/predict/verdicts';
import { t } from '../i18n';
import { fmt, fmtAsGiven, fmtBytes, fmtFixed, fmtInt } from '../i18n/numbers';
import { make } from './dom';

/** "13.6" over "8.75–18.9 ms": the expected value, then the range, as two spans. */
export function rangeNodes(r: Range, unit = ''): Node[] {
  return [
    make('span', `${fmt(r.expected)}${unit}`, 'exp'),
    make('span', `${fmt(r.low)}–${fmt(r.high)}`, 'rng'),
  ];
}

/**
 * A range that is not stated (wider than the predictor allows: "not enough data"): the expected
 * value, then the words in place of the low–high span.
 */
function unstatedNodes(r: Range, unit: string): Node[] {
  return [
    make('span', `${fmt(r.expected)}${unit}`, 'exp'),
    make('span', t().common.notEnoughData, 'rng no-range'),
  ];
}

/** `rangeNodes`, or the expected value and "not enough data" where the range is not stated. */
export function statedRangeNodes(r: Range, stated: boolean, unit = ''): Node[] {
  return stated ? rangeNodes(r, unit) : unstatedNodes(r, unit);
}

/** A duration range in ms, or in s when the expected value is 10 s or more; words where not stated. */
export function durationNodes(r: Range, stated = true): Node[] {
  const c = t().common;
  const s = (v: number) => v / 1000;
  const [shown, unit] =
    r.expected < 10_000
      ? [r, ` ${c.ms}`]
      : [{ expected: s(r.expected), low: s(r.low), high: s(r.high) }, ` ${c.s}`];
  return statedRangeNodes(shown, stated, unit);
}

/** A verdict as a symbol and a word (never colour alone). */
export function verdictNode(v: Verdict): HTMLSpanElement {
  return make('span', t().common.verdict[v], `verdict ${v}`);
}

/** A range the chapter states ("22–30", or "23" when both ends agree), its figures as given. */
export const chapterRangeText = (r: { min: number; max: number }): string =>
  r.min === r.max ? fmtAsGiven(r.min) : `${fmtAsGiven(r.min)}–${fmtAsGiven(r.max)}`;

/** A result row's shape ("16 MiB", "m=1 n=4096 k=4096") in the page's language and number format. */
export const shapeText = (row: Pick<ResultRow, 'kernel' | 'shape'>): string =>
  describeShape(row, {
    bytes: fmtBytes,
    count: fmtInt,
    oneDecimal: (n) => fmtFixed(n, 1),
    ranOutOfMemory: (requested) => t().app.results.ranOutOfMemory({ requested }),
  });
