// Per-operator accounting (LLM-Viewer style) of a decoder-only LLM (./model-config.ts): weight
// matrices, parameter counts (total and active per token), bytes read per decode step, KV-cache
// bytes (per layer: latent for MLA, windowed for sliding layers), FLOPs for decode and prefill.
// Mixture-of-experts: memory holds every expert; a step of T tokens reads the experts they touch,
// E·(1 − (1 − k/E)^T) per layer under uniform routing (an assumption: `moe-uniform-routing`).

import { type WeightFormat, weightBytes } from '../../core/formats';
import type { ModelConfig } from './model-config';

export type MatrixName =
  | 'qkv'
  | 'o'
  | 'q'
  | 'q_a'
  | 'q_b'
  | 'kv_a'
  | 'kv_b'
  | 'gate_up'
  | 'down'
  | 'router'
  | 'expert_gate_up'
  | 'expert_down'
  | 'shared_gate_up'
  | 'shared_down'
  | 'lm_head';

/** One weight matrix as a GEMV/GEMM: y[m×n] = x[m×k] · Wᵀ, run `count` times per token. */
export interface MatrixShape {
  name: MatrixName;
  /** Output rows. */
  n: number;
  /** Input dimension. */
  k: number;
  /** How many are stored (layers, layers × experts, or 1 for the head). */
  count: number;
  /** A routed expert's matrix: each token runs `perToken` of the `experts` in each of `layers`. */
  routed?: { experts: number; perToken: number; layers: number };
}

/** Layers whose MLP is a mixture of experts (all but the dense ones). */
export function moeLayerCount(model: ModelConfig): number {
  const moe = model.moe;
  if (moe === undefined) return 0;
  const dense = new Set(moe.denseLayers.filter((i) => i >= 0 && i < model.layers));
  return model.layers - dense.size;
}

function attentionMatrices(model: ModelConfig): MatrixShape[] {
  const { hiddenSize: h, layers, attentionHeads: heads, kvHeads, headDim } = model;
  const mla = model.mla;
  if (mla === undefined) {
    const qDim = heads * headDim;
    return [
      { name: 'qkv', n: qDim + 2 * kvHeads * headDim, k: h, count: layers },
      { name: 'o', n: h, k: qDim, count: layers },
    ];
  }
  const qDim = heads * (mla.qkNopeHeadDim + mla.qkRopeHeadDim);
  const q: MatrixShape[] =
    mla.qLoraRank === null
      ? [{ name: 'q', n: qDim, k: h, count: layers }]
      : [
          { name: 'q_a', n: mla.qLoraRank, k: h, count: layers },
          { name: 'q_b', n: qDim, k: mla.qLoraRank, count: layers },
        ];
  return [
    ...q,
    { name: 'kv_a', n: mla.kvLoraRank + mla.qkRopeHeadDim, k: h, count: layers },
    {
      name: 'kv_b',
      n: heads * (mla.qkNopeHeadDim + mla.vHeadDim),
      k: mla.kvLoraRank,
      count: layers,
    },
    { name: 'o', n: h, k: heads * mla.vHeadDim, count: layers },
  ];
}

function mlpMatrices(model: ModelConfig): MatrixShape[] {
  const { hiddenSize: h, intermediateSize: f } = model;
  const moe = model.moe;
  const moeLayers = moeLayerCount(model);
  const denseLayers = model.layers - moeLayers;
  const dense: MatrixShape[] = [
    { name: 'gate_up', n: 2 * f, k: h, count: denseLayers },
    { name: 'down', n: h, k: f, count: denseLayers },
  ];
  if (moe === undefined) return dense;
  const fe = moe.expertIntermediateSize;
  const fs = moe.sharedExperts * moe.sharedIntermediateSize;
  const routed = { experts: moe.experts, perToken: moe.expertsPerToken, layers: moeLayers };
  const count = moeLayers * moe.experts;
  return [
    ...dense,
    { name: 'router', n: moe.experts, k: h, count: moeLayers },
    { name: 'expert_gate_up', n: 2 * fe, k: h, count, routed },
    { name: 'expert_down', n: h, k: fe, count, routed },
    { name: 'shared_gate_up', n: 2 * fs, k: h, count: fs > 0 ? moeLayers : 0 },
    { name: 'shared_down', n: h, k: fs, count: fs > 0 ? moeLayers : 0 },
  ];
}

