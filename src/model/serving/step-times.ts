// How long one scheduler step takes. The simulator asks only these three things; where the
// numbers come from (the predictor in spec or measured mode, or fixed values in tests) is the
// adapter's business (from-estimator.ts).

import type { EngineId } from '../engines/ids';
import type { Range } from '../predict/range';

/** Which end of the predictor's range to run: expected, optimistic (low) or pessimistic (high). */
export type RangeEnd = keyof Range;

/** Where a run's step times come from. */
export type StepTimesSource =
  | { kind: 'fixed' }
  | {
      kind: 'estimator';
      mode: 'spec' | 'measured';
      /** The GPU's id (spec mode) or the adapter's name (measured mode), as the estimator gives it. */
      gpu: string;
      /** Spec mode: the engine profile the step times stand for. */
      engine: EngineId | undefined;
      end: RangeEnd;
    };

export interface StepTimes {
  /** ms for one decode step of `batch` sequences holding `contextTokens` cached tokens in all. */
  decodeMs(batch: number, contextTokens: number): number;
  /** ms for one forward pass over `tokens` prompt tokens (one prompt, several, or a chunk). */
  prefillMs(tokens: number): number;
  /** ms added to every step: scheduling, sampling, host round trips. */
  stepOverheadMs: number;
  /** Where the times come from, for the results. */
  source: StepTimesSource;
}

/**
 * A step that runs decodes and prefill tokens in one fused pass (chunked prefill). The weights
 * are read once for both, so the pass costs the larger of the two parts, not their sum: decode
 * is bound by bytes, prefill by FLOPs, and a roofline pass costs max(bytes/BW, FLOPs/compute).
 * This slightly flatters the step where both parts are near the ridge.
 */
export function fusedStepMs(
  times: StepTimes,
  decodeBatch: number,
  decodeContextTokens: number,
  prefillTokens: number,
): number {
  const d = decodeBatch > 0 ? times.decodeMs(decodeBatch, decodeContextTokens) : 0;
  const p = prefillTokens > 0 ? times.prefillMs(prefillTokens) : 0;
  return Math.max(d, p) + times.stepOverheadMs;
}

export interface FixedStepTimesOptions {
  /** Decode step, ms, whatever the batch (a GPU with spare bandwidth: the batch rides free). */
  decodeMs: number;
  /** Extra decode ms per sequence in the batch (default 0). */
  decodeMsPerSequence?: number;
  /** Extra decode ms per cached context token (default 0). */
  decodeMsPerContextToken?: number;
  /** Prefill ms per prompt token (default 0). */
  prefillMsPerToken?: number;
  /** Fixed ms per prefill pass (default 0). */
  prefillFixedMs?: number;
  stepOverheadMs?: number;
}

/** Step times from fixed numbers: for tests, for queueing theory, and for "what if" settings. */
export function fixedStepTimes(o: FixedStepTimesOptions): StepTimes {
  const perSeq = o.decodeMsPerSequence ?? 0;
  const perCtx = o.decodeMsPerContextToken ?? 0;
  const perTok = o.prefillMsPerToken ?? 0;
  const fixed = o.prefillFixedMs ?? 0;
  return {
    decodeMs: (batch, ctx) => o.decodeMs + perSeq * batch + perCtx * ctx,
    prefillMs: (tokens) => fixed + perTok * tokens,
    stepOverheadMs: o.stepOverheadMs ?? 0,
    source: { kind: 'fixed' },
  };
}
