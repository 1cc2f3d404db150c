// Models the calibration data measures that the page's catalogue does not offer: their config.json
// architecture fields, read through ../hf-config like a catalogue entry. Used only to place the
// calibration rows (bytes and FLOPs per token); the fit never sees a model name.

import { readHfConfig } from '../llm/hf-config/read';
import { findModel, getModel, type ModelConfig } from '../llm/models';

const hf = (repo: string) => `https://huggingface.co/${repo}/blob/main/config.json`;

interface CalibrationModel {
  id: string;
  name: string;
  repo: string;
  config: Readonly<Record<string, unknown>>;
  publishedParams: number;
}

const ENTRIES: readonly CalibrationModel[] = [
  {
    id: 'qwen3-0.6b',
    name: 'Qwen3 0.6B',
    repo: 'Qwen/Qwen3-0.6B',
    config: {
      model_type: 'qwen3',
      hidden_size: 1024,
      num_hidden_layers: 28,
      num_attention_heads: 16,
      num_key_value_heads: 8,
      head_dim: 128,
      intermediate_size: 3072,
      vocab_size: 151936,
      max_position_embeddings: 40960,
      use_sliding_window: false,
      tie_word_embeddings: true,
    },
    publishedParams: 0.6e9, // model card "Number of Parameters: 0.6B"
  },
  {
    // Qwen3 4B (dense; the 2507 Instruct release has the same matrices). Fields cross-checked with
    // the Qwen3-4B model card: 36 layers, 32 Q / 8 KV heads, 4.0B parameters.
    id: 'qwen3-4b',
    name: 'Qwen3 4B',
    repo: 'Qwen/Qwen3-4B-Instruct-2507',
    config: {
      model_type: 'qwen3',
      hidden_size: 2560,
      num_hidden_layers: 36,
      num_attention_heads: 32,
      num_key_value_heads: 8,
      head_dim: 128,
      intermediate_size: 9728,
      vocab_size: 151936,
      max_position_embeddings: 262144,
      use_sliding_window: false,
      tie_word_embeddings: true,
    },
    publishedParams: 4.0e9, // model card "Number of Parameters: 4.0B"
  },
  {
    // Gemma 2 2B (dense; the -it release has the same matrices): the Intel Arc Vulkan rows of
    // ggml-org/llama.cpp PR 14001 run gemma-2-2b-it. Fields as google/gemma-2-2b's config.json
    // (a stored copy: hidden 2304, 26 layers, 8 Q / 4 KV heads, head_dim 256, FFN 9216, vocab
    // 256000, sliding window 4096; gemma2 ties its embeddings by default); llama-bench prints
    // 2.61 B parameters for the GGUF.
    id: 'gemma-2-2b',
    name: 'Gemma 2 2B',
    repo: 'google/gemma-2-2b',
    config: {
      model_type: 'gemma2',
      hidden_size: 2304,
      num_hidden_layers: 26,
      num_attention_heads: 8,
      num_key_value_heads: 4,
      head_dim: 256,
      intermediate_size: 9216,
      vocab_size: 256000,
      max_position_embeddings: 8192,
      sliding_window: 4096,
    },
    publishedParams: 2.61e9, // llama-bench "2.61 B" (PR 14001's tables)
  },
  {
    // Qwen2.5 0.5B (dense; the Instruct release has the same matrices): the browser-llm-lab rows
    // run it in WebLLM and transformers.js. Fields as Qwen/Qwen2.5-0.5B-Instruct's config.json
    // (stored copies agree: hidden 896, 24 layers, 14 Q / 2 KV heads, FFN 4864, vocab 151936,
    // tied embeddings, 32768 positions).
    id: 'qwen2.5-0.5b',
    name: 'Qwen2.5 0.5B',
    repo: 'Qwen/Qwen2.5-0.5B-Instruct',
    config: {
      model_type: 'qwen2',
      hidden_size: 896,
      num_hidden_layers: 24,
      num_attention_heads: 14,
      num_key_value_heads: 2,
      intermediate_size: 4864,
      vocab_size: 151936,
      max_position_embeddings: 32768,
      use_sliding_window: false,
      tie_word_embeddings: true,
    },
    publishedParams: 0.49e9, // model card "Number of Parameters: 0.49B"
  },
  {
    // Qwen2.5 1.5B (dense; the Instruct release has the same matrices): jptmoore/beingdb-webllm's
    // WebLLM prefill row. Fields as Qwen/Qwen2.5-1.5B-Instruct's config.json (stored copies agree:
    // hidden 1536, 28 layers, 12 Q / 2 KV heads, FFN 8960, vocab 151936, tied embeddings).
    id: 'qwen2.5-1.5b',
    name: 'Qwen2.5 1.5B',
    repo: 'Qwen/Qwen2.5-1.5B-Instruct',
    config: {
      model_type: 'qwen2',
      hidden_size: 1536,
      num_hidden_layers: 28,
      num_attention_heads: 12,
      num_key_value_heads: 2,
      intermediate_size: 8960,
      vocab_size: 151936,
      max_position_embeddings: 32768,
      use_sliding_window: false,
      tie_word_embeddings: true,
    },
    publishedParams: 1.54e9, // model card "Number of Parameters: 1.54B"
  },
  {
    // SmolLM3 is a Llama decoder with RoPE left out of every fourth layer (NoPE): the same
    // matrices and the same bytes and FLOPs per token, so it is read as model_type llama.
    id: 'smollm3-3b',
    name: 'SmolLM3 3B',
    repo: 'HuggingFaceTB/SmolLM3-3B',
    config: {
      model_type: 'llama',
      hidden_size: 2048,
      num_hidden_layers: 36,
      num_attention_heads: 16,
      num_key_value_heads: 4,
      intermediate_size: 11008,
      vocab_size: 128256,
      max_position_embeddings: 65536,
      tie_word_embeddings: true,
    },
    publishedParams: 3e9, // model card "3B"
  },
];

const MODELS: readonly ModelConfig[] = ENTRIES.map((e) =>
  readHfConfig(e.config, {
    id: e.id,
    name: e.name,
    source: hf(e.repo),
    publishedParams: e.publishedParams,
  }),
);

/** A catalogue model, or one of the calibration-only models above. */
export function calibrationModel(id: string): ModelConfig {
  const key = id.trim().toLowerCase();
  return MODELS.find((m) => m.id === key) ?? findModel(key) ?? getModel(key);
}
