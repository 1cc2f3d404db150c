// Model catalogue and per-operator derivation (LLM-Viewer style) for Llama-family decoders:
// parameter count, bytes read per decoded token, KV-cache size, FLOPs for decode and prefill.

import { type WeightFormat, weightBytes } from '../core/formats';

export interface ModelConfig {
  id: string;
  name: string;
  hiddenSize: number;
  layers: number;
  attentionHeads: number;
  kvHeads: number;
  headDim: number;
  intermediateSize: number;
  vocabSize: number;
  /** The output head reuses the embedding table (stored once). */
  tiedEmbeddings: boolean;
  /** Q, K and V projections carry a bias (Qwen2). */
  qkvBias: boolean;
  /** Published parameter count (model card / safetensors metadata). */
  publishedParams: number;
  /** Longest context the model was trained for (config.json `max_position_embeddings`). */
  maxContextTokens: number;
  /** Attention window of every layer, where the config sets one (`sliding_window`). */
  slidingWindow?: number;
  /** Where the architecture numbers come from (HF config.json). */
  source: string;
}

const hf = (repo: string) => `https://huggingface.co/${repo}/blob/main/config.json`;

export const MODELS: readonly ModelConfig[] = [
  {
    id: 'llama-3.2-1b',
    name: 'Llama 3.2 1B',
    hiddenSize: 2048,
    layers: 16,
    attentionHeads: 32,
    kvHeads: 8,
    headDim: 64,
    intermediateSize: 8192,
    vocabSize: 128256,
    tiedEmbeddings: true,
    qkvBias: false,
    publishedParams: 1_235_814_400, // safetensors metadata; model card "1.23B"
    maxContextTokens: 131_072,
    source: hf('meta-llama/Llama-3.2-1B'),
  },
  {
    id: 'llama-3.2-3b',
    name: 'Llama 3.2 3B',
    hiddenSize: 3072,
    layers: 28,
    attentionHeads: 24,
    kvHeads: 8,
    headDim: 128,
    intermediateSize: 8192,
    vocabSize: 128256,
    tiedEmbeddings: true,
    qkvBias: false,
    publishedParams: 3_212_749_824, // safetensors metadata; model card "3.21B"
    maxContextTokens: 131_072,
    source: hf('meta-llama/Llama-3.2-3B'),
  },
  {
    id: 'phi-3.5-mini',
    name: 'Phi-3.5-mini',
    hiddenSize: 3072,
    layers: 32,
    attentionHeads: 32,
    kvHeads: 32,
    headDim: 96,
    intermediateSize: 8192,
    vocabSize: 32064,
    tiedEmbeddings: false,
    qkvBias: false,
    publishedParams: 3_821_079_552, // safetensors metadata; model card "3.8B"
    maxContextTokens: 131_072,
    source: hf('microsoft/Phi-3.5-mini-instruct'),
  },
  {
    // A Llama-architecture model small enough to decode in seconds on a CPU adapter: the Quick
    // plan's whole-model decode run.
    id: 'smollm2-135m',
    name: 'SmolLM2 135M',
    hiddenSize: 576,
    layers: 30,
    attentionHeads: 9,
    kvHeads: 3,
    headDim: 64,
    intermediateSize: 1536,
    vocabSize: 49152,
    tiedEmbeddings: true,
    qkvBias: false,
    publishedParams: 134_515_008, // safetensors metadata; model card "135M"
    maxContextTokens: 8192,
    source: hf('HuggingFaceTB/SmolLM2-135M'),
  },
  {
    id: 'llama-2-7b',
    name: 'Llama 2 7B',
    hiddenSize: 4096,
    layers: 32,
    attentionHeads: 32,
    kvHeads: 32,
    headDim: 128,
    intermediateSize: 11008,
    vocabSize: 32000,
    tiedEmbeddings: false,
    qkvBias: false,
    publishedParams: 6_738_415_616, // safetensors metadata; llama.cpp reports 6.74 B
    maxContextTokens: 4_096,
    source: hf('meta-llama/Llama-2-7b-hf'),
  },
  {
    id: 'mistral-7b-v0.1',
    name: 'Mistral 7B v0.1',
    hiddenSize: 4096,
    layers: 32,
    attentionHeads: 32,
    kvHeads: 8,
    headDim: 128,
    intermediateSize: 14336,
    vocabSize: 32000,
    tiedEmbeddings: false,
    qkvBias: false,
    publishedParams: 7_241_732_096, // safetensors metadata
    maxContextTokens: 32_768,
    slidingWindow: 4_096,
    source: hf('mistralai/Mistral-7B-v0.1'),
  },
  {
    id: 'mistral-7b-v0.3',
    name: 'Mistral 7B v0.3',
    hiddenSize: 4096,
    layers: 32,
    attentionHeads: 32,
    kvHeads: 8,
    headDim: 128,
    intermediateSize: 14336,
    vocabSize: 32768,
    tiedEmbeddings: false,
    qkvBias: false,
    publishedParams: 7_248_023_552, // safetensors metadata
    maxContextTokens: 32_768,
    source: hf('mistralai/Mistral-7B-v0.3'),
  },
  {
    id: 'qwen2.5-7b',
    name: 'Qwen2.5 7B',
    hiddenSize: 3584,
    layers: 28,
    attentionHeads: 28,
    kvHeads: 4,
    headDim: 128,
    intermediateSize: 18944,
    vocabSize: 152064,
    tiedEmbeddings: false,
    qkvBias: true,
    publishedParams: 7_615_616_512, // safetensors metadata; model card "7.61B"
    maxContextTokens: 32_768,
    source: hf('Qwen/Qwen2.5-7B'),
  },
  {
    id: 'llama-3-8b',
    name: 'Llama 3 8B',
    hiddenSize: 4096,
    layers: 32,
    attentionHeads: 32,
    kvHeads: 8,
    headDim: 128,
    intermediateSize: 14336,
    vocabSize: 128256,
    tiedEmbeddings: false,
    qkvBias: false,
    publishedParams: 8_030_261_248, // safetensors metadata; model card "8B"
    maxContextTokens: 8_192,
    source: hf('meta-llama/Meta-Llama-3-8B'),
  },
  {
    id: 'llama-2-13b',
    name: 'Llama 2 13B',
    hiddenSize: 5120,
    layers: 40,
    attentionHeads: 40,
    kvHeads: 40,
    headDim: 128,
    intermediateSize: 13824,
    vocabSize: 32000,
    tiedEmbeddings: false,
    qkvBias: false,
    publishedParams: 13_015_864_320, // safetensors metadata; model card "13B"
    maxContextTokens: 4_096,
    source: hf('meta-llama/Llama-2-13b-hf'),
  },
  {
    id: 'llama-3-70b',
    name: 'Llama 3 70B',
    hiddenSize: 8192,
    layers: 80,
    attentionHeads: 64,
    kvHeads: 8,
    headDim: 128,
    intermediateSize: 28672,
    vocabSize: 128256,
    tiedEmbeddings: false,
    qkvBias: false,
    publishedParams: 70_553_706_496, // safetensors metadata; model card "70B"
    maxContextTokens: 8_192,
    source: hf('meta-llama/Meta-Llama-3-70B'),
  },
];

