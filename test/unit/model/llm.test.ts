import { describe, expect, it } from 'vitest';
import { resolveFormat } from '../../../src/core/formats';
import {
  decodeFlops,
  decodeWeightBytes,
  getModel,
  kvBytesPerToken,
  kvCacheBytes,
  MODELS,
  type ModelConfig,
  modelMatrices,
  paramCount,
  prefillFlops,
  UnknownModelError,
  weightMemoryBytes,
} from '../../../src/model/llm/models';

// Rounded figures from the model cards (independent of the exact counts stored in the catalogue).
const MODEL_CARD_BILLIONS: Record<string, number> = {
  'smollm2-135m': 0.135,
  'llama-3.2-1b': 1.23,
  'llama-3.2-3b': 3.21,
  'phi-3.5-mini': 3.8,
  'llama-2-7b': 6.74,
  'mistral-7b-v0.1': 7.24,
  'mistral-7b-v0.3': 7.25,
  'qwen2.5-7b': 7.61,
  'llama-3-8b': 8.03,
  'llama-2-13b': 13.0,
  'llama-3-70b': 70.6,
  'llama-3.1-8b': 8.03,
  'llama-3.1-70b': 70.6,
  'llama-3.3-70b': 70.6,
  'qwen2.5-14b': 14.7,
  'qwen2.5-32b': 32.5,
  'qwen2.5-72b': 72.7,
  'qwen3-8b': 8.2,
  'qwen3-30b-a3b': 30.5,
  'gemma-2-9b': 9.24,
  'gemma-2-27b': 27.2,
  'mixtral-8x7b': 46.7,
  'gpt-oss-20b': 20.9,
  'deepseek-v3': 671,
};

// A config small enough to do by hand.
const tiny: ModelConfig = {
  id: 'tiny',
  name: 'tiny',
  hiddenSize: 64,
  layers: 2,
  attentionHeads: 4,
  kvHeads: 2,
  headDim: 16,
  intermediateSize: 128,
  vocabSize: 1000,
  tiedEmbeddings: false,
  qkvBias: false,
  publishedParams: 0,
  maxContextTokens: 4096,
  source: 'test',
};

describe('model catalogue', () => {
  it('has the required models, each with a config.json source', () => {
    for (const id of [
      'llama-3-8b',
      'llama-3-70b',
      'llama-2-7b',
      'llama-2-13b',
      'llama-3.2-1b',
      'llama-3.2-3b',
      'mistral-7b',
      'qwen2.5-7b',
    ]) {
      const m = getModel(id);
      expect(m.source).toMatch(/^https:\/\/huggingface\.co\/.+config\.json$/);
    }
    expect(getModel('mistral-7b').id).toBe('mistral-7b-v0.3');
    expect(() => getModel('gpt-5')).toThrow(UnknownModelError);
    expect(() => getModel('gpt-5')).toThrow(/llama-3-8b/);
  });

  it.each(MODELS.map((m) => [m.id, m] as const))(
    '%s: parameter count matches the published one',
    (_id, m) => {
      const total = paramCount(m).total;
      expect(m.publishedParams).toBeDefined();
      expect(Math.abs(total / (m.publishedParams ?? 0) - 1)).toBeLessThan(0.01);
      const card = MODEL_CARD_BILLIONS[m.id];
      expect(card).toBeDefined();
      expect(Math.abs(total / ((card ?? 0) * 1e9) - 1)).toBeLessThan(0.01);
    },
  );

  it('reproduces well-known exact counts', () => {
    expect(paramCount(getModel('llama-2-7b')).total).toBe(6_738_415_616);
    expect(paramCount(getModel('llama-3-8b')).total).toBe(8_030_261_248);
    expect(paramCount(getModel('llama-3-70b')).total).toBe(70_553_706_496);
  });
});

