// A Hugging Face config.json → ModelConfig, for the families in HF_MODEL_TYPES. Pure: the text
// (or the parsed value) in, a model or one HfConfigError out; nothing else is thrown.

import { paramCount } from '../accounting';
import type { LayerAttention, MlaConfig, ModelConfig, MoeConfig } from '../model-config';
import { HfConfigError } from './errors';
import {
  bool,
  enumList,
  has,
  inconsistent,
  int,
  intList,
  intOrNull,
  isObject,
  type Json,
  LIMITS,
  obj,
  str,
} from './fields';

/** The `model_type`s read (gemma3_text: Gemma 3's text model; gemma3 nests it in text_config). */
export const HF_MODEL_TYPES = [
  'llama',
  'mistral',
  'qwen2',
  'qwen3',
  'gemma',
  'gemma2',
  'gemma3',
  'gemma3_text',
  'phi3',
  'mixtral',
  'qwen2_moe',
  'qwen3_moe',
  'deepseek_v2',
  'deepseek_v3',
  'gpt_oss',
] as const;
export type HfModelType = (typeof HF_MODEL_TYPES)[number];

/** Largest config.json accepted: real ones are a few kB. */
export const MAX_CONFIG_BYTES = 256 * 1024;

export interface ReadOptions {
  /** Catalogue id; default from the name. */
  id?: string;
  /** Display name; default `_name_or_path`, else `fallbackName`, else the model type. */
  name?: string;
  /** Used when the config has no `_name_or_path` (e.g. the file name). */
  fallbackName?: string;
  source?: string;
  publishedParams?: number;
  publishedActiveParams?: number;
}

const isModelType = (v: string): v is HfModelType =>
  (HF_MODEL_TYPES as readonly string[]).includes(v);

/** Gemma 3 (multimodal) keeps the language model's fields in text_config. */
function textConfig(cfg: Json): { cfg: Json; type: string | undefined } {
  const type = str(cfg, 'model_type');
  const inner = type === 'gemma3' ? obj(cfg, 'text_config') : undefined;
  if (inner === undefined) return { cfg, type };
  return {
    cfg: { ...inner, _name_or_path: cfg._name_or_path },
    type: str(inner, 'model_type') ?? 'gemma3_text',
  };
}

/** Families whose tie_word_embeddings defaults to true in transformers (GemmaConfig, …). */
const TIED_BY_DEFAULT: ReadonlySet<HfModelType> = new Set([
  'gemma',
  'gemma2',
  'gemma3',
  'gemma3_text',
]);

/** Context: max_position_embeddings, or longer where rope_scaling stretches it (YaRN, linear, dynamic). */
function maxContext(cfg: Json): number {
  const maxPos = int(cfg, 'max_position_embeddings', LIMITS.context);
  const rope = obj(cfg, 'rope_scaling');
  if (rope === undefined) return maxPos;
  const kind = str(rope, 'rope_type') ?? str(rope, 'type');
  if (kind !== 'yarn' && kind !== 'linear' && kind !== 'dynamic') return maxPos;
  const factor = rope.factor;
  if (typeof factor !== 'number' || !Number.isFinite(factor) || factor < 1 || factor > 1024) {
    throw new HfConfigError(
      'bad-field',
      `config.json "rope_scaling.factor" must be a number from 1 to 1024, got ${JSON.stringify(factor)}.`,
      {
        field: 'rope_scaling.factor',
      },
    );
  }
  const original = int(rope, 'original_max_position_embeddings', LIMITS.context, maxPos);
  return Math.min(LIMITS.context, Math.max(maxPos, Math.floor(factor * original)));
}

