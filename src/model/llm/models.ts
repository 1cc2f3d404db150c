// Model catalogue and per-operator derivation (LLM-Viewer style) for decoder-only LLMs (dense,
// mixture-of-experts, latent attention, sliding windows: ./model-config.ts): parameter count,
// bytes read per decoded token, KV-cache size, FLOPs for decode and prefill.

import { CATALOGUE } from './catalogue-configs';
import { readHfConfig } from './hf-config/read';
import type { ModelConfig } from './model-config';

export * from './accounting';
export type { LayerAttention, MlaConfig, ModelConfig, MoeConfig } from './model-config';

const hf = (repo: string) => `https://huggingface.co/${repo}/blob/main/config.json`;

/** The catalogue, each model read from its config.json fields (./catalogue-configs.ts). */
export const MODELS: readonly ModelConfig[] = CATALOGUE.map((e) =>
  readHfConfig(e.config, {
    id: e.id,
    name: e.name,
    source: hf(e.repo),
    publishedParams: e.publishedParams,
    ...(e.publishedActiveParams === undefined
      ? {}
      : { publishedActiveParams: e.publishedActiveParams }),
  }),
);

/** The picker's group of a catalogue model ('' for a model not in the catalogue). */
export function modelFamily(id: string): string {
  return CATALOGUE.find((e) => e.id === id)?.family ?? '';
}

/** Other names for the same architecture (the config values above are identical). */
export const MODEL_ALIASES: Readonly<Record<string, string>> = {
  'mistral-7b': 'mistral-7b-v0.3',
};

export class UnknownModelError extends Error {
  constructor(readonly modelId: string) {
    super(`Unknown model "${modelId}"; choose one of ${MODELS.map((m) => m.id).join(', ')}`);
    this.name = 'UnknownModelError';
  }
}

export function findModel(id: string): ModelConfig | undefined {
  const key = id.trim().toLowerCase();
  const target = MODEL_ALIASES[key] ?? key;
  return MODELS.find((m) => m.id === target);
}

export function getModel(id: string): ModelConfig {
  const model = findModel(id);
  if (model === undefined) throw new UnknownModelError(id);
  return model;
}
