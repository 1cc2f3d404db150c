// Step times from the predictor: the same Estimator that draws the ITL-vs-batch curve (spec mode:
// datasheet + engine profile; measured mode: this GPU's kernels). Nothing is recomputed here;
// the estimator's answers are tabulated so a 10,000-request run does not call it per step.
//
// Decode: Estimator.decode(batch, context) takes the context per sequence; a batch holding C
// tokens in all is asked at C / batch (both the KV bytes and the attention FLOPs are linear in
// context, so this is exact). Per batch size, the answer is tabulated at per-sequence contexts
// 0, 64, 128, … 2²⁰ and interpolated linearly: exact in measured mode (linear in context) and
// within one grid step of the kink where a spec-mode pass turns compute-bound.
// Prefill: memoised per token count (the attention term is quadratic, so no interpolation). A pass
// over several prompts is timed as one prompt of their total length, so attention across prompt
// boundaries is counted that a real engine skips: about 12 % extra for 16 prompts of 512 tokens
// on Llama 3 8B, nothing for one prompt. A chunk is timed as a fresh prompt of its length
// (its attention over earlier chunks is left out).

import type { Estimator } from '../predict/predictor';
import type { RangeEnd, StepTimes } from './step-times';

export type { RangeEnd };

export interface EstimatorStepTimesOptions {
  end?: RangeEnd;
  /** Per-step ms outside the forward pass (scheduler, sampling, HTTP); default 0. */
  stepOverheadMs?: number;
}

const CONTEXT_GRID: readonly number[] = [0, ...Array.from({ length: 15 }, (_, i) => 64 * 2 ** i)];

function interpolate(grid: readonly number[], values: readonly number[], x: number): number {
  let i = 1;
  while (i < grid.length - 1 && (grid[i] ?? 0) < x) i++;
  const x0 = grid[i - 1] ?? 0;
  const x1 = grid[i] ?? 1;
  const y0 = values[i - 1] ?? 0;
  const y1 = values[i] ?? 0;
  return y0 + ((y1 - y0) * (x - x0)) / (x1 - x0);
}

export function stepTimesFromEstimator(
  est: Estimator,
  opts: EstimatorStepTimesOptions = {},
): StepTimes {
  const end = opts.end ?? 'expected';
  const decodeTables = new Map<number, number[]>();
  const prefillMemo = new Map<number, number>();
  const table = (batch: number): number[] => {
    let t = decodeTables.get(batch);
    if (t === undefined) {
      t = CONTEXT_GRID.map((c) => est.decode(batch, c).ms[end]);
      decodeTables.set(batch, t);
    }
    return t;
  };
  return {
    decodeMs(batch, contextTokens) {
      return interpolate(CONTEXT_GRID, table(batch), contextTokens / batch);
    },
    prefillMs(tokens) {
      let ms = prefillMemo.get(tokens);
      if (ms === undefined) {
        ms = est.prefill(tokens).ms[end];
        prefillMemo.set(tokens, ms);
      }
      return ms;
    },
    stepOverheadMs: opts.stepOverheadMs ?? 0,
    source: { kind: 'estimator', mode: est.mode, gpu: est.gpu, engine: est.engine?.id, end },
  };
}