describe('per-operator derivation, by hand on a tiny config', () => {
  it('shapes the fused matrices', () => {
    expect(modelMatrices(tiny)).toEqual([
      { name: 'qkv', n: 4 * 16 + 2 * 2 * 16, k: 64, count: 2 }, // 128 × 64
      { name: 'o', n: 64, k: 64, count: 2 },
      { name: 'gate_up', n: 256, k: 64, count: 2 },
      { name: 'down', n: 64, k: 128, count: 2 },
      { name: 'lm_head', n: 1000, k: 64, count: 1 },
    ]);
  });

  it('counts parameters', () => {
    const per = 128 * 64 + 64 * 64 + 256 * 64 + 64 * 128; // 36 864
    expect(paramCount(tiny)).toEqual({
      layerMatrices: 2 * per,
      activeLayerMatrices: 2 * per,
      embedding: 64_000,
      head: 64_000,
      small: 2 * 2 * 64 + 64,
      total: 2 * per + 128_000 + 320,
      active: 2 * per + 128_000 + 320,
    });
  });

  it('counts bytes read per decoded token: all matrices, the full head, one embedding row', () => {
    const matrices = 2 * 36_864 + 64_000; // layers + head GEMV
    const smallBytes = 320 * 2;
    expect(decodeWeightBytes(tiny, resolveFormat('fp16'))).toBe((matrices + 64) * 2 + smallBytes);
    expect(decodeWeightBytes(tiny, resolveFormat('int4'))).toBe(
      ((matrices + 64) * 4.5) / 8 + smallBytes,
    );
    expect(decodeWeightBytes(tiny, resolveFormat('q8_0'))).toBe(
      ((matrices + 64) * 8.5) / 8 + smallBytes,
    );
    // Stored: embedding and head both.
    expect(weightMemoryBytes(tiny, resolveFormat('fp16'))).toBe(
      (2 * 36_864 + 128_000) * 2 + smallBytes,
    );
  });

  it('tied embeddings: stored once, still read in full by the head', () => {
    const tied = { ...tiny, tiedEmbeddings: true };
    expect(paramCount(tied).head).toBe(0);
    expect(weightMemoryBytes(tied, resolveFormat('fp16'))).toBe((2 * 36_864 + 64_000) * 2 + 640);
    expect(decodeWeightBytes(tied, resolveFormat('fp16'))).toBe(
      decodeWeightBytes(tiny, resolveFormat('fp16')),
    );
  });

  it('sizes the KV cache', () => {
    expect(kvBytesPerToken(tiny)).toBe(2 * 2 * 2 * 16 * 2); // K+V × layers × kv heads × dim × fp16
    expect(kvCacheBytes(tiny, 100, 3)).toBe(256 * 300);
    expect(kvCacheBytes(tiny, 100, 1, 1)).toBe(128 * 100); // 8-bit KV
    // Llama 3 8B: 128 KiB per token (GQA, 8 KV heads).
    expect(kvBytesPerToken(getModel('llama-3-8b'))).toBe(131_072);
    expect(kvBytesPerToken(getModel('llama-2-7b'))).toBe(524_288);
  });

  it('counts FLOPs for decode and a causal prefill', () => {
    const linear = 2 * (2 * 36_864 + 64_000);
    const attnPerPos = 4 * 2 * 4 * 16; // QKᵀ and ·V, 2 FLOPs per MAC, every layer and head
    expect(decodeFlops(tiny, 9)).toBe(linear + attnPerPos * 10);
    const P = 8;
    const pf = prefillFlops(tiny, P);
    expect(pf.attention).toBe(attnPerPos * ((P * (P + 1)) / 2));
    expect(pf.linear).toBe(2 * 2 * 36_864 * P + 2 * 64_000); // head only for the last token
    expect(prefillFlops(tiny, P, { logitsForAllTokens: true }).linear).toBe(
      2 * (2 * 36_864 + 64_000) * P,
    );
    expect(pf.total).toBe(pf.linear + pf.attention);
  });

  it('Llama 3 8B FP16 reads ~15.0 GB per token (embedding not read, head read)', () => {
    const m = getModel('llama-3-8b');
    const bytes = decodeWeightBytes(m, resolveFormat('fp16'));
    expect(bytes / 1e9).toBeCloseTo(15.01, 2);
    expect(weightMemoryBytes(m, resolveFormat('fp16')) / 1e9).toBeCloseTo(16.06, 2);
    // Decode: ~16 GFLOP per token (2 × params read).
    expect(decodeFlops(m, 0) / 1e9).toBeCloseTo(15.0, 0);
  });
});