/** Each layer's attention and the window, from layer_types or the family's pattern. */
function attention(
  cfg: Json,
  type: HfModelType,
  layers: number,
  maxCtx: number,
): { window?: number; kinds?: LayerAttention[] } {
  const window = has(cfg, 'sliding_window')
    ? int(cfg, 'sliding_window', LIMITS.context)
    : undefined;
  const listed = enumList(
    cfg,
    'layer_types',
    ['full_attention', 'sliding_attention'] as const,
    layers,
  );
  const pattern = (sliding: (i: number) => boolean): LayerAttention[] =>
    Array.from({ length: layers }, (_, i) => (sliding(i) ? 'sliding' : 'full'));
  let kinds: LayerAttention[] | undefined;
  if (listed !== undefined)
    kinds = listed.map((k) => (k === 'sliding_attention' ? 'sliding' : 'full'));
  else if (type === 'gemma2') kinds = pattern((i) => i % 2 === 0);
  else if (type === 'gemma3' || type === 'gemma3_text') {
    const every = int(cfg, 'sliding_window_pattern', LIMITS.count, 6);
    kinds = pattern((i) => (i + 1) % every !== 0);
  } else if (type === 'gpt_oss') kinds = pattern((i) => i % 2 === 0);
  else if (type === 'qwen2' || type === 'qwen3' || type === 'qwen2_moe' || type === 'qwen3_moe') {
    if (!bool(cfg, 'use_sliding_window', false)) return {};
    const from = int(cfg, 'max_window_layers', LIMITS.count, 0, 0);
    kinds = pattern((i) => i >= from);
  } else if (type === 'gemma' || type === 'llama' || type.startsWith('deepseek')) return {};
  if (window === undefined || window >= maxCtx) return {};
  if (kinds !== undefined && !kinds.includes('sliding')) return {};
  return kinds === undefined ? { window } : { window, kinds };
}

function moeOf(cfg: Json, type: HfModelType, layers: number): MoeConfig | undefined {
  const k = () => int(cfg, 'num_experts_per_tok', LIMITS.count);
  const dense = (isMoe: (i: number) => boolean) =>
    Array.from({ length: layers }, (_, i) => i).filter((i) => !isMoe(i));
  if (type === 'mixtral' || type === 'gpt_oss') {
    const f = int(cfg, 'intermediate_size', LIMITS.size);
    const experts = int(cfg, 'num_local_experts', LIMITS.count);
    return {
      experts,
      expertsPerToken: k(),
      sharedExperts: 0,
      expertIntermediateSize: f,
      sharedIntermediateSize: 0,
      denseLayers: [],
    };
  }
  if (type === 'qwen2_moe' || type === 'qwen3_moe') {
    const experts = int(cfg, 'num_experts', LIMITS.count);
    const step = int(cfg, 'decoder_sparse_step', LIMITS.count, 1);
    const mlpOnly = new Set(intList(cfg, 'mlp_only_layers', layers));
    const shared =
      type === 'qwen2_moe' ? int(cfg, 'shared_expert_intermediate_size', LIMITS.size, 0, 0) : 0;
    return {
      experts,
      expertsPerToken: k(),
      sharedExperts: shared > 0 ? 1 : 0,
      expertIntermediateSize: int(cfg, 'moe_intermediate_size', LIMITS.size),
      sharedIntermediateSize: shared,
      denseLayers: dense((i) => !mlpOnly.has(i) && (i + 1) % step === 0),
    };
  }
  if (type === 'deepseek_v2' || type === 'deepseek_v3') {
    const firstDense = int(cfg, 'first_k_dense_replace', layers, 0, 0);
    const freq = int(cfg, 'moe_layer_freq', LIMITS.count, 1);
    const fe = int(cfg, 'moe_intermediate_size', LIMITS.size);
    return {
      experts: int(cfg, 'n_routed_experts', LIMITS.count),
      expertsPerToken: k(),
      sharedExperts: int(cfg, 'n_shared_experts', LIMITS.count, 0, 0),
      expertIntermediateSize: fe,
      sharedIntermediateSize: fe,
      denseLayers: dense((i) => i >= firstDense && i % freq === 0),
    };
  }
  return undefined;
}

function mlaOf(cfg: Json, type: HfModelType): MlaConfig | undefined {
  if (type !== 'deepseek_v2' && type !== 'deepseek_v3') return undefined;
  return {
    qLoraRank: intOrNull(cfg, 'q_lora_rank', LIMITS.size),
    kvLoraRank: int(cfg, 'kv_lora_rank', LIMITS.size),
    qkNopeHeadDim: int(cfg, 'qk_nope_head_dim', LIMITS.size),
    qkRopeHeadDim: int(cfg, 'qk_rope_head_dim', LIMITS.size),
    vHeadDim: int(cfg, 'v_head_dim', LIMITS.size),
  };
}

