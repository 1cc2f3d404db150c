import { describe, expect, it } from 'vitest';
import { HfConfigError } from '../../../src/model/llm/hf-config/errors';
import {
  MAX_CONFIG_BYTES,
  parseHfConfigText,
  readHfConfig,
} from '../../../src/model/llm/hf-config/read';

const llama = {
  model_type: 'llama',
  hidden_size: 4096,
  num_hidden_layers: 32,
  num_attention_heads: 32,
  num_key_value_heads: 8,
  intermediate_size: 14336,
  vocab_size: 128256,
  max_position_embeddings: 8192,
};

function failure(f: () => unknown): HfConfigError {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(HfConfigError);
    return e as HfConfigError;
  }
  throw new Error('expected an HfConfigError');
}

describe('config.json: clear, specific errors', () => {
  it('an unknown model_type names it and lists the known ones', () => {
    const e = failure(() => readHfConfig({ ...llama, model_type: 'falcon' }));
    expect(e.code).toBe('unknown-model-type');
    expect(e.message).toBe(
      'Unknown model_type "falcon"; this reads llama, mistral, qwen2, qwen3, gemma, gemma2, gemma3, gemma3_text, phi3, mixtral, qwen2_moe, qwen3_moe, deepseek_v2, deepseek_v3, gpt_oss.',
    );
    expect(failure(() => readHfConfig({ hidden_size: 1 })).code).toBe('unknown-model-type');
  });

  it('a missing field is named', () => {
    const { hidden_size: _, ...rest } = llama;
    const e = failure(() => readHfConfig(rest));
    expect(e.code).toBe('missing-field');
    expect(e.detail.field).toBe('hidden_size');
    expect(e.message).toBe('config.json has no "hidden_size", which this model type needs.');
    const moe = { ...llama, model_type: 'mixtral', num_experts_per_tok: 2 };
    expect(failure(() => readHfConfig(moe)).detail.field).toBe('num_local_experts');
  });

  it('absurd sizes, wrong types and contradictions are refused', () => {
    const big = failure(() => readHfConfig({ ...llama, hidden_size: 10_000_000 }));
    expect(big.code).toBe('absurd-size');
    expect(big.message).toBe(
      'config.json "hidden_size" is 10000000, more than any real model (at most 1048576).',
    );
    const many = failure(() =>
      readHfConfig({
        ...llama,
        hidden_size: 1 << 20,
        intermediate_size: 1 << 20,
        num_hidden_layers: 4096,
        num_attention_heads: 4096,
        num_key_value_heads: 4096,
      }),
    );
    expect(many.code).toBe('absurd-size');
    const e = failure(() => readHfConfig({ ...llama, num_hidden_layers: '32' }));
    expect(e.code).toBe('bad-field');
    expect(e.message).toBe('config.json "num_hidden_layers" must be a whole number ≥ 1, got "32".');
    expect(failure(() => readHfConfig({ ...llama, vocab_size: 1.5 })).code).toBe('bad-field');
    expect(failure(() => readHfConfig({ ...llama, num_key_value_heads: 7 })).code).toBe(
      'inconsistent',
    );
    const k = { ...llama, model_type: 'mixtral', num_local_experts: 8, num_experts_per_tok: 9 };
    expect(failure(() => readHfConfig(k)).code).toBe('inconsistent');
  });

  it('a 10 MB file is refused before it is parsed', () => {
    const text = `{"model_type":"llama","pad":"${'x'.repeat(10_000_000)}"}`;
    const e = failure(() => parseHfConfigText(text));
    expect(e.code).toBe('too-large');
    expect(e.message).toBe(
      `This file is ${text.length} bytes; a config.json is a few kB (at most ${MAX_CONFIG_BYTES} bytes read).`,
    );
  });

  it('JSON that is not an object, and text that is not JSON', () => {
    for (const [text, what] of [
      ['[1,2]', 'an array'],
      ['"llama"', 'a string'],
      ['null', 'null'],
      ['42', 'a number'],
    ] as const) {
      const e = failure(() => parseHfConfigText(text));
      expect(e.code).toBe('not-object');
      expect(e.message).toBe(`A config.json holds one JSON object; this is ${what}.`);
    }
    expect(failure(() => parseHfConfigText('{"model_type": llama')).code).toBe('malformed-json');
  });
});
