// The A100 contrast: the A100 in spec mode, the A100 bandwidth floor and the chapter's reported
// numbers, set beside a prediction for the user's GPU, with the gap between them measured (the
// page and the CLI say in words why it is there).

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

/** The chapter's numbers: labelled as the chapter's by their readers, shown exactly as it gives them. */
export interface ChapterNumbers {
  source: string;
  itlMs: ChapterRange;
  scenario?: ChapterScenario;
}

export interface A100Contrast {
  a100: Prediction;
  a100FloorMsPerToken: number;
  chapter: ChapterNumbers | undefined;
  /**
   * How far the chapter's ITL sits above the A100's bandwidth floor, where it is above even the
   * high end of the A100 prediction (the chapter times a whole serving stack); else undefined.
   */
  gap: GapFacts | undefined;
}

/** The chapter's ITL against the bandwidth floor: as multiples, and as % of peak bandwidth. */
export interface GapFacts {
  timesLow: number;
  timesHigh: number;
  peakLow: number;
  peakHigh: number;
}

/** The chapter's A100 numbers for this model, format and batch, where it gives any. */
export function chapterNumbers(
  model: ModelConfig,
  format: WeightFormat,
  batch = 1,
): ChapterNumbers | undefined {
  if (model.id !== 'llama-3-8b') return undefined;
  const scenario = CHAPTER_A100_LLAMA3_8B_FP16.scenarios.find((s) => s.batch === batch);
  if (format.id === 'fp16' && scenario !== undefined) {
    return { source: CHAPTER_SOURCE.url, itlMs: scenario.itlMs, scenario };
  }
  if (batch !== 1) return undefined;
  const byPrecision = CHAPTER_A100_8B_ITL_BY_PRECISION.find((p) => p.weights.startsWith(format.id));
  return byPrecision === undefined
    ? undefined
    : { source: CHAPTER_SOURCE.url, itlMs: byPrecision.itlMs };
}

/** How far the chapter's ITL sits above the bandwidth floor: as multiples, and as % of peak. */
export function gapFacts(chapterItl: ChapterRange, floorMs: number): GapFacts {
  return {
    timesLow: chapterItl.min / floorMs,
    timesHigh: chapterItl.max / floorMs,
    peakLow: (floorMs / chapterItl.max) * 100,
    peakHigh: (floorMs / chapterItl.min) * 100,
  };
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
  const gap =
    chapter !== undefined && chapter.itlMs.min > a100.decode.msPerToken.high
      ? gapFacts(chapter.itlMs, floor)
      : undefined;
  return { a100, a100FloorMsPerToken: floor, chapter, gap };
}
