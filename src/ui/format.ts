// Ranges and verdicts as DOM nodes for the page (numbers from src/model/text, shared with the CLI).

import type { Range } from '../model/range';
import { num } from '../model/text';
import type { Verdict } from '../model/verdicts';
import { make } from './dom';

/** "13.6" over "8.75–18.9 ms": the expected value, then the range, as two spans. */
export function rangeNodes(r: Range, unit = ''): Node[] {
  return [
    make('span', `${num(r.expected)}${unit}`, 'exp'),
    make('span', `${num(r.low)}–${num(r.high)}`, 'rng'),
  ];
}

/** A duration range in ms, or in s when the expected value is 10 s or more. */
export function durationNodes(r: Range): Node[] {
  if (r.expected < 10_000) return rangeNodes(r, ' ms');
  const s = (v: number) => v / 1000;
  return rangeNodes({ expected: s(r.expected), low: s(r.low), high: s(r.high) }, ' s');
}

const VERDICT_TEXT: Record<Verdict, string> = {
  meets: '✓ meets',
  borderline: '~ borderline',
  misses: '✗ misses',
};

/** A verdict as a symbol and a word (never colour alone). */
export function verdictNode(v: Verdict): HTMLSpanElement {
  return make('span', VERDICT_TEXT[v], `verdict ${v}`);
}

/** Bytes in GB (1e9), as datasheets state memory. */
export const gbText = (bytes: number): string => `${num(bytes / 1e9)} GB`;
