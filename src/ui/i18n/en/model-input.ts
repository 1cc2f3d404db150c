// Words of the model controls in the predictions section: the KV-cache encoding, a model from a
// Hugging Face config.json (dropped, picked or pasted), and an MoE model's parameter counts.

import type { HfConfigErrorCode, HfConfigErrorDetail } from '../../../model/llm/hf-config/errors';

type Detail = HfConfigErrorDetail;
const field = (d: Detail) => `"${d.field ?? '?'}"`;

export const modelInput = {
  kvLabel: 'KV cache',
  kvOption: {
    16: '16-bit',
    8: '8-bit (+ f16 scale / 32 values)',
    4: '4-bit (+ f16 scale / 32 values)',
  },
  configLabel: 'Model from a config.json',
  configPick: 'Open config.json',
  configPaste: 'or paste one here',
  configUse: 'Use this config',
  configDrop: 'Drop a Hugging Face config.json here',
  configGroup: 'From config.json',
  configUsing: (p: { name: string }) =>
    `Using ${p.name}, read from its config.json; a link to this page carries it.`,
  configFailed: (p: { why: string }) => `That config.json cannot be used: ${p.why}`,
  /** Each reader error, by code. */
  configError: {
    'too-large': (d: Detail) =>
      `the file is too large for a config.json (over ${d.limit ?? '?'} bytes).`,
    'malformed-json': () => 'it is not JSON (or the link holding it is cut).',
    'not-object': (d: Detail) => `it holds ${d.value ?? 'something else'}, not one JSON object.`,
    'unknown-model-type': (d: Detail) =>
      d.value === undefined
        ? 'it has no "model_type".'
        : `model_type "${d.value}" is not one this page reads (Llama, Mistral, Qwen 2/2.5/3, Gemma 1–3, Phi-3, Mixtral, Qwen MoE, DeepSeek V2/V3, gpt-oss).`,
    'missing-field': (d: Detail) => `it has no ${field(d)}, which this model type needs.`,
    'bad-field': (d: Detail) => `${field(d)} has a value of the wrong kind (${d.value ?? '?'}).`,
    'absurd-size': (d: Detail) =>
      d.field === undefined
        ? `its sizes add up to more parameters than any real model (${d.value ?? '?'}).`
        : `${field(d)} is ${d.value ?? '?'}, more than any real model.`,
    inconsistent: (d: Detail) => `${field(d)} contradicts the other sizes.`,
  } satisfies Record<HfConfigErrorCode, (d: Detail) => string>,
  moeParams: (p: { name: string; total: string; active: string }) =>
    `${p.name}: ${p.total} B total, ${p.active} B active per token (mixture of experts: memory holds every expert; a token reads its own).`,
  needsGpus: (p: { n: string }) => `needs ${p.n} such GPUs`,
};
