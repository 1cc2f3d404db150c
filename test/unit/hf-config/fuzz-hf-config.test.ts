// Property-based fuzzing of the config.json reader with generators built from real configs: texts
// and values that are mostly published configs with realistic edits, so each property reaches
// the success path (whose model must be sound) and every kind of refusal (an HfConfigError —
// never another exception), and counts how many cases reached each.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../../src/model/llm/hf-config/fields';
import {
  MAX_CONFIG_BYTES,
  parseHfConfigText,
  readHfConfig,
} from '../../../src/model/llm/hf-config/read';
import { kvCacheBytes, type ModelConfig, paramCount } from '../../../src/model/llm/models';
import {
  CATALOGUE_CONFIGS,
  CONFIG_KEYS,
  editedConfig,
  Tally,
  weirdValue,
} from './config-arbitraries';

const RUNS = 10_000;

/** The rules a model read from a config breaks (none): whole positive sizes that fit together. */
function unsound(model: ModelConfig): string[] {
  const broken: string[] = [];
  const sizes = {
    hiddenSize: model.hiddenSize,
    layers: model.layers,
    attentionHeads: model.attentionHeads,
    kvHeads: model.kvHeads,
    headDim: model.headDim,
    vocabSize: model.vocabSize,
    maxContextTokens: model.maxContextTokens,
  };
  for (const [name, n] of Object.entries(sizes)) {
    if (!(Number.isInteger(n) && n > 0)) broken.push(`${name} ${n} is not a whole number > 0`);
  }
  if (model.attentionHeads % model.kvHeads !== 0) broken.push('heads not a multiple of KV heads');
  if (model.maxContextTokens > LIMITS.context) broken.push('context over LIMITS.context');
  if (model.moe !== undefined && model.moe.expertsPerToken > model.moe.experts)
    broken.push('more experts per token than experts');
  const p = paramCount(model);
  if (!(Number.isFinite(p.total) && p.total > 0)) broken.push(`total parameters ${p.total}`);
  if (p.total > LIMITS.params) broken.push('parameters over LIMITS.params');
  if (!(p.active <= p.total)) broken.push('more active than total parameters');
  if (!Number.isFinite(kvCacheBytes(model, 4096))) broken.push('KV cache not finite');
  return broken;
}

/** Reads and checks one case: a sound model, or an HfConfigError with a message. */
function check(tally: Tally, read: () => ModelConfig): ModelConfig | undefined {
  const model = tally.run(read);
  if (model !== undefined) {
    const broken = unsound(model);
    if (broken.length > 0) expect.fail(`${model.name}: ${broken.join('; ')}`);
  }
  return model;
}

/** The text with one character put in at `at` (a stray comma, quote or brace breaks the JSON). */
const withStray = ([text, at, ch]: [string, number, string]) => {
  const i = at % (text.length + 1);
  return text.slice(0, i) + ch + text.slice(i);
};

const configText = fc.oneof(
  { weight: 16, arbitrary: editedConfig.map((c) => JSON.stringify(c)) },
  { weight: 4, arbitrary: editedConfig.map((c) => JSON.stringify(c, null, 2)) },
  {
    weight: 8,
    arbitrary: fc
      .tuple(
        editedConfig.map((c) => JSON.stringify(c)),
        fc.nat(),
        fc.constantFrom(...'{}[],:"x\\'),
      )
      .map(withStray),
  },
  {
    weight: 4,
    arbitrary: fc
      .tuple(
        editedConfig.map((c) => JSON.stringify(c)),
        fc.nat(),
      )
      .map(([t, n]) => t.slice(0, n % t.length)),
  },
  { weight: 4, arbitrary: fc.oneof(fc.string({ maxLength: 200 }), fc.json({ maxDepth: 3 })) },
  // A real config padded past the limit (made once: building 256 kB per case is slow).
  {
    weight: 1,
    arbitrary: fc.constant(
      JSON.stringify({ ...CATALOGUE_CONFIGS[0], padding: 'x'.repeat(MAX_CONFIG_BYTES) }),
    ),
  },
);

const configValue = fc.oneof(
  { weight: 12, arbitrary: editedConfig },
  // Gemma 3 (multimodal) keeps the language model in text_config.
  { weight: 2, arbitrary: editedConfig.map((c) => ({ model_type: 'gemma3', text_config: c })) },
  {
    weight: 2,
    arbitrary: fc
      .tuple(editedConfig, fc.string({ maxLength: 12 }))
      .map(([c, type]) => ({ ...c, model_type: type })),
  },
  {
    weight: 2,
    arbitrary: fc.dictionary(fc.constantFrom(...CONFIG_KEYS), fc.jsonValue({ maxDepth: 1 }), {
      maxKeys: 12,
    }),
  },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

describe('fuzz: config.json reader', { timeout: 60_000 }, () => {
  it(`${RUNS} texts: configs as written, with stray characters, cut short, arbitrary or too large`, () => {
    const tally = new Tally();
    fc.assert(
      fc.property(configText, (text) => {
        const model = check(tally, () => parseHfConfigText(text));
        // What parses reads as the same model as the parsed value.
        if (model !== undefined) expect(readHfConfig(JSON.parse(text))).toEqual(model);
      }),
      { numRuns: RUNS },
    );
    expect(tally.total).toBe(RUNS);
    tally.expectShares({
      ok: 0.3,
      'malformed-json': 0.1,
      'too-large': 0.01,
      'missing-field|bad-field|absurd-size|inconsistent': 0.05,
    });
  });

  it(`${RUNS} JSON values: configs (some nested in text_config), real keys with any values, anything`, () => {
    const tally = new Tally();
    fc.assert(
      fc.property(configValue, (value) => {
        const model = check(tally, () => readHfConfig(value));
        if (model === undefined) return;
        const outer = value as Record<string, unknown>;
        const inner = outer.text_config;
        const fields = (
          outer.model_type === 'gemma3' && typeof inner === 'object' && inner !== null
            ? inner
            : outer
        ) as Record<string, unknown>;
        expect(model.hiddenSize).toBe(fields.hidden_size);
        expect(model.layers).toBe(fields.num_hidden_layers);
      }),
      { numRuns: RUNS },
    );
    expect(tally.total).toBe(RUNS);
    tally.expectShares({
      ok: 0.3,
      'not-object': 0.02,
      'unknown-model-type': 0.05,
      'missing-field|bad-field': 0.05,
      'absurd-size|inconsistent': 0.01,
    });
  });

  it(`${RUNS} catalogue configs with fields changed, dropped or added`, () => {
    const tally = new Tally();
    fc.assert(
      fc.property(
        fc.constantFrom(...CATALOGUE_CONFIGS),
        fc.array(
          fc.tuple(fc.constantFrom(...CONFIG_KEYS), fc.option(weirdValue, { nil: undefined })),
          {
            minLength: 1,
            maxLength: 4,
          },
        ),
        (config, edits) => {
          const cfg: Record<string, unknown> = { ...config };
          for (const [key, value] of edits) {
            if (value === undefined) delete cfg[key];
            else cfg[key] = value;
          }
          check(tally, () => readHfConfig(cfg));
        },
      ),
      { numRuns: RUNS },
    );
    expect(tally.total).toBe(RUNS);
    tally.expectShares({ ok: 0.05, 'missing-field|bad-field': 0.3 });
  });
});