interface Dims {
  h: number;
  heads: number;
  kvHeads: number;
  headDim: number;
  qkvBias: boolean;
}

/** 16-bit weights per layer beyond the matrices: norms, biases, q/k norms, sinks. */
function smallPerLayer(
  cfg: Json,
  type: HfModelType,
  d: Dims,
  moe: MoeConfig | undefined,
  mla: MlaConfig | undefined,
): number {
  const { h, heads, kvHeads, headDim } = d;
  const qkv = (heads + 2 * kvHeads) * headDim;
  const norms = type === 'gemma2' || type === 'gemma3' || type === 'gemma3_text' ? 4 * h : 2 * h;
  const qkNorm =
    type === 'qwen3' || type === 'qwen3_moe' || type === 'gemma3' || type === 'gemma3_text'
      ? 2 * headDim
      : 0;
  // Llama/Gemma/Qwen3 `attention_bias` puts a bias on Q, K, V and O; Qwen2 has Q, K, V biases.
  const allBias =
    type !== 'qwen2' &&
    type !== 'qwen2_moe' &&
    !type.startsWith('deepseek') &&
    bool(cfg, 'attention_bias', type === 'gpt_oss');
  const bias = d.qkvBias ? qkv : 0;
  const oBias = allBias ? h : 0;
  let extra = 0;
  if (type === 'gpt_oss' && moe !== undefined) {
    // Attention sinks (one per head), router bias, each expert's gate_up and down biases.
    extra = heads + moe.experts + moe.experts * (2 * moe.expertIntermediateSize + h);
  }
  if (type === 'qwen2_moe') extra = h; // shared_expert_gate: Linear(hidden, 1)
  if (mla !== undefined) extra = (mla.qLoraRank ?? 0) + mla.kvLoraRank; // q_a / kv_a layernorms
  if (type === 'deepseek_v3' && moe !== undefined) extra += moe.experts; // e_score_correction_bias
  return norms + qkNorm + bias + oBias + extra;
}

