// The folder transformers.js loads a model from, besides the ONNX file: config.json (a Llama
// config with our shape), generation_config.json (greedy, no end-of-sequence token: every run
// makes the tokens it was asked for) and a minimal tokenizer — a word-level vocabulary "t0" …
// "t{V−1}" split on whitespace, so the prompt "t5 t17" is the ids [5, 17].
//
// Layout (what transformers.js asks for with dtype 'q4'):
//   <model>/config.json, generation_config.json, tokenizer.json, tokenizer_config.json
//   <model>/onnx/model_q4.onnx

import { type DecodeShape, RMS_EPS, ROPE_THETA } from '../../../src/kernels/decode/shape';

/** transformers.js's file for dtype 'q4'. */
export const ONNX_FILE = 'onnx/model_q4.onnx';
export const DTYPE = 'q4';

export const tokenName = (id: number) => `t${id}`;
/** The prompt text whose ids are `ids`. */
export const promptText = (ids: readonly number[]) => ids.map(tokenName).join(' ');

export function configJson(s: DecodeShape, positions: number): Record<string, unknown> {
  return {
    architectures: ['LlamaForCausalLM'],
    model_type: 'llama',
    hidden_size: s.hidden,
    intermediate_size: s.ffn,
    num_attention_heads: s.heads,
    num_key_value_heads: s.kvHeads,
    head_dim: s.headDim,
    num_hidden_layers: s.layers,
    vocab_size: s.vocab,
    max_position_embeddings: positions,
    rms_norm_eps: RMS_EPS,
    rope_theta: ROPE_THETA,
    tie_word_embeddings: true,
    hidden_act: 'silu',
    torch_dtype: 'float32',
    bos_token_id: null,
    eos_token_id: null,
    pad_token_id: null,
    'transformers.js_config': { dtype: DTYPE, kv_cache_dtype: 'float32' },
  };
}

export const generationConfigJson = () => ({
  do_sample: false,
  bos_token_id: null,
  eos_token_id: null,
  pad_token_id: null,
});

export function tokenizerJson(vocab: number): Record<string, unknown> {
  return {
    version: '1.0',
    truncation: null,
    padding: null,
    added_tokens: [],
    normalizer: null,
    pre_tokenizer: { type: 'WhitespaceSplit' },
    post_processor: null,
    decoder: null,
    model: {
      type: 'WordLevel',
      vocab: Object.fromEntries(Array.from({ length: vocab }, (_, i) => [tokenName(i), i])),
      unk_token: tokenName(0),
    },
  };
}

export const tokenizerConfigJson = (positions: number) => ({
  tokenizer_class: 'PreTrainedTokenizer',
  model_max_length: positions,
  clean_up_tokenization_spaces: false,
  add_bos_token: false,
  add_eos_token: false,
});

/** Every text file of the folder by its path in it (the ONNX file apart). */
export function textFiles(s: DecodeShape, positions: number): Record<string, string> {
  const json = (v: unknown) => `${JSON.stringify(v, null, 1)}\n`;
  return {
    'config.json': json(configJson(s, positions)),
    'generation_config.json': json(generationConfigJson()),
    'tokenizer.json': json(tokenizerJson(s.vocab)),
    'tokenizer_config.json': json(tokenizerConfigJson(positions)),
  };
}
