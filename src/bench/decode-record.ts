// What a whole-model decode run records in the results document: its spec before it has times,
// why it was refused or failed (in the words a reader that shows the text prints), and once
// timed its figures (medians, the whole-model scaling, bytes per token, the decoder's costs)
// with the measured-mode prediction beside them (src/model/measured/decode-prediction.ts).

import type {
  DecodeApproximation,
  DecodeRefusal,
  DecodeRun,
  ResultsDocument,
} from '../core/results';
import { kvRowFormat } from '../kernels/decode/attention-case';
import type { DecodeModel } from '../kernels/decode/model';
import { attentionSplitSize, liveAttentionSplits } from '../kernels/decode/shape';
import type { ModelConfig } from '../model/llm/models';
import { activeFfn, decodePredictions } from '../model/measured/decode-prediction';
import type { DecoderCosts } from '../model/predict/measured-estimator';
import {
  bytesPerToken,
  type DecodeSpec,
  decoderBytes,
  kvBytesOf,
  kvOf,
  MiB,
  meanContext,
  specModel,
} from './decode-spec';
import { summarize } from './stats';

/**
 * Why the decoder (Llama layers: GQA attention, full or windowed; a SwiGLU MLP or a mixture of
 * experts) cannot run this model; null when it can.
 */
export function decodeRefusal(model: ModelConfig): DecodeRefusal | null {
  if (model.mla !== undefined) return 'mla';
  return null;
}

/** A refused run's `error` (readers word the code; this is for those that show the text). */
const REFUSAL_ERRORS: Record<DecodeRefusal, string> = {
  mla: 'Multi-head latent attention (DeepSeek) is not in the decoder yet; predictions for this model still work.',
  // Codes of documents written before the decoder ran these.
  moe: 'A mixture-of-experts model was not run by the decoder then.',
  'attention-layout': 'A mixed sliding-window/global layout was not run by the decoder then.',
};

/** A refused run: its code, and the sentence for readers that show the text. */
export const refusedRun = (base: DecodeRun, refused: DecodeRefusal): DecodeRun => ({
  ...base,
  refused,
  error: REFUSAL_ERRORS[refused],
});

/** Where the decoder's Llama block stands in for the model's own (same shapes, same bytes). */
export function blockApproximations(model: ModelConfig): DecodeApproximation[] {
  const type = model.modelType ?? '';
  if (type.startsWith('gemma')) return ['gemma-block'];
  if (type === 'gpt_oss') return ['gpt-oss-block'];
  return [];
}

/** What a run records of its spec before it has any times. */
export function runBase(spec: DecodeSpec, model: ModelConfig): DecodeRun {
  const moe = model.moe;
  const approximations = blockApproximations(model);
  return {
    model: model.id,
    format: spec.format,
    layers: 0,
    totalLayers: model.layers,
    context: spec.context,
    promptTokens: spec.promptTokens,
    tokens: spec.tokens,
    verified: false,
    ...(moe === undefined || model.mla !== undefined
      ? {}
      : {
          routing: 'uniform-random' as const,
          experts: moe.experts,
          expertsPerToken: moe.expertsPerToken,
          sharedExperts: moe.sharedExperts,
        }),
    ...(approximations.length === 0 ? {} : { approximations }),
  };
}

/** A run that stopped before it had times (cancelled, device lost). */
export function failedDecode(spec: DecodeSpec, error: string): DecodeRun {
  return { ...runBase(spec, specModel(spec)), error };
}

/** Why not even one layer fits the run's memory budget. */
export function oneLayerTooLarge(spec: DecodeSpec, model: ModelConfig): string {
  const need = decoderBytes(spec, model, 1);
  return `${model.name} at ${spec.format} needs ${Math.ceil(need / MiB)} MiB even with one layer (the LM head alone is most of it); the memory budget is ${Math.floor(spec.budgetBytes / MiB)} MiB. Raise the budget or pick a smaller model or format.`;
}

/** The tiny config's output differed from the CPU reference's. */
export const tinyMismatch = (detail: string | undefined): string =>
  `The tiny config did not match the CPU reference: ${detail}.`;

/** The real config's first layer differed from the CPU reference's. */
export const notVerified = (detail: string | undefined): string => `Not verified: ${detail}.`;

/** The timings of one decode run: TTFT, every token, the head alone and one small dispatch. */
export interface DecodeTimings {
  ttft: number[];
  perToken: number[];
  head: number[];
  probe: number[];
  stepDispatches: number;
  headDispatches: number;
}

/** The finished run from its timings: medians, the scaled whole-model figures, the predictions. */
export function timedRun(
  run: DecodeRun,
  doc: ResultsDocument,
  decoder: DecodeModel,
  spec: DecodeSpec,
  model: ModelConfig,
  layers: number,
  t: DecodeTimings,
): DecodeRun {
  const probeStats = summarize(t.probe);
  const stats = summarize(t.perToken);
  const headMs = summarize(t.head).median;
  const ttftMs = summarize(t.ttft).median;
  // A layer part below zero is noise (a busy machine): the layers then scale as nothing.
  const scale = (ms: number) => headMs + (model.layers / layers) * Math.max(0, ms - headMs);
  const costs = decoderCosts(decoder, spec, model, layers, t, probeStats.median);
  const kvBytesPerElement = kvBytesOf(spec, model);
  const setting = {
    format: spec.format,
    kvBytesPerElement,
    promptTokens: spec.promptTokens,
    meanContext: meanContext(spec),
  };
  const times = { medianMs: stats.median, minMs: stats.min, minDispatchMs: probeStats.min };
  return {
    ...run,
    verified: true,
    dispatchesPerToken: t.stepDispatches,
    dispatchMs: probeStats.median,
    medianMs: stats.median,
    p95Ms: stats.p95,
    tokensPerSecond: 1000 / stats.median,
    headOnlyMs: headMs,
    scaledMs: scale(stats.median),
    ttftMs,
    scaledTtftMs: (model.layers / layers) * ttftMs,
    bytesPerToken: bytesPerToken(
      model,
      layers,
      spec.format,
      setting.meanContext,
      kvBytesPerElement,
    ),
    ...decodePredictions(doc, model, layers, setting, costs, times),
  };
}

/** Our decoder's small dispatches: all but one per matrix chunk, in the layers and around them. */
function decoderCosts(
  decoder: DecodeModel,
  spec: DecodeSpec,
  model: ModelConfig,
  layers: number,
  t: DecodeTimings,
  dispatchMs: number,
): DecoderCosts {
  return {
    dispatchMs,
    perLayer: (t.stepDispatches - t.headDispatches) / layers - decoder.matrixDispatchesPerLayer,
    perToken: t.headDispatches - decoder.headDispatches,
    small: {
      hidden: model.hiddenSize,
      heads: model.attentionHeads,
      kvHeads: model.kvHeads,
      headDim: model.headDim,
      ffn: activeFfn(model),
      vocab: model.vocabSize,
      // The decode attention at the run's context: its split size and the splits it launches.
      attentionSplit: attentionSplitSize(spec.context + 1, decoder.maxSplits, decoder.split),
      attentionSplits: liveAttentionSplits(spec.context + 1, decoder.maxSplits, decoder.split),
      kvBytesPerElement: kvBytesOf(spec, model),
      kvFormat: kvRowFormat(kvOf(spec)),
    },
  };
}
