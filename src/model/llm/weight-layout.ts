// How a weight file stores a model: the per-layer matrices, the output head and the embedding
// each at their own bits per weight. llama.cpp keeps output.weight at Q6_K in Q4_0 and k-quant
// files, so a Q4_0 Llama-3-8B file is 4.63 bits per weight overall, not 4.5.

import { entryBitsPerWeight, FORMATS, type FormatId, formatEntry } from '../../core/formats';
import type { FileFamily, FileLayoutId } from '../../core/weight-files';
import { type ModelConfig, matrixWeightsRead, paramCount } from './models';

/** Bits per weight of ggml's block types, scales included (ggml-common.h block structs). */
export const GGML_TYPE_BITS = {
  /** block_q4_0: 32 weights in 2 + 16 bytes. */
  Q4_0: (18 * 8) / 32,
  /** block_q8_0: 32 weights in 2 + 32 bytes. */
  Q8_0: (34 * 8) / 32,
  /** block_q5_0: 32 weights in 2 + 4 + 16 bytes. */
  Q5_0: (22 * 8) / 32,
  /** block_q4_K: 256 weights in 144 bytes. */
  Q4_K: (144 * 8) / 256,
  /** block_q5_K: 256 weights in 176 bytes. */
  Q5_K: (176 * 8) / 256,
  /** block_q6_K: 256 weights in 210 bytes. */
  Q6_K: (210 * 8) / 256,
  F16: 16,
} as const;

export const GGML_SOURCE =
  'ggml block sizes: ggml/src/ggml-common.h; output.weight → Q6_K unless the file type is Q8_0 or unquantised: llama_tensor_get_type, src/llama-quant.cpp (https://github.com/ggml-org/llama.cpp)';

/**
 * How a shader turns the layer matrices' stored weights into numbers to multiply: 'none' (float
 * weights), 'block' (one scale, maybe a zero, per block: Q4_0, Q8_0, q4f16_1, AWQ/GPTQ, FP8 with
 * no FP8 units) or 'k-quant' (llama.cpp's 256-weight super-blocks whose sub-block scales and mins
 * are packed in 6 bits and unpacked too: Q4_K, Q5_K, Q6_K; ggml-common.h block_q4_K).
 */
export type WeightUnpack = 'none' | 'block' | 'k-quant';

export interface WeightLayout {
  /** Format as named in the data ('Q4_0', 'Q4_K_M', 'q4f16_1', 'FP8', …). */
  format: string;
  /** Bits per weight of the per-layer projection matrices, scales included. */
  bodyBits: number;
  /** Bits per weight of the output head (for tied models, the shared table). */
  headBits: number;
  /** Bits per weight of the token embedding table (tied models: the same as the head). */
  embeddingBits: number;
  /** What unpacking the layer matrices' weights takes (WeightUnpack). */
  unpack: WeightUnpack;
  /** Where the split comes from. */
  source: string;
}

interface LayoutRule {
  body: number;
  head: number;
  embedding: number;
  unpack: WeightUnpack;
  /** A file's overall bits per weight pins the body bits (mixed k-quants vary by model). */
  bodyFromFile: boolean;
  source: string;
}

const T = GGML_TYPE_BITS;

/** AWQ / GPTQ g128: int4 + an f16 scale and a 4-bit zero per 128 weights (core/format-presets). */
const INT4_G128 = 4 + 16 / 128 + 4 / 128;

/** MLX affine quantisation: `bits` per weight plus a 16-bit scale and a 16-bit bias per group of 64. */
const MLX_GROUP = 64;
export const MLX_AFFINE_BITS = (bits: number): number => bits + (2 * 16) / MLX_GROUP;

export const MLX_SOURCE =
  'mlx_lm.convert -q (mlx_lm/utils.py quantize_model: affine mode defaults group_size 64, bits 4; every module with to_quantized, i.e. each Linear and Embedding incl. lm_head); mlx.core.quantize docs: affine scale type "same as input", with a bias (https://github.com/ml-explore/mlx-lm, https://ml-explore.github.io/mlx/build/html/python/_autosummary/mlx.core.quantize.html)';

