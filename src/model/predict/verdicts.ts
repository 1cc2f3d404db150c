// Verdicts of a prediction against the chapter's SLA tables and perception thresholds.
// A range is judged by its ends: 'meets' when even the high end is under the threshold,
// 'misses' when even the low end is over it, 'borderline' otherwise. The high end stands in for
// a P95, which a prediction cannot know.

import { PERCEPTION, SLAS, type Sla } from './chapter';
import type { Range } from './range';

export type Verdict = 'meets' | 'borderline' | 'misses';

export function judge(value: Range, limit: number | undefined): Verdict {
  if (limit === undefined || value.high < limit) return 'meets';
  if (value.low >= limit) return 'misses';
  return 'borderline';
}

export interface SlaVerdict {
  sla: Sla;
  ttft: Verdict;
  itl: Verdict;
  overall: Verdict;
}

const worst = (a: Verdict, b: Verdict): Verdict =>
  a === 'misses' || b === 'misses'
    ? 'misses'
    : a === 'borderline' || b === 'borderline'
      ? 'borderline'
      : 'meets';

export function slaVerdicts(
  ttftMs: Range,
  itlMs: Range,
  slas: readonly Sla[] = SLAS,
): SlaVerdict[] {
  return slas.map((sla) => {
    const ttft = judge(ttftMs, sla.ttftP95Ms);
    const itl = judge(itlMs, sla.itlP95Ms);
    return { sla, ttft, itl, overall: worst(ttft, itl) };
  });
}

/** How a streamed ITL feels against reading speed (worded by the page and the CLI). */
export type Feel = 'faster-than-reading' | 'reading-speed' | 'slower-than-reading' | 'stutters';

/** How a streamed ITL feels, by the chapter's thresholds (expected value). */
export function itlFeel(itlMs: number): Feel {
  if (itlMs > PERCEPTION.stutterItlMs) return 'stutters';
  if (itlMs > PERCEPTION.readingSpeedItlMs * 1.25) return 'slower-than-reading';
  if (itlMs >= PERCEPTION.readingSpeedItlMs * 0.75) return 'reading-speed';
  return 'faster-than-reading';
}

export const firstTokenFeelsFast = (ttftMs: number): boolean =>
  ttftMs <= PERCEPTION.fastFirstTokenMs;