/**
 * The weight matrices, fused as engines run them (QKV in one, gate+up in one), plus the head.
 * Matrices a model lacks (no dense layers, no shared experts) are left out.
 */
export function modelMatrices(model: ModelConfig): MatrixShape[] {
  return [
    ...attentionMatrices(model),
    ...mlpMatrices(model),
    { name: 'lm_head' as const, n: model.vocabSize, k: model.hiddenSize, count: 1 },
  ].filter((mat) => mat.count > 0);
}

/**
 * Expected distinct experts per layer that `tokens` tokens touch, each picking k of E uniformly
 * at random: E·(1 − (1 − k/E)^T). An assumption: real routers are not uniform.
 */
export function distinctExperts(experts: number, perToken: number, tokens: number): number {
  if (tokens <= 0) return 0;
  return experts * (1 - (1 - perToken / experts) ** tokens);
}

/** How a step of `tokens` rows runs a matrix: how many copies are read, each at M rows. */
export function matrixUse(mat: MatrixShape, tokens: number): { count: number; m: number } {
  const r = mat.routed;
  if (r === undefined) return { count: mat.count, m: tokens };
  const d = distinctExperts(r.experts, r.perToken, tokens);
  return { count: r.layers * d, m: (tokens * r.perToken) / d };
}

/** Copies of a matrix one token multiplies by (its k experts for a routed one). */
const perTokenCount = (mat: MatrixShape) =>
  mat.routed === undefined ? mat.count : mat.routed.layers * mat.routed.perToken;

export interface ParamBreakdown {
  /** Weights in the per-layer matrices, every expert included. */
  layerMatrices: number;
  /** Per-layer matrix weights one token goes through: its experts, the shared ones, the rest. */
  activeLayerMatrices: number;
  /** Token embedding table (vocab × hidden). */
  embedding: number;
  /** Output head; 0 when tied to the embedding. */
  head: number;
  /** Norm weights, biases, sinks (kept in 16 bits whatever the weight format). */
  small: number;
  total: number;
  /** Parameters per token, embedding and head included (Mixtral's and Qwen's convention). */
  active: number;
}

export function paramCount(model: ModelConfig): ParamBreakdown {
  const { hiddenSize: h, layers, attentionHeads, kvHeads, headDim } = model;
  const body = modelMatrices(model).filter((mat) => mat.name !== 'lm_head');
  const layerMatrices = body.reduce((sum, mat) => sum + mat.n * mat.k * mat.count, 0);
  const activeLayerMatrices = body.reduce(
    (sum, mat) => sum + mat.n * mat.k * perTokenCount(mat),
    0,
  );
  const embedding = model.vocabSize * h;
  const head = model.tiedEmbeddings ? 0 : embedding;
  const bias = model.qkvBias ? (attentionHeads + 2 * kvHeads) * headDim : 0;
  // Default: two RMSNorms per layer (and the QKV bias); always the final norm.
  const small = layers * (model.smallPerLayer ?? 2 * h + bias) + h;
  const rest = embedding + head + small;
  return {
    layerMatrices,
    activeLayerMatrices,
    embedding,
    head,
    small,
    total: layerMatrices + rest,
    active: activeLayerMatrices + rest,
  };
}

const SMALL_TENSOR_BYTES = 2;

/** Bytes the weights occupy in memory (every expert; tied embeddings stored once). */
export function weightMemoryBytes(model: ModelConfig, format: WeightFormat): number {
  const p = paramCount(model);
  return weightBytes(p.layerMatrices + p.embedding + p.head, format) + p.small * SMALL_TENSOR_BYTES;
}

/** Matrix weights (head included) that one step of `tokens` rows reads. */
export function matrixWeightsRead(model: ModelConfig, tokens = 1): number {
  return modelMatrices(model).reduce(
    (s, mat) => s + mat.n * mat.k * matrixUse(mat, tokens).count,
    0,
  );
}

/**
 * Weight bytes read per decode step of `tokens` sequences (default 1): every dense matrix and
 * the full output head once (a GEMV over the whole vocabulary, tied or not), the routed experts
 * the step's tokens touch (matrixUse), one embedding row (a lookup), and the norms/biases.
 * KV-cache reads are separate (kvCacheBytes).
 */
export function decodeWeightBytes(model: ModelConfig, format: WeightFormat, tokens = 1): number {
  const p = paramCount(model);
  return (
    weightBytes(matrixWeightsRead(model, tokens) + model.hiddenSize, format) +
    p.small * SMALL_TENSOR_BYTES
  );
}

