// Weight-file presets the predictor accepts beside the kernel formats of ./format-registry: the
// formats models are published in (llama.cpp k-quants, AWQ/GPTQ, FP8), each with its bits per
// weight and the source of that figure. They are prediction-side only: no kernel is measured in
// them, so measured mode times each with the registered kernel format nearest in bits per weight
// (core/formats `nearestKernel`), scaled by bytes. The benchmark's tables and run plans list the
// registry alone (its `servesModels`).
//
// `layout` names the file layout the engine model (src/model/llm/weight-layout.ts) splits into the
// per-layer matrices, the output head and the embedding, each at its own bits.

import type { FileFamily, FileLayoutId } from './weight-files';

export interface FormatPreset {
  /** Canonical id, as the CLI's --weights and the page name it. */
  id: string;
  /** Other names accepted, case-insensitively. */
  aliases: readonly string[];
  description: string;
  /**
   * Bits per weight as the source gives them: of a whole file, every tensor included ('file',
   * measured on `model`), or of the quantised layer matrices alone ('body').
   */
  bitsPerWeight: number;
  bitsOf: { kind: 'file'; model: string } | { kind: 'body' };
  /** The layout rule in src/model/llm/weight-layout.ts. */
  layout: FileLayoutId;
  /** The engines' file families that load it: the fit advice offers it on their engines. */
  loadedBy: readonly FileFamily[];
  /** Where bitsPerWeight comes from. */
  source: string;
}

const LLAMA_CPP_BPW =
  'llama.cpp tools/quantize/README.md, "Llama 2 7B" table of bits per weight (https://github.com/ggml-org/llama.cpp/blob/master/tools/quantize/README.md)';

const LLAMA_2_7B_FILE = { kind: 'file', model: 'llama-2-7b' } as const;

/**
 * AWQ and GPTQ at group size 128: int4 weights, one f16 scale and one packed 4-bit zero point per
 * 128 weights: 4 + 16/128 + 4/128 = 4.156 bits (AutoAWQ WQLinear_GEMM qweight/qzeros/scales;
 * AutoGPTQ QuantLinear). lm_head and the embedding stay FP16 (neither quantises them by default).
 */
const INT4_G128_BITS = 4 + 16 / 128 + 4 / 128;

/**
 * mlx_lm's default quantisation: affine, group size 64, one scale and one bias per group in the
 * model's 16-bit type, every Linear and Embedding (lm_head and the token embedding included):
 * 4 + 2 · 16 / 64 = 4.5 and 8 + 0.5 = 8.5 bits per weight (as src/model/llm/weight-layout.ts).
 */
const MLX_4BIT_BITS = 4 + (2 * 16) / 64;
const MLX_8BIT_BITS = 8 + (2 * 16) / 64;
const MLX_QUANT_SOURCE =
  'mlx_lm/utils.py quantize_model (group size 64, 4 bits by default) and mlx.core.quantize (one scale and one bias per group), https://github.com/ml-explore/mlx-lm';

export const FORMAT_PRESETS: readonly FormatPreset[] = [
  {
    id: 'q4_k_m',
    aliases: ['q4km'],
    description: 'llama.cpp Q4_K_M (k-quant mix, output head Q6_K)',
    bitsPerWeight: 4.84,
    layout: 'q4_k_m',
    loadedBy: ['gguf'],
    bitsOf: LLAMA_2_7B_FILE,
    source: LLAMA_CPP_BPW,
  },
  {
    id: 'q5_k_m',
    aliases: ['q5km'],
    description: 'llama.cpp Q5_K_M (k-quant mix, output head Q6_K)',
    bitsPerWeight: 5.68,
    layout: 'q5_k_m',
    loadedBy: ['gguf'],
    bitsOf: LLAMA_2_7B_FILE,
    source: LLAMA_CPP_BPW,
  },
  {
    id: 'q6_k',
    aliases: ['q6k'],
    description: 'llama.cpp Q6_K',
    bitsPerWeight: 6.56,
    layout: 'q6_k',
    loadedBy: ['gguf'],
    bitsOf: LLAMA_2_7B_FILE,
    source: LLAMA_CPP_BPW,
  },
  {
    id: 'awq-g128',
    aliases: ['awq'],
    description: 'AWQ int4, group size 128 (head and embedding FP16)',
    bitsPerWeight: INT4_G128_BITS,
    layout: 'int4-g128',
    loadedBy: ['other'],
    bitsOf: { kind: 'body' },
    source:
      'AutoAWQ WQLinear_GEMM: int4 weights, f16 scale and 4-bit zero point per 128 (https://github.com/casper-hansen/AutoAWQ); body bits only, head and embedding FP16',
  },
  {
    id: 'gptq-g128',
    aliases: ['gptq'],
    description: 'GPTQ int4, group size 128 (head and embedding FP16)',
    bitsPerWeight: INT4_G128_BITS,
    layout: 'int4-g128',
    loadedBy: ['other'],
    bitsOf: { kind: 'body' },
    source:
      'AutoGPTQ QuantLinear: int4 weights, f16 scale and 4-bit zero point per 128 (https://github.com/AutoGPTQ/AutoGPTQ); body bits only, head and embedding FP16',
  },
  {
    id: 'mlx-4bit',
    aliases: ['mlx4', 'mlx-q4'],
    description: 'MLX 4-bit, group size 64 (embedding and head quantised too)',
    bitsPerWeight: MLX_4BIT_BITS,
    layout: 'mlx-4bit',
    // MLX's own files: only MLX loads them, which the file families do not tell apart.
    loadedBy: [],
    bitsOf: { kind: 'body' },
    source: MLX_QUANT_SOURCE,
  },
  {
    id: 'mlx-8bit',
    aliases: ['mlx8', 'mlx-q8'],
    description: 'MLX 8-bit, group size 64 (embedding and head quantised too)',
    bitsPerWeight: MLX_8BIT_BITS,
    layout: 'mlx-8bit',
    // MLX's own files: only MLX loads them, which the file families do not tell apart.
    loadedBy: [],
    bitsOf: { kind: 'body' },
    source: MLX_QUANT_SOURCE,
  },
  {
    id: 'fp8',
    aliases: ['fp8-e4m3', 'e4m3'],
    description: 'FP8 E4M3 linear layers (head and embedding BF16)',
    bitsPerWeight: 8,
    layout: 'fp8',
    loadedBy: ['other'],
    bitsOf: { kind: 'body' },
    source:
      'OCP 8-bit floating point specification (E4M3, one byte per weight, per-tensor scale); NVIDIA ModelOpt / vLLM FP8 checkpoints keep lm_head and the embedding in BF16',
  },
];

/** The preset for a name or alias (case-insensitive), or undefined. */
export function findPreset(name: string): FormatPreset | undefined {
  const key = name.trim().toLowerCase();
  return FORMAT_PRESETS.find((p) => p.id === key || p.aliases.includes(key));
}
