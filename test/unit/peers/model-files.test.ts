// The folder transformers.js loads: its tokenizer (read by @huggingface/tokenizers, the library
// transformers.js tokenizes with) maps "t5 t17" to [5, 17] and back; the config carries our shape
// under the names transformers.js reads, with no end-of-sequence token to stop a run early.

import { Tokenizer } from '@huggingface/tokenizers';
import { describe, expect, it } from 'vitest';
import {
  configJson,
  ONNX_FILE,
  promptText,
  textFiles,
  tokenizerConfigJson,
  tokenizerJson,
} from '../../../bench/peers/decode/model-files';
import { TINY_SHAPE } from '../../../src/kernels/decode/shape';

describe('model files', () => {
  it('a word-level tokenizer: the prompt text of ids encodes to those ids', () => {
    const tokenizer = new Tokenizer(tokenizerJson(TINY_SHAPE.vocab), tokenizerConfigJson(64));
    const ids = [5, 17, 0, TINY_SHAPE.vocab - 1];
    expect(tokenizer.encode(promptText(ids)).ids).toEqual(ids);
    expect(tokenizer.decode(ids)).toBe(promptText(ids));
  });

  it('config.json: a Llama config with our shape, tied embeddings, no EOS', () => {
    const c = configJson({ ...TINY_SHAPE, layers: 1 }, 64);
    expect(c).toMatchObject({
      model_type: 'llama',
      hidden_size: 256,
      num_hidden_layers: 1,
      num_attention_heads: 4,
      num_key_value_heads: 2,
      head_dim: 64,
      vocab_size: 512,
      max_position_embeddings: 64,
      eos_token_id: null,
    });
    expect(Object.keys(textFiles(TINY_SHAPE, 64)).sort()).toEqual([
      'config.json',
      'generation_config.json',
      'tokenizer.json',
      'tokenizer_config.json',
    ]);
    expect(ONNX_FILE).toBe('onnx/model_q4.onnx');
  });
});