/** KV-cache elements per token per layer: K and V of every KV head, or MLA's latent + RoPE key. */
export function kvElementsPerLayer(model: ModelConfig): number {
  const mla = model.mla;
  if (mla !== undefined) return mla.kvLoraRank + mla.qkRopeHeadDim;
  return 2 * model.kvHeads * model.headDim;
}

/** Each layer's attention window in tokens (Infinity: full attention). */
export function layerWindows(model: ModelConfig): number[] {
  const w = model.slidingWindow;
  return Array.from({ length: model.layers }, (_, i) => {
    if (w === undefined) return Number.POSITIVE_INFINITY;
    const kind = model.layerAttention?.[i] ?? 'sliding';
    return kind === 'sliding' ? w : Number.POSITIVE_INFINITY;
  });
}

/** KV cache bytes per token of context, every layer (a window caps this: kvCacheBytes). */
export function kvBytesPerToken(model: ModelConfig, kvBytesPerElement = 2): number {
  return model.layers * kvElementsPerLayer(model) * kvBytesPerElement;
}

/**
 * KV cache bytes for `batch` sequences of `context` tokens each; a sliding-window layer holds
 * at most its window.
 */
export function kvCacheBytes(
  model: ModelConfig,
  context: number,
  batch = 1,
  kvBytesPerElement = 2,
): number {
  const tokens = layerWindows(model).reduce((s, w) => s + Math.min(context, w), 0);
  return kvElementsPerLayer(model) * kvBytesPerElement * tokens * batch;
}

/** FLOPs of the linear layers for one token (2 per multiply-add), head included; active experts only. */
export function linearFlopsPerToken(model: ModelConfig): number {
  return modelMatrices(model).reduce((s, mat) => s + 2 * mat.n * mat.k * perTokenCount(mat), 0);
}

/** Q·K and V widths per head: head_dim each, or MLA's (nope + rope) and v_head_dim. */
function attentionWidth(model: ModelConfig): number {
  const mla = model.mla;
  if (mla === undefined) return 2 * model.headDim;
  return mla.qkNopeHeadDim + mla.qkRopeHeadDim + mla.vHeadDim;
}

/**
 * Attention FLOPs (QKᵀ and softmax·V, 2 per MAC each) for one query over `positions` keys; a
 * sliding-window layer sees at most its window.
 */
export function attentionFlops(model: ModelConfig, positions: number): number {
  const perKey = 2 * model.attentionHeads * attentionWidth(model);
  return layerWindows(model).reduce((s, w) => s + perKey * Math.min(positions, w), 0);
}

/** Keys seen by P causal queries (query i sees i + 1 keys) under a window of w. */
function causalKeys(P: number, w: number): number {
  if (w >= P) return (P * (P + 1)) / 2;
  return (w * (w + 1)) / 2 + (P - w) * w;
}

/** Attention FLOPs of a causal prefill of P tokens into an empty cache. */
export function prefillAttentionFlops(model: ModelConfig, promptTokens: number): number {
  const perKey = 2 * model.attentionHeads * attentionWidth(model);
  return layerWindows(model).reduce((s, w) => s + perKey * causalKeys(promptTokens, w), 0);
}

/** FLOPs to decode one token with `context` tokens already in the KV cache. */
export function decodeFlops(model: ModelConfig, context: number): number {
  return linearFlopsPerToken(model) + attentionFlops(model, context + 1);
}

export interface PrefillFlops {
  linear: number;
  attention: number;
  total: number;
}

/**
 * FLOPs to prefill a prompt of P tokens into an empty cache, causal attention (token i sees
 * i + 1 positions: P(P+1)/2 in all, fewer under a window). Active parameters only. Logits only
 * for the last token unless asked otherwise, as vLLM and llama.cpp do.
 */
export function prefillFlops(
  model: ModelConfig,
  promptTokens: number,
  opts: { logitsForAllTokens?: boolean } = {},
): PrefillFlops {
  const P = promptTokens;
  const headFlops = 2 * model.vocabSize * model.hiddenSize;
  const body = linearFlopsPerToken(model) - headFlops;
  const linear = body * P + headFlops * (opts.logitsForAllTokens === true ? P : 1);
  const attention = prefillAttentionFlops(model, P);
  return { linear, attention, total: linear + attention };
}