/** Other names for the same architecture (the config values above are identical). */
export const MODEL_ALIASES: Readonly<Record<string, string>> = {
  'mistral-7b': 'mistral-7b-v0.3',
  'llama-3.1-8b': 'llama-3-8b',
  'llama-3.1-70b': 'llama-3-70b',
};

export class UnknownModelError extends Error {
  constructor(readonly modelId: string) {
    super(`Unknown model "${modelId}"; choose one of ${MODELS.map((m) => m.id).join(', ')}`);
    this.name = 'UnknownModelError';
  }
}

export function findModel(id: string): ModelConfig | undefined {
  const key = id.trim().toLowerCase();
  const target = MODEL_ALIASES[key] ?? key;
  return MODELS.find((m) => m.id === target);
}

export function getModel(id: string): ModelConfig {
  const model = findModel(id);
  if (model === undefined) throw new UnknownModelError(id);
  return model;
}

export type MatrixName = 'qkv' | 'o' | 'gate_up' | 'down' | 'lm_head';

/** One weight matrix as a GEMV/GEMM: y[m×n] = x[m×k] · Wᵀ, run `count` times per token. */
export interface MatrixShape {
  name: MatrixName;
  /** Output rows. */
  n: number;
  /** Input dimension. */
  k: number;
  /** How many times per forward pass (layers, or 1 for the head). */
  count: number;
}