function slug(text: string): string {
  const s = text
    .toLowerCase()
    .replace(/[^a-z0-9.]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return s.slice(0, 80) || 'model';
}

/** The display name: `_name_or_path` (a repo id or a path; the last two parts kept), trimmed. */
function nameOf(cfg: Json, type: string, opts: ReadOptions): string {
  if (opts.name !== undefined) return opts.name;
  const raw = typeof cfg._name_or_path === 'string' ? cfg._name_or_path.trim() : '';
  const fromPath = raw
    .split(/[\\/]+/)
    .filter((p) => p !== '')
    .slice(-2)
    .join('/');
  const name = fromPath !== '' ? fromPath : (opts.fallbackName?.trim() ?? '');
  return (name !== '' ? name : type).slice(0, 120);
}

/** The model a parsed config.json describes. Throws HfConfigError, and nothing else. */
export function readHfConfig(value: unknown, opts: ReadOptions = {}): ModelConfig {
  if (!isObject(value)) {
    const what = Array.isArray(value) ? 'an array' : value === null ? 'null' : `a ${typeof value}`;
    throw new HfConfigError('not-object', `A config.json holds one JSON object; this is ${what}.`, {
      value: what,
    });
  }
  const { cfg, type } = textConfig(value);
  if (type === undefined || !isModelType(type)) {
    throw new HfConfigError(
      'unknown-model-type',
      type === undefined
        ? `config.json has no "model_type"; this reads ${HF_MODEL_TYPES.join(', ')}.`
        : `Unknown model_type "${type.slice(0, 40)}"; this reads ${HF_MODEL_TYPES.join(', ')}.`,
      { field: 'model_type', ...(type === undefined ? {} : { value: type.slice(0, 40) }) },
    );
  }
  const h = int(cfg, 'hidden_size', LIMITS.size);
  const layers = int(cfg, 'num_hidden_layers', LIMITS.count);
  const heads = int(cfg, 'num_attention_heads', LIMITS.count);
  const kvHeads = int(cfg, 'num_key_value_heads', LIMITS.count, heads);
  if (heads % kvHeads !== 0) {
    inconsistent(
      `num_attention_heads (${heads}) must be a multiple of num_key_value_heads (${kvHeads}).`,
      'num_key_value_heads',
    );
  }
  const mla = mlaOf(cfg, type);
  const defaultHeadDim = Math.max(1, Math.floor(h / heads));
  const headDim =
    mla === undefined
      ? int(cfg, 'head_dim', LIMITS.size, defaultHeadDim)
      : mla.qkNopeHeadDim + mla.qkRopeHeadDim;
  const moe = moeOf(cfg, type, layers);
  if (moe !== undefined && moe.expertsPerToken > moe.experts) {
    inconsistent(
      `num_experts_per_tok (${moe.expertsPerToken}) is more than the ${moe.experts} experts.`,
      'num_experts_per_tok',
    );
  }
  // MoE families without dense layers need no dense intermediate size.
  const needsDense = moe === undefined || moe.denseLayers.length > 0;
  const intermediateSize = int(
    cfg,
    'intermediate_size',
    LIMITS.size,
    needsDense ? undefined : 0,
    needsDense ? 1 : 0,
  );
  const vocabSize = int(cfg, 'vocab_size', LIMITS.vocab);
  const maxContextTokens = maxContext(cfg);
  const qkvBias =
    type === 'qwen2' ||
    type === 'qwen2_moe' ||
    (type !== 'qwen3' &&
      type !== 'qwen3_moe' &&
      !type.startsWith('deepseek') &&
      bool(cfg, 'attention_bias', type === 'gpt_oss'));
  const att = attention(cfg, type, layers, maxContextTokens);
  const name = nameOf(cfg, type, opts);
  const model: ModelConfig = {
    id: opts.id ?? `hf:${slug(name)}`,
    name,
    hiddenSize: h,
    layers,
    attentionHeads: heads,
    kvHeads: mla === undefined ? kvHeads : heads,
    headDim,
    intermediateSize,
    vocabSize,
    tiedEmbeddings: bool(cfg, 'tie_word_embeddings', TIED_BY_DEFAULT.has(type)),
    qkvBias,
    maxContextTokens,
    ...(att.window === undefined ? {} : { slidingWindow: att.window }),
    ...(att.kinds === undefined ? {} : { layerAttention: att.kinds }),
    ...(moe === undefined ? {} : { moe }),
    ...(mla === undefined ? {} : { mla }),
    smallPerLayer: smallPerLayer(cfg, type, { h, heads, kvHeads, headDim, qkvBias }, moe, mla),
    ...(opts.publishedParams === undefined ? {} : { publishedParams: opts.publishedParams }),
    ...(opts.publishedActiveParams === undefined
      ? {}
      : { publishedActiveParams: opts.publishedActiveParams }),
    source: opts.source ?? 'config.json',
    modelType: type,
  };
  const total = paramCount(model).total;
  if (!(total <= LIMITS.params)) {
    throw new HfConfigError(
      'absurd-size',
      `These sizes make ${total.toExponential(2)} parameters, more than any real model (at most ${LIMITS.params.toExponential(0)}).`,
      {
        value: total.toExponential(2),
        limit: LIMITS.params,
      },
    );
  }
  return model;
}

/** Reads config.json text: size-checked, parsed, then readHfConfig. Throws HfConfigError only. */
export function parseHfConfigText(text: string, opts: ReadOptions = {}): ModelConfig {
  const bytes = new TextEncoder().encode(text).length;
  if (bytes > MAX_CONFIG_BYTES) {
    throw new HfConfigError(
      'too-large',
      `This file is ${bytes} bytes; a config.json is a few kB (at most ${MAX_CONFIG_BYTES} bytes read).`,
      {
        value: String(bytes),
        limit: MAX_CONFIG_BYTES,
      },
    );
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    const why = e instanceof Error ? e.message : String(e);
    throw new HfConfigError('malformed-json', `This is not JSON: ${why.slice(0, 120)}`);
  }
  return readHfConfig(value, opts);
}
