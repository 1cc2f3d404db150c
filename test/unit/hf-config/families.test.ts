// One config.json per family, written from the published config.json of the model named (the
// architecture keys only), through the reader: parameter counts against the published figures.

import { describe, expect, it } from 'vitest';
import { readHfConfig } from '../../../src/model/llm/hf-config/read';
import {
  kvCacheBytes,
  kvElementsPerLayer,
  layerWindows,
  paramCount,
} from '../../../src/model/llm/models';
import {
  LLAMA_3_1_8B_CONFIG,
  MIXTRAL_8X7B_CONFIG,
  QWEN3_30B_A3B_CONFIG,
} from '../../fixtures/hf-configs';

interface Case {
  family: string;
  repo: string;
  config: Record<string, unknown>;
  total: number;
  active?: number;
  /** Which parameters the publisher's active count holds. */
  activeCounts?: 'with-embedding' | 'without-embedding';
  /** The published figure's last digit, for rounding: 0.1e9 for "3.3B". */
  unit?: number;
  source: string;
}

const CASES: Case[] = [
  {
    family: 'llama',
    repo: 'meta-llama/Llama-3.1-8B',
    config: LLAMA_3_1_8B_CONFIG,
    total: 8_030_261_248,
    source: 'safetensors metadata',
  },
  {
    family: 'mistral',
    repo: 'mistralai/Mistral-7B-v0.1',
    config: {
      model_type: 'mistral',
      hidden_size: 4096,
      num_hidden_layers: 32,
      num_attention_heads: 32,
      num_key_value_heads: 8,
      intermediate_size: 14336,
      vocab_size: 32000,
      max_position_embeddings: 32768,
      sliding_window: 4096,
    },
    total: 7_241_732_096,
    source: 'safetensors metadata',
  },
  {
    family: 'qwen2',
    repo: 'Qwen/Qwen2.5-7B',
    config: {
      model_type: 'qwen2',
      hidden_size: 3584,
      num_hidden_layers: 28,
      num_attention_heads: 28,
      num_key_value_heads: 4,
      intermediate_size: 18944,
      vocab_size: 152064,
      max_position_embeddings: 131072,
      use_sliding_window: false,
      sliding_window: 131072,
      tie_word_embeddings: false,
    },
    total: 7_615_616_512,
    source: 'safetensors metadata; model card "7.61B"',
  },
  {
    family: 'qwen3',
    repo: 'Qwen/Qwen3-8B',
    config: {
      model_type: 'qwen3',
      hidden_size: 4096,
      num_hidden_layers: 36,
      num_attention_heads: 32,
      num_key_value_heads: 8,
      head_dim: 128,
      intermediate_size: 12288,
      vocab_size: 151936,
      max_position_embeddings: 40960,
      tie_word_embeddings: false,
    },
    total: 8.2e9,
    unit: 0.1e9,
    source: 'model card "8.2B"',
  },
  {
    family: 'gemma',
    repo: 'google/gemma-7b',
    config: {
      model_type: 'gemma',
      hidden_size: 3072,
      num_hidden_layers: 28,
      num_attention_heads: 16,
      num_key_value_heads: 16,
      head_dim: 256,
      intermediate_size: 24576,
      vocab_size: 256000,
      max_position_embeddings: 8192,
    },
    total: 8_537_680_896,
    source: 'safetensors metadata ("8.54B")',
  },
  {
    family: 'gemma2',
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
    total: 2_614_341_888,
    source: 'safetensors metadata ("2.61B")',
  },
  {
    family: 'gemma3',
    repo: 'google/gemma-3-1b-pt',
    config: {
      model_type: 'gemma3_text',
      hidden_size: 1152,
      num_hidden_layers: 26,
      num_attention_heads: 4,
      num_key_value_heads: 1,
      head_dim: 256,
      intermediate_size: 6912,
      vocab_size: 262144,
      max_position_embeddings: 32768,
      sliding_window: 512,
      sliding_window_pattern: 6,
    },
    total: 999_885_952,
    source: 'safetensors metadata ("1,000M")',
  },
  {
    family: 'phi3',
    repo: 'microsoft/Phi-3-mini-4k-instruct',
    config: {
      model_type: 'phi3',
      hidden_size: 3072,
      num_hidden_layers: 32,
      num_attention_heads: 32,
      num_key_value_heads: 32,
      intermediate_size: 8192,
      vocab_size: 32064,
      max_position_embeddings: 4096,
      sliding_window: 2047,
      tie_word_embeddings: false,
    },
    total: 3_821_079_552,
    source: 'safetensors metadata; model card "3.8B"',
  },
  {
    family: 'mixtral',
    repo: 'mistralai/Mixtral-8x7B-v0.1',
    config: MIXTRAL_8X7B_CONFIG,
    total: 46_702_792_704,
    active: 12.9e9,
    activeCounts: 'with-embedding',
    source: 'safetensors metadata; Mistral AI, "Mixtral of experts": 12.9B per token',
  },
  {
    family: 'qwen2_moe',
    repo: 'Qwen/Qwen1.5-MoE-A2.7B',
    config: {
      model_type: 'qwen2_moe',
      hidden_size: 2048,
      num_hidden_layers: 24,
      num_attention_heads: 16,
      num_key_value_heads: 16,
      intermediate_size: 5632,
      moe_intermediate_size: 1408,
      shared_expert_intermediate_size: 5632,
      num_experts: 60,
      num_experts_per_tok: 4,
      vocab_size: 151936,
      max_position_embeddings: 8192,
      tie_word_embeddings: false,
    },
    total: 14.3e9,
    active: 2.7e9,
    activeCounts: 'with-embedding',
    unit: 0.1e9,
    source: 'Qwen blog "Qwen1.5-MoE" (2024-03-28): 14.3B total, 2.7B activated',
  },
  {
    family: 'qwen3_moe',
    repo: 'Qwen/Qwen3-30B-A3B',
    config: QWEN3_30B_A3B_CONFIG,
    total: 30.5e9,
    // The card's "3.3B" is 3.35B cut to two digits: a two-digit figure is ±1.5 % by itself.
    active: 3.3e9,
    activeCounts: 'with-embedding',
    unit: 0.11e9,
    source: 'model card "30.5B in total and 3.3B activated"',
  },
  {
    family: 'deepseek_v2',
    repo: 'deepseek-ai/DeepSeek-V2',
    config: {
      model_type: 'deepseek_v2',
      hidden_size: 5120,
      num_hidden_layers: 60,
      num_attention_heads: 128,
      num_key_value_heads: 128,
      intermediate_size: 12288,
      moe_intermediate_size: 1536,
      n_routed_experts: 160,
      n_shared_experts: 2,
      num_experts_per_tok: 6,
      first_k_dense_replace: 1,
      moe_layer_freq: 1,
      q_lora_rank: 1536,
      kv_lora_rank: 512,
      qk_nope_head_dim: 128,
      qk_rope_head_dim: 64,
      v_head_dim: 128,
      vocab_size: 102400,
      max_position_embeddings: 163840,
    },
    total: 236e9,
    active: 21e9,
    activeCounts: 'without-embedding',
    unit: 1e9,
    source: 'DeepSeek-AI, "DeepSeek-V2" (arXiv:2405.04434): 236B total, 21B activated',
  },
  {
    family: 'deepseek_v3',
    repo: 'deepseek-ai/DeepSeek-V3',
    config: {
      model_type: 'deepseek_v3',
      hidden_size: 7168,
      num_hidden_layers: 61,
      num_attention_heads: 128,
      num_key_value_heads: 128,
      intermediate_size: 18432,
      moe_intermediate_size: 2048,
      n_routed_experts: 256,
      n_shared_experts: 1,
      num_experts_per_tok: 8,
      first_k_dense_replace: 3,
      q_lora_rank: 1536,
      kv_lora_rank: 512,
      qk_nope_head_dim: 128,
      qk_rope_head_dim: 64,
      v_head_dim: 128,
      vocab_size: 129280,
      max_position_embeddings: 163840,
      rope_scaling: { type: 'yarn', factor: 40, original_max_position_embeddings: 4096 },
    },
    total: 671e9,
    active: 37e9,
    activeCounts: 'without-embedding',
    unit: 1e9,
    source:
      'DeepSeek-AI, "DeepSeek-V3 Technical Report" (arXiv:2412.19437): 671B total, 37B activated',
  },
  {
    family: 'gpt_oss',
    repo: 'openai/gpt-oss-20b',
    config: {
      model_type: 'gpt_oss',
      hidden_size: 2880,
      num_hidden_layers: 24,
      num_attention_heads: 64,
      num_key_value_heads: 8,
      head_dim: 64,
      intermediate_size: 2880,
      num_local_experts: 32,
      num_experts_per_tok: 4,
      vocab_size: 201088,
      max_position_embeddings: 131072,
      sliding_window: 128,
      attention_bias: true,
      tie_word_embeddings: false,
    },
    total: 20.91e9,
    active: 3.61e9,
    activeCounts: 'without-embedding',
    source: 'gpt-oss model card (arXiv:2508.10925), Table 1: 20.91B total, 3.61B active',
  },
];