/** The projection matrices, fused as engines run them (QKV in one, gate+up in one), plus the head. */
export function modelMatrices(model: ModelConfig): MatrixShape[] {
  const { hiddenSize: h, layers, attentionHeads, kvHeads, headDim, intermediateSize: f } = model;
  const qDim = attentionHeads * headDim;
  return [
    { name: 'qkv', n: qDim + 2 * kvHeads * headDim, k: h, count: layers },
    { name: 'o', n: h, k: qDim, count: layers },
    { name: 'gate_up', n: 2 * f, k: h, count: layers },
    { name: 'down', n: h, k: f, count: layers },
    { name: 'lm_head', n: model.vocabSize, k: h, count: 1 },
  ];
}

export interface ParamBreakdown {
  /** Weights in the per-layer projection matrices. */
  layerMatrices: number;
  /** Token embedding table (vocab × hidden). */
  embedding: number;
  /** Output head; 0 when tied to the embedding. */
  head: number;
  /** Norm weights and biases (kept in 16 bits whatever the weight format). */
  small: number;
  total: number;
}

export function paramCount(model: ModelConfig): ParamBreakdown {
  const { hiddenSize: h, layers, attentionHeads, kvHeads, headDim } = model;
  const layerMatrices = modelMatrices(model)
    .filter((mat) => mat.name !== 'lm_head')
    .reduce((sum, mat) => sum + mat.n * mat.k * mat.count, 0);
  const embedding = model.vocabSize * h;
  const head = model.tiedEmbeddings ? 0 : embedding;
  const bias = model.qkvBias ? (attentionHeads + 2 * kvHeads) * headDim : 0;
  const small = layers * (2 * h + bias) + h; // two RMSNorms per layer, final norm
  return { layerMatrices, embedding, head, small, total: layerMatrices + embedding + head + small };
}

const SMALL_TENSOR_BYTES = 2;

/** Bytes the weights occupy in memory (tied embeddings stored once). */
export function weightMemoryBytes(model: ModelConfig, format: WeightFormat): number {
  const p = paramCount(model);
  return weightBytes(p.layerMatrices + p.embedding + p.head, format) + p.small * SMALL_TENSOR_BYTES;
}

/**
 * Weight bytes read per decoded token: every projection matrix and the full output head once
 * (a GEMV over the whole vocabulary, tied or not), one embedding row (a lookup), and the
 * norms/biases. KV-cache reads are separate (kvCacheBytes).
 */
export function decodeWeightBytes(model: ModelConfig, format: WeightFormat): number {
  const p = paramCount(model);
  const matrices = modelMatrices(model).reduce((s, mat) => s + mat.n * mat.k * mat.count, 0);
  return weightBytes(matrices + model.hiddenSize, format) + p.small * SMALL_TENSOR_BYTES;
}

/** KV cache bytes per token of context: K and V, every layer, every KV head. */
export function kvBytesPerToken(model: ModelConfig, kvBytesPerElement = 2): number {
  return 2 * model.layers * model.kvHeads * model.headDim * kvBytesPerElement;
}

/** KV cache bytes for `batch` sequences of `context` tokens each. */
export function kvCacheBytes(
  model: ModelConfig,
  context: number,
  batch = 1,
  kvBytesPerElement = 2,
): number {
  return kvBytesPerToken(model, kvBytesPerElement) * context * batch;
}

/** FLOPs of the linear layers for one token (2 per multiply-add), head included. */
export function linearFlopsPerToken(model: ModelConfig): number {
  return modelMatrices(model).reduce((s, mat) => s + 2 * mat.n * mat.k * mat.count, 0);
}

/** Attention FLOPs (QKᵀ and softmax·V, 2 per MAC each) for one query over `positions` keys. */
export function attentionFlops(model: ModelConfig, positions: number): number {
  return 4 * model.layers * model.attentionHeads * model.headDim * positions;
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
 * i + 1 positions: P(P+1)/2 in all). Logits only for the last token unless asked otherwise,
 * as vLLM and llama.cpp do.
 */
export function prefillFlops(
  model: ModelConfig,
  promptTokens: number,
  opts: { logitsForAllTokens?: boolean } = {},
): PrefillFlops {
  const P = promptTokens;
  const head = modelMatrices(model).find((mat) => mat.name === 'lm_head');
  const headFlops = head === undefined ? 0 : 2 * head.n * head.k;
  const body = linearFlopsPerToken(model) - headFlops;
  const linear = body * P + headFlops * (opts.logitsForAllTokens === true ? P : 1);
  const attention = attentionFlops(model, (P * (P + 1)) / 2);
  return { linear, attention, total: linear + attention };
}
