// What a whole-model decode run is asked for, and what follows from the request alone: the model
// it names, the decoder's shape, the positions its caches hold, the layers that fit the budget,
// the largest buffer one binding holds, the context a timed token sees and the bytes it reads.

import type { FormatId } from '../core/formats';
import {
  DEFAULT_KV_ENCODING,
  type KvEncoding,
  kvBytesPerValue,
  kvCacheBytes,
} from '../kernels/decode/kv-cache';
import { attentionSplits, type DecodeShape, modelBytes } from '../kernels/decode/shape';
import { matrixBytes } from '../kernels/formats';
import {
  getModel,
  layerWindows,
  type ModelConfig,
  matrixUse,
  modelMatrices,
} from '../model/llm/models';

export interface DecodeSpec {
  /** Catalogue model id. */
  model: string;
  /** The model itself, where it is not in the catalogue (a config.json, a test's small model). */
  config?: ModelConfig;
  format: FormatId;
  /** Random KV positions before the first timed token. */
  context: number;
  /** Timed tokens. */
  tokens: number;
  promptTokens: number;
  /** Layers to run at most (the model's all by default). */
  layers?: number;
  /** Bytes the model may allocate. */
  budgetBytes: number;
  /** The KV cache's format (default f16; q8 is `--kv-bits 8`'s blocks of 32 with an f16 scale). */
  kv?: KvEncoding;
}

export const MiB = 1024 * 1024;
export const DEFAULT_DECODE_BUDGET = 1024 * MiB;
export const DEFAULT_DECODE = { context: 512, tokens: 16, promptTokens: 32 } as const;

/** The model the spec names: its own config, or the catalogue's entry. */
export const specModel = (spec: DecodeSpec): ModelConfig => spec.config ?? getModel(spec.model);

export const kvOf = (spec: DecodeSpec): KvEncoding => spec.kv ?? DEFAULT_KV_ENCODING;

/** Bytes per cached value of the run's cache (scales included). */
export const kvBytesOf = (spec: DecodeSpec, model: ModelConfig): number =>
  kvBytesPerValue(kvOf(spec), model.headDim);

/** Positions the caches hold: the context (or prompt) plus every token stepped after it. */
export const positionsFor = (spec: DecodeSpec): number =>
  Math.max(spec.context, spec.promptTokens) + spec.tokens + 2;

/** The context a timed token sees on average: the prefilled one plus half the tokens stepped. */
export const meanContext = (spec: DecodeSpec): number => spec.context + Math.floor(spec.tokens / 2);

export function decodeShape(m: ModelConfig, layers = m.layers): DecodeShape {
  const windows = layerWindows(m).slice(0, layers);
  const moe = m.moe;
  return {
    hidden: m.hiddenSize,
    layers,
    heads: m.attentionHeads,
    kvHeads: m.kvHeads,
    headDim: m.headDim,
    ffn: m.intermediateSize,
    vocab: m.vocabSize,
    ...(moe === undefined
      ? {}
      : {
          moe: {
            experts: moe.experts,
            perToken: moe.expertsPerToken,
            expertFfn: moe.expertIntermediateSize,
            sharedFfn: moe.sharedExperts * moe.sharedIntermediateSize,
            denseLayers: moe.denseLayers,
          },
        }),
    ...(windows.some(Number.isFinite)
      ? { windows: windows.map((w) => (Number.isFinite(w) ? w : 0)) }
      : {}),
  };
}

/** Bytes the decoder allocates with `layers` of the model. */
export const decoderBytes = (spec: DecodeSpec, model: ModelConfig, layers: number): number =>
  modelBytes(
    decodeShape(model, layers),
    spec.format,
    positionsFor(spec),
    spec.promptTokens,
    kvOf(spec),
  );

/** The most layers (≤ wanted) that fit the budget; 0 when not even one does. */
export function layersThatFit(spec: DecodeSpec, model: ModelConfig): number {
  const wanted = Math.min(spec.layers ?? model.layers, model.layers);
  for (let k = wanted; k >= 1; k--) {
    if (decoderBytes(spec, model, k) <= spec.budgetBytes) return k;
  }
  return 0;
}

/**
 * The largest buffer one binding of the run holds besides the weights (which are bound in row
 * chunks): a layer's K or V cache, one row's decode attention partials (the prefill keeps none),
 * the prompt's QKV rows, the RoPE table, gate·up, the logits.
 */
export function largestDecodeBinding(spec: DecodeSpec, model: ModelConfig): number {
  const positions = positionsFor(spec);
  const rows = spec.promptTokens;
  const splits = attentionSplits(model.kvHeads);
  return (
    4 *
    Math.max(
      kvCacheBytes(kvOf(spec), positions * model.kvHeads, model.headDim).values / 4,
      model.attentionHeads * splits * model.headDim,
      rows * (model.attentionHeads + 2 * model.kvHeads) * model.headDim,
      positions * model.headDim,
      rows * 2 * model.intermediateSize,
      model.vocabSize,
    )
  );
}

/**
 * Weight and KV bytes one token reads with k layers: every projection it runs (a mixture of
 * experts: the router, its k experts, the shared MLP), the head, one embedding row, and each
 * layer's KV cache up to its window.
 */
export function bytesPerToken(
  model: ModelConfig,
  layers: number,
  format: FormatId,
  context: number,
  /** Bytes per cached value (default: the f16 cache's 2). */
  kvBytesPerElement = kvBytesPerValue(DEFAULT_KV_ENCODING, model.headDim),
): number {
  const k = { ...model, layers };
  const weights = modelMatrices(k).reduce(
    (sum, mat) => sum + matrixBytes(format, mat.n, mat.k) * matrixUse(mat, 1).count,
    0,
  );
  const row = matrixBytes(format, model.vocabSize, model.hiddenSize) / model.vocabSize;
  const positions = layerWindows(k).reduce((sum, w) => sum + Math.min(context, w), 0);
  const kv = positions * 2 * model.kvHeads * model.headDim * kvBytesPerElement;
  return weights + row + kv;
}
