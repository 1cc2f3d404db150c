// The measured-mode prediction set beside a whole-model decode run: from the run's own kernel
// rows and what its decoder was measured to cost (one small dispatch, the dispatches around the
// matrices), the ms/token, TTFT and floor the predictor expects for the same model (the layers
// run, and all of them), format and context. Pure: the run's figures come in as numbers.

import { type FormatId, WEIGHT_FORMATS } from '../../core/formats';
import type { DecodeRun, ResultsDocument } from '../../core/results';
import type { ModelConfig } from '../llm/models';
import {
  atMinimums,
  type DecoderCosts,
  InsufficientResultsError,
  measuredEstimator,
} from '../predict/measured-estimator';
import type { Estimator } from '../predict/predictor';

/** What the run ran: its format, its cache's bytes per value, its prompt and its mean context. */
export interface DecodeSetting {
  format: FormatId;
  /** Bytes per cached value (scales included). */
  kvBytesPerElement: number;
  promptTokens: number;
  /** The context a timed token saw on average. */
  meanContext: number;
}

/** What the run timed: its median and fastest token, and its fastest small dispatch. */
export interface DecodeTimes {
  medianMs: number;
  minMs: number;
  minDispatchMs: number;
}

/** The prediction fields of a run: both predictions, on medians and then on minimums. */
export function decodePredictions(
  doc: ResultsDocument,
  model: ModelConfig,
  layers: number,
  setting: DecodeSetting,
  costs: DecoderCosts,
  times: DecodeTimes,
): Partial<DecodeRun> {
  return {
    ...predict(doc, model, layers, setting, costs, times.medianMs),
    ...predictAtMinimums(
      doc,
      model,
      layers,
      setting,
      { ...costs, dispatchMs: times.minDispatchMs },
      times.minMs,
    ),
  };
}

/**
 * The SiLU·mul width one token runs through in a layer: the dense MLP's, or its k experts' and
 * the shared MLP's (a mixture-of-experts model's first layer decides).
 */
export function activeFfn(model: ModelConfig): number {
  const moe = model.moe;
  if (moe === undefined || moe.denseLayers.includes(0)) return model.intermediateSize;
  return (
    moe.expertsPerToken * moe.expertIntermediateSize +
    moe.sharedExperts * moe.sharedIntermediateSize
  );
}

/** The measured-mode estimator for this model from `doc`'s rows; null where they cannot. */
function estimatorFrom(
  doc: ResultsDocument,
  model: ModelConfig,
  setting: DecodeSetting,
  engine: DecoderCosts,
): Estimator | null {
  try {
    const format = WEIGHT_FORMATS[setting.format];
    return measuredEstimator(doc, model, format, setting.kvBytesPerElement, engine);
  } catch (e) {
    if (e instanceof InsufficientResultsError) return null;
    throw e;
  }
}

/**
 * The measured-mode prediction for the same model (k layers, and all N), format and context,
 * from the document's rows; nothing where they cannot make one (no read or FMA rows).
 */
function predict(
  doc: ResultsDocument,
  model: ModelConfig,
  layers: number,
  setting: DecodeSetting,
  engine: DecoderCosts,
  medianMs: number,
): Partial<DecodeRun> {
  const k = estimatorFrom(doc, { ...model, layers }, setting, engine);
  const n = estimatorFrom(doc, model, setting, engine);
  if (k === null || n === null) return {};
  const context = setting.meanContext;
  const predicted = k.decode(1, context).ms.expected;
  return {
    predictedMs: predicted,
    predictedScaledMs: n.decode(1, context).ms.expected,
    predictedTtftMs: k.prefill(setting.promptTokens).ms.expected,
    ratio: medianMs / predicted,
    floorMs: k.floorMs(1, context),
  };
}

/**
 * The same prediction on minimums (the rows' fastest samples, the probe's fastest) beside the
 * fastest timed token: like for like, and steadier than medians on a loaded machine.
 */
function predictAtMinimums(
  doc: ResultsDocument,
  model: ModelConfig,
  layers: number,
  setting: DecodeSetting,
  engine: DecoderCosts,
  minMs: number,
): Partial<DecodeRun> {
  const k = estimatorFrom(atMinimums(doc), { ...model, layers }, setting, engine);
  if (k === null) return {};
  const predicted = k.decode(1, setting.meanContext).ms.expected;
  return { minMs, predictedMinMs: predicted, minRatio: minMs / predicted };
}