const unquantised = (bits: number): LayoutRule => ({
  body: bits,
  head: bits,
  embedding: bits,
  unpack: 'none',
  bodyFromFile: false,
  source: 'unquantised',
});

const FILE_RULES: Readonly<Record<FileLayoutId, LayoutRule>> = {
  f32: unquantised(32),
  f16: unquantised(16),
  fp16: unquantised(16),
  bf16: unquantised(16),
  q8_0: {
    unpack: 'block',
    body: T.Q8_0,
    head: T.Q8_0,
    embedding: T.Q8_0,
    bodyFromFile: false,
    source: GGML_SOURCE,
  },
  q5_0: {
    unpack: 'block',
    body: T.Q5_0,
    head: T.Q6_K,
    embedding: T.Q5_0,
    bodyFromFile: true,
    source: GGML_SOURCE,
  },
  q4_0: {
    unpack: 'block',
    body: T.Q4_0,
    head: T.Q6_K,
    embedding: T.Q4_0,
    bodyFromFile: true,
    source: GGML_SOURCE,
  },
  q4_k_m: {
    unpack: 'k-quant',
    body: T.Q4_K,
    head: T.Q6_K,
    embedding: T.Q4_K,
    bodyFromFile: true,
    source: GGML_SOURCE,
  },
  q5_k_m: {
    unpack: 'k-quant',
    body: T.Q5_K,
    head: T.Q6_K,
    embedding: T.Q5_K,
    bodyFromFile: true,
    source: GGML_SOURCE,
  },
  q6_k: {
    unpack: 'k-quant',
    body: T.Q6_K,
    head: T.Q6_K,
    embedding: T.Q6_K,
    bodyFromFile: true,
    source: GGML_SOURCE,
  },
  // MLC-LLM q4f16_1: groups of 32 int4 with an f16 scale, embedding and head included.
  q4f16_1: {
    unpack: 'block',
    body: 4.5,
    head: 4.5,
    embedding: 4.5,
    bodyFromFile: false,
    source: 'MLC-LLM quantization q4f16_1 (group 32, f16 scale), https://llm.mlc.ai/docs/',
  },
  // MLC-LLM q4f32_1: the same groups of 32 int4 with an f32 scale (4 + 32 / 32 = 5 bits).
  q4f32_1: {
    unpack: 'block',
    body: 5,
    head: 5,
    embedding: 5,
    bodyFromFile: false,
    source: 'MLC-LLM quantization q4f32_1 (group 32, f32 scale), https://llm.mlc.ai/docs/',
  },
  // mlx_lm.convert -q: affine groups of 64 (default), one scale and one bias per group in the
  // model's dtype (bf16/fp16), and every Linear and Embedding quantised, lm_head and the token
  // embedding included: 4 + 2 x 16 / 64 = 4.5 bits, 8 + 0.5 = 8.5 bits.
  'mlx-4bit': {
    unpack: 'block',
    body: MLX_AFFINE_BITS(4),
    head: MLX_AFFINE_BITS(4),
    embedding: MLX_AFFINE_BITS(4),
    bodyFromFile: false,
    source: MLX_SOURCE,
  },
  'mlx-8bit': {
    unpack: 'block',
    body: MLX_AFFINE_BITS(8),
    head: MLX_AFFINE_BITS(8),
    embedding: MLX_AFFINE_BITS(8),
    bodyFromFile: false,
    source: MLX_SOURCE,
  },
  // AutoAWQ / AutoGPTQ quantise the decoder's linear layers only: lm_head and embedding stay FP16.
  'int4-g128': {
    unpack: 'block',
    body: INT4_G128,
    head: 16,
    embedding: 16,
    bodyFromFile: false,
    source:
      'AutoAWQ / AutoGPTQ: int4 g128 linear layers (f16 scale, 4-bit zero), lm_head and embedding FP16',
  },
  // FP8 checkpoints (TensorRT-LLM / ModelOpt, vLLM) quantise the linear layers; the embedding
  // and lm_head stay in 16 bits. Assumption, stated with the row it is used for.
  fp8: {
    unpack: 'block',
    body: 8,
    head: 16,
    embedding: 16,
    bodyFromFile: false,
    source: 'assumption: FP8 linear layers, embedding and lm_head kept in BF16 (ModelOpt default)',
  },
};

