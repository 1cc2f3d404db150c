// What this machine's host costs, learnt from the document's own whole-model decode runs (issue 34,
// part 3): a browser's submits, its read-backs and its per-dispatch overhead are not the kernels'
// time and differ from one browser and driver to the next, so a constant borrowed from elsewhere
// misses them. Where the document holds verified decode runs, measured mode takes the cost of one
// small dispatch from their probe and adds, per layer, what their measured tokens took beyond
// measured mode's own prediction for the same run (the same estimator, without this term). Pure:
// the prediction of each run comes in as a function.

import type { DecodeRun, ResultsDocument } from '../../core/results';
import { median } from '../median';

/** The host cost measured here, and the runs it comes from. */
export interface MeasuredHostCost {
  /** One small dispatch, ms: the median of the runs' dispatch probes. */
  dispatchMs: number;
  /**
   * Per layer, ms: the median over runs of (measured ms/token − predicted ms/token) ÷ layers run,
   * at least 0 (a run faster than predicted teaches no negative host cost).
   */
  layerMs: number;
  /** The runs it rests on, and their models (catalogue ids). */
  runs: number;
  models: string[];
}

/** A decode run with what the host-cost term needs: verified, timed, its probe measured. */
export type TimedDecodeRun = DecodeRun & { medianMs: number; dispatchMs: number };

export function timedDecodeRuns(doc: ResultsDocument): TimedDecodeRun[] {
  return (doc.decode ?? []).filter(
    (r): r is TimedDecodeRun =>
      r.verified &&
      r.layers > 0 &&
      r.medianMs !== undefined &&
      Number.isFinite(r.medianMs) &&
      r.dispatchMs !== undefined &&
      Number.isFinite(r.dispatchMs),
  );
}

/**
 * The host cost from the document's timed decode runs; `predictMs` gives measured mode's ms/token
 * for a run without the host term (undefined where it cannot: a model not in the catalogue, rows
 * missing). Undefined where no run can be used.
 */
export function measuredHostCost(
  doc: ResultsDocument,
  predictMs: (run: TimedDecodeRun) => number | undefined,
): MeasuredHostCost | undefined {
  const used: { run: TimedDecodeRun; layerMs: number }[] = [];
  for (const run of timedDecodeRuns(doc)) {
    const predicted = predictMs(run);
    if (predicted === undefined || !Number.isFinite(predicted)) continue;
    used.push({ run, layerMs: (run.medianMs - predicted) / run.layers });
  }
  if (used.length === 0) return undefined;
  return {
    dispatchMs: median(used.map((u) => u.run.dispatchMs)),
    layerMs: Math.max(0, median(used.map((u) => u.layerMs))),
    runs: used.length,
    models: [...new Set(used.map((u) => u.run.model))],
  };
}
