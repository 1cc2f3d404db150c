// Property-based fuzzing of the config.json reader: any text, any JSON value, and mutated real
// configs give a model or an HfConfigError — never another exception, never a non-finite count.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CATALOGUE } from '../../../src/model/llm/catalogue-configs';
import { HfConfigError } from '../../../src/model/llm/hf-config/errors';
import { parseHfConfigText, readHfConfig } from '../../../src/model/llm/hf-config/read';
import { kvCacheBytes, paramCount } from '../../../src/model/llm/models';

const RUNS = 10_000;

function check(f: () => ReturnType<typeof readHfConfig>): void {
  let model: ReturnType<typeof readHfConfig>;
  try {
    model = f();
  } catch (e) {
    if (!(e instanceof HfConfigError)) throw e;
    expect(e.message.length).toBeGreaterThan(10);
    return;
  }
  const p = paramCount(model);
  expect(Number.isFinite(p.total) && p.total > 0).toBe(true);
  expect(p.active).toBeLessThanOrEqual(p.total);
  expect(Number.isFinite(kvCacheBytes(model, 4096))).toBe(true);
}

const KEYS = [
  ...new Set(CATALOGUE.flatMap((e) => Object.keys(e.config))),
  'text_config',
  'layer_types',
  'head_dim',
];
const weird = fc.oneof(
  fc.integer({ min: -5, max: 1 << 30 }),
  fc.double(),
  fc.constant(null),
  fc.string({ maxLength: 12 }),
  fc.boolean(),
  fc.array(fc.oneof(fc.integer({ min: -1, max: 100 }), fc.string({ maxLength: 20 })), {
    maxLength: 70,
  }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 4 }),
);

describe('fuzz: config.json reader', () => {
  it(`${RUNS} arbitrary texts`, () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 200 }), fc.json({ maxDepth: 3 })), (text) => {
        check(() => parseHfConfigText(text));
      }),
      { numRuns: RUNS },
    );
  });

  it(`${RUNS} arbitrary JSON values`, () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 3 }), (value) => check(() => readHfConfig(value))),
      { numRuns: RUNS },
    );
  });

  it(`${RUNS} catalogue configs with fields changed, dropped or added`, () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...CATALOGUE.map((e) => e.config)),
        fc.array(fc.tuple(fc.constantFrom(...KEYS), fc.option(weird, { nil: undefined })), {
          minLength: 1,
          maxLength: 4,
        }),
        (config, edits) => {
          const cfg: Record<string, unknown> = { ...config };
          for (const [key, value] of edits) {
            if (value === undefined) delete cfg[key];
            else cfg[key] = value;
          }
          check(() => readHfConfig(cfg));
        },
      ),
      { numRuns: RUNS },
    );
  });
});