/** Within 1 %, or within the rounding of a figure published to fewer digits. */
const tolerance = (published: number, unit?: number) =>
  Math.max(0.01, unit === undefined ? 0 : unit / 2 / published);

describe('config.json families: parameter counts against the published ones', () => {
  it.each(CASES.map((c) => [c.family, c] as const))('%s', (_f, c) => {
    const m = readHfConfig(c.config);
    const p = paramCount(m);
    expect(Math.abs(p.total / c.total - 1)).toBeLessThan(tolerance(c.total, c.unit));
    if (c.active !== undefined) {
      expect(m.moe).toBeDefined();
      const active = c.activeCounts === 'with-embedding' ? p.active : p.active - p.embedding;
      expect(Math.abs(active / c.active - 1)).toBeLessThan(tolerance(c.active, c.unit));
      expect(p.active).toBeLessThan(p.total / 2);
    } else {
      expect(p.active).toBe(p.total);
    }
    expect(c.source.length).toBeGreaterThan(5);
  });

  it('covers every family the issue lists', () => {
    expect(CASES.map((c) => c.family)).toEqual(
      expect.arrayContaining([
        'llama',
        'mistral',
        'qwen2',
        'qwen3',
        'gemma',
        'gemma2',
        'gemma3',
        'phi3',
        'mixtral',
        'qwen2_moe',
        'qwen3_moe',
        'deepseek_v2',
        'deepseek_v3',
        'gpt_oss',
      ]),
    );
  });
});