/**
 * A registered format's own layout, under its id: its bits, scales included, in every tensor
 * (the head and the embedding too), as this project's decoder stores a model.
 */
const uniformRule = (bits: number): LayoutRule => ({
  body: bits,
  head: bits,
  embedding: bits,
  // Below 16 bits, a format of one scale per block.
  unpack: bits < 16 ? 'block' : 'none',
  bodyFromFile: false,
  source: "the format's bits per weight, scales included, in every tensor",
});

const RULES: Readonly<Record<string, LayoutRule>> = {
  ...Object.fromEntries(FORMATS.map((f) => [f.id, uniformRule(entryBitsPerWeight(f))])),
  ...FILE_RULES,
};

/** A layout of `bits` in every tensor: a registered format's own, or a bare bits per weight. */
export function uniformLayout(format: string, bits: number, source?: string): WeightLayout {
  const r = uniformRule(bits);
  return {
    format,
    bodyBits: r.body,
    headBits: r.head,
    embeddingBits: r.embedding,
    unpack: r.unpack,
    source: source ?? r.source,
  };
}

/**
 * The layout rule a registered format stands for on engines of `family`: the file its entry
 * names there, else its own bits in every tensor (the rule named by its id).
 */
export const formatFileRule = (id: FormatId, family: FileFamily): string =>
  formatEntry(id).files[family] ?? id;

export class UnknownLayoutError extends Error {
  constructor(readonly formatName: string) {
    super(`No weight layout for format "${formatName}"`);
    this.name = 'UnknownLayoutError';
  }
}

/**
 * The layout of `format`. Given the file's overall bits per weight (size × 8 / parameters), a
 * llama.cpp quant's body bits are solved from it so the head and embedding keep their own bits.
 */
export function weightLayout(
  model: ModelConfig,
  format: string,
  fileBitsPerWeight?: number,
): WeightLayout {
  const rule = RULES[format.trim().toLowerCase()];
  if (rule === undefined) throw new UnknownLayoutError(format);
  const tiedBits = model.tiedEmbeddings ? rule.head : rule.embedding;
  let bodyBits = rule.body;
  if (rule.bodyFromFile && fileBitsPerWeight !== undefined) {
    const p = paramCount(model);
    const fileBits = fileBitsPerWeight * p.total;
    const rest = p.head * rule.head + p.embedding * tiedBits + p.small * 16;
    bodyBits = (fileBits - rest) / p.layerMatrices;
  }
  return {
    format,
    bodyBits,
    headBits: rule.head,
    embeddingBits: tiedBits,
    unpack: rule.unpack,
    source: rule.source,
  };
}

/** Bytes the weights take in memory (a tied table stored once). */
export function layoutMemoryBytes(model: ModelConfig, layout: WeightLayout): number {
  const p = paramCount(model);
  const bits =
    p.layerMatrices * layout.bodyBits +
    p.head * layout.headBits +
    p.embedding * layout.embeddingBits +
    p.small * 16;
  return bits / 8;
}

/**
 * Weight bytes read per decode step of `tokens` sequences (default 1): every layer matrix (MoE:
 * the experts the tokens touch), the whole output head (a GEMV over the vocabulary, tied or not)
 * at the head's bits, one embedding row, the norms.
 */
export function layoutDecodeBytes(model: ModelConfig, layout: WeightLayout, tokens = 1): number {
  const p = paramCount(model);
  const headWeights = model.vocabSize * model.hiddenSize;
  const body = matrixWeightsRead(model, tokens) - headWeights;
  const bits =
    body * layout.bodyBits +
    headWeights * layout.headBits +
    model.hiddenSize * layout.embeddingBits +
    p.small * 16;
  return bits / 8;
}

/** Overall bits per weight of a file with this layout (what llama.cpp prints as BPW). */
export function layoutFileBits(model: ModelConfig, layout: WeightLayout): number {
  return (layoutMemoryBytes(model, layout) * 8) / paramCount(model).total;
}
