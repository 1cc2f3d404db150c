// The A100 contrast: the A100 in spec mode (the generic native engine; as many A100s in tensor
// parallel as the chapter uses, or as the model needs), the A100 bandwidth floor and the chapter's
// reported numbers, set beside a prediction for the user's GPU, with the gap between them measured
// (the page and the CLI say in words why it is there).

import type { WeightFormat } from '../../core/formats';
import { getGpu } from '../hardware/gpus';
import type { ModelConfig } from '../llm/models';
import { fits, memoryNeed } from './capacity';
import {
  CHAPTER_A100_8B_ITL_BY_PRECISION,
  CHAPTER_A100_LLAMA3_8B_FP16,
  CHAPTER_A100X8_LLAMA_70B,
  CHAPTER_SOURCE,
  type ChapterRange,
  type ChapterScenario,
} from './chapter';
import { formatLayout } from './format-layout';
import type { Prediction, PredictOptions } from './predictor';
import { predictSpec } from './spec-estimator';

/** The A100 the contrast is drawn with, and the engine it is predicted for. */
export const CONTRAST_GPU = 'a100-80g-sxm';
export const CONTRAST_ENGINE = 'native';
/** The chapter's 70B example runs on eight A100s in tensor parallel. */
export const CHAPTER_70B_TP = 8;

/** The chapter's numbers: labelled as the chapter's by their readers, shown exactly as it gives them. */
export interface ChapterNumbers {
  source: string;
  itlMs: ChapterRange;
  scenario?: ChapterScenario;
  /** The chapter's model and GPU count: 'llama-3-8b' on one A100, or 'llama-3-70b' on 8 (TP). */
  model: 'llama-3-8b' | 'llama-3-70b';
  tp: number;
}

export interface A100Contrast {
  /** The A100 side, at `a100.tp` GPUs. */
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
  const source = CHAPTER_SOURCE.url;
  if (model.id === 'llama-3-70b') {
    // Example 3 (70B, TP = 8, single user) states no format; it is set beside FP16, the format a
    // vLLM-class stack serves by default.
    return format.id === 'fp16' && batch === 1
      ? { source, itlMs: CHAPTER_A100X8_LLAMA_70B.itlBatch1Ms, model: model.id, tp: CHAPTER_70B_TP }
      : undefined;
  }
  if (model.id !== 'llama-3-8b') return undefined;
  const one = { source, model: model.id, tp: 1 } as const;
  const scenario = CHAPTER_A100_LLAMA3_8B_FP16.scenarios.find((s) => s.batch === batch);
  if (format.id === 'fp16' && scenario !== undefined) {
    return { ...one, itlMs: scenario.itlMs, scenario };
  }
  if (batch !== 1) return undefined;
  const byPrecision = CHAPTER_A100_8B_ITL_BY_PRECISION.find((p) => p.weights.startsWith(format.id));
  return byPrecision === undefined ? undefined : { ...one, itlMs: byPrecision.itlMs };
}

/**
 * How many A100s the contrast uses: the chapter's 8 for Llama-3-70B, else the fewest (1, 2, 4, 8)
 * that hold the model at the prompt + output, else 8.
 */
export function contrastTp(model: ModelConfig, format: WeightFormat, opts: PredictOptions): number {
  if (model.id === 'llama-3-70b') return CHAPTER_70B_TP;
  const layout = formatLayout(model, format, CONTRAST_ENGINE);
  const context = (opts.promptTokens ?? 512) + (opts.outputTokens ?? 256);
  const memory = getGpu(CONTRAST_GPU).memoryGB;
  const sizes = [1, 2, 4, 8].filter((tp) => model.attentionHeads % tp === 0);
  const need = (tp: number) => memoryNeed(model, layout, { context, batch: opts.batch ?? 1, tp });
  return sizes.find((tp) => fits(need(tp), memory)) ?? sizes.at(-1) ?? 1;
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
  const tp = contrastTp(model, format, opts);
  const a100 = predictSpec(getGpu(CONTRAST_GPU), CONTRAST_ENGINE, model, format, { ...opts, tp });
  const floor = a100.decode.floorMsPerToken;
  const chapter = chapterNumbers(model, format, a100.batch);
  const gap =
    chapter !== undefined && chapter.itlMs.min > a100.decode.msPerToken.high
      ? gapFacts(chapter.itlMs, floor)
      : undefined;
  return { a100, a100FloorMsPerToken: floor, chapter, gap };
}