describe('config.json families: what each family adds', () => {
  it('llama 3.1: 128k context; the name from _name_or_path', () => {
    const m = readHfConfig(LLAMA_3_1_8B_CONFIG);
    expect(m.maxContextTokens).toBe(131072);
    expect(m.name).toBe('meta-llama/Llama-3.1-8B');
    expect(m.id).toBe('hf:meta-llama-llama-3.1-8b');
    expect(m.slidingWindow).toBeUndefined();
  });

  it('rope_scaling yarn stretches the context; llama3 and longrope keep max_position_embeddings', () => {
    const yarn = {
      ...LLAMA_3_1_8B_CONFIG,
      max_position_embeddings: 32768,
      rope_scaling: { rope_type: 'yarn', factor: 4, original_max_position_embeddings: 32768 },
    };
    expect(readHfConfig(yarn).maxContextTokens).toBe(131072);
    const noOriginal = { ...yarn, rope_scaling: { type: 'linear', factor: 2 } };
    expect(readHfConfig(noOriginal).maxContextTokens).toBe(65536);
  });

  it('mistral v0.1: every layer windowed at 4096, so the KV cache stops growing there', () => {
    const m = readHfConfig(CASES[1]?.config);
    expect(m.slidingWindow).toBe(4096);
    expect(kvCacheBytes(m, 8192)).toBe(kvCacheBytes(m, 4096));
    expect(kvCacheBytes(m, 4096)).toBe(2 * 32 * 8 * 128 * 2 * 4096);
  });

  it('gemma 2: head_dim 256 ≠ hidden/heads, even layers local, tied embeddings', () => {
    const m = readHfConfig(CASES[5]?.config);
    expect(m.headDim).toBe(256);
    expect(m.hiddenSize / m.attentionHeads).not.toBe(256);
    expect(m.tiedEmbeddings).toBe(true);
    expect(m.layerAttention?.slice(0, 4)).toEqual(['sliding', 'full', 'sliding', 'full']);
    // 13 global layers hold all 8192 tokens, 13 local ones 4096.
    const perLayerToken = 2 * 4 * 256 * 2;
    expect(kvCacheBytes(m, 8192)).toBe(perLayerToken * (13 * 8192 + 13 * 4096));
  });

  it('gemma 3: five local layers to one global; nested text_config reads the same', () => {
    const cfg = CASES[6]?.config ?? {};
    const m = readHfConfig(cfg);
    expect(layerWindows(m).filter((w) => w === 512)).toHaveLength(22);
    expect(m.layerAttention?.[5]).toBe('full');
    const nested = readHfConfig({
      model_type: 'gemma3',
      _name_or_path: 'google/gemma-3-x',
      text_config: { ...cfg, model_type: 'gemma3_text' },
    });
    expect(paramCount(nested).total).toBe(paramCount(m).total);
    expect(nested.name).toBe('google/gemma-3-x');
  });

  it('deepseek: MLA caches kv_lora_rank + qk_rope_head_dim values per token per layer', () => {
    const m = readHfConfig(CASES[12]?.config);
    expect(kvElementsPerLayer(m)).toBe(512 + 64);
    expect(kvCacheBytes(m, 1000)).toBe(61 * 576 * 2 * 1000);
    expect(m.moe?.denseLayers).toEqual([0, 1, 2]);
    expect(m.maxContextTokens).toBe(163840);
  });

  it('gpt-oss: alternating 128-token windows, first layer local', () => {
    const m = readHfConfig(CASES[13]?.config);
    expect(m.layerAttention?.slice(0, 2)).toEqual(['sliding', 'full']);
    expect(m.slidingWindow).toBe(128);
  });

  it('layer_types, where a config lists them, decide each layer', () => {
    const types = Array.from({ length: 32 }, (_, i) =>
      i < 30 ? 'full_attention' : 'sliding_attention',
    );
    const m = readHfConfig({ ...CASES[1]?.config, layer_types: types });
    expect(layerWindows(m).filter(Number.isFinite)).toHaveLength(2);
  });
});
