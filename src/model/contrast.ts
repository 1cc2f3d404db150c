// The A100 contrast: the A100 in spec mode, the A100 bandwidth floor and the chapter's reported
// numbers, set beside a prediction for the user's GPU, with the gap between them explained.

import type { WeightFormat } from '../core/formats';
import {
  CHAPTER_A100_8B_ITL_BY_PRECISION,
  CHAPTER_A100_LLAMA3_8B_FP16,
  CHAPTER_SOURCE,
  type ChapterRange,
  type ChapterScenario,
} from './chapter';
import { getGpu } from './gpus';
import type { ModelConfig } from './llm';
import { type Prediction, type PredictOptions, predictSpec } from './predictor';
import { PROFILES } from './profiles';

export interface ChapterNumbers {
  /** Labelled as the chapter's, shown exactly as it gives them. */
  label: string;
  source: string;
  itlMs: ChapterRange;
  scenario?: ChapterScenario;
}

export interface A100Contrast {
  a100: Prediction;
  a100FloorMsPerToken: number;
  chapter: ChapterNumbers | undefined;
  explanation: string | undefined;
}

/** The chapter's A100 numbers for this model, format and batch, where it gives any. */
export function chapterNumbers(
  model: ModelConfig,
  format: WeightFormat,
  batch = 1,
): ChapterNumbers | undefined {
  if (model.id !== 'llama-3-8b') return undefined;
  const label = 'reported by the chapter (Llama 3 8B, A100-80G, vLLM-class stack)';
  const scenario = CHAPTER_A100_LLAMA3_8B_FP16.scenarios.find((s) => s.batch === batch);
  if (format.id === 'fp16' && scenario !== undefined) {
    return { label, source: CHAPTER_SOURCE.url, itlMs: scenario.itlMs, scenario };
  }
  if (batch !== 1) return undefined;
  const byPrecision = CHAPTER_A100_8B_ITL_BY_PRECISION.find((p) => p.weights.startsWith(format.id));
  return byPrecision === undefined
    ? undefined
    : { label, source: CHAPTER_SOURCE.url, itlMs: byPrecision.itlMs };
}

/** How far the chapter's ITL sits above the bandwidth floor: as multiples, and as % of peak. */
export function gapFacts(chapterItl: ChapterRange, floorMs: number) {
  return {
    timesLow: chapterItl.min / floorMs,
    timesHigh: chapterItl.max / floorMs,
    peakLow: (floorMs / chapterItl.max) * 100,
    peakHigh: (floorMs / chapterItl.min) * 100,
  };
}

/** One sentence on why the chapter's ITL and the bandwidth floor differ. */
export function explainGap(chapterItl: ChapterRange, floorMs: number, specMs: number): string {
  const g = gapFacts(chapterItl, floorMs);
  return (
    `The chapter's ${chapterItl.min}–${chapterItl.max} ms/token is ${g.timesLow.toFixed(1)}–${g.timesHigh.toFixed(1)}× the ` +
    `${floorMs.toFixed(1)} ms it takes to read the weights once at the datasheet bandwidth, i.e. ${g.peakLow.toFixed(0)}–${g.peakHigh.toFixed(0)} % of peak: ` +
    `it describes a whole serving stack (scheduler, sampling, HTTP, framework overhead) rather than the kernels, ` +
    `which is why a tuned native engine is predicted near ${specMs.toFixed(1)} ms; both are shown.`
  );
}

/** The A100 side of the contrast for this model and format (the user's side is their prediction). */
export function a100Contrast(
  model: ModelConfig,
  format: WeightFormat,
  opts: PredictOptions = {},
): A100Contrast {
  const a100 = predictSpec(getGpu('a100-80g-sxm'), PROFILES.native, model, format, opts);
  const floor = a100.decode.floorMsPerToken;
  const chapter = chapterNumbers(model, format, a100.batch);
  const explanation =
    chapter !== undefined && chapter.itlMs.min > a100.decode.msPerToken.high
      ? explainGap(chapter.itlMs, floor, a100.decode.msPerToken.expected)
      : undefined;
  return { a100, a100FloorMsPerToken: floor, chapter, explanation };
}
