// fast-check generators for config.json fuzzing, built from the real grammar: the catalogue's
// published configs, with realistic edits (a size scaled, a field dropped, a value of the wrong
// kind, an unknown field added), so a property reaches the reader's success path and each of its
// refusals rather than stopping at the first check. Also the tally each property asserts on.

import fc from 'fast-check';
import { expect } from 'vitest';
import { CATALOGUE } from '../../../src/model/llm/catalogue-configs';
import { HfConfigError } from '../../../src/model/llm/hf-config/errors';

export const CATALOGUE_CONFIGS = CATALOGUE.map((e) => e.config);

/** Every field a catalogue config sets, plus the optional ones the reader looks at. */
export const CONFIG_KEYS = [
  ...new Set(CATALOGUE_CONFIGS.flatMap((c) => Object.keys(c))),
  'text_config',
  'layer_types',
  'head_dim',
];

/** The fields that hold whole numbers somewhere in the catalogue (the sizes an edit scales). */
const SIZE_KEYS = [
  ...new Set(
    CATALOGUE_CONFIGS.flatMap((c) =>
      Object.entries(c)
        .filter(([, v]) => Number.isInteger(v))
        .map(([k]) => k),
    ),
  ),
];

/** Values of the wrong kind or range for any field. */
export const weirdValue = fc.oneof(
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

export type ConfigEdit =
  | { op: 'scale'; key: string; factor: number }
  | { op: 'drop'; key: string }
  | { op: 'set'; key: string; value: unknown }
  | { op: 'extra'; key: string; value: unknown };

/** A realistic change: mostly sizes scaled as a sibling model would have them. */
export const configEdit: fc.Arbitrary<ConfigEdit> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      op: fc.constant('scale' as const),
      key: fc.constantFrom(...SIZE_KEYS),
      factor: fc.constantFrom(1 / 4, 1 / 2, 3 / 4, 3 / 2, 2, 4, 1e6),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      op: fc.constant('drop' as const),
      key: fc.constantFrom(...CONFIG_KEYS),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant('set' as const),
      key: fc.constantFrom(...CONFIG_KEYS),
      value: weirdValue,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant('extra' as const),
      key: fc.constantFrom('torch_dtype', 'transformers_version', 'architectures', 'rms_norm_eps'),
      value: fc.jsonValue({ maxDepth: 1 }),
    }),
  },
);

export function applyEdits(
  config: Readonly<Record<string, unknown>>,
  edits: readonly ConfigEdit[],
): Record<string, unknown> {
  const cfg: Record<string, unknown> = { ...config };
  for (const e of edits) {
    if (e.op === 'drop') delete cfg[e.key];
    else if (e.op === 'scale') {
      const v = cfg[e.key];
      if (typeof v === 'number') cfg[e.key] = Math.max(1, Math.round(v * e.factor));
    } else cfg[e.key] = e.value;
  }
  return cfg;
}

/** Every whole number of the config times `factor`: a bigger or smaller sibling of the model. */
export function scaled(config: Readonly<Record<string, unknown>>, factor: number) {
  return Object.fromEntries(
    Object.entries(config).map(([k, v]) => [
      k,
      Number.isInteger(v) ? Math.max(1, Math.round((v as number) * factor)) : v,
    ]),
  );
}

/**
 * A catalogue config, sometimes scaled as a whole (×64 makes every field plausible and the total
 * beyond any real model), with up to three edits (none about a third of the time).
 */
export const editedConfig: fc.Arbitrary<Record<string, unknown>> = fc
  .tuple(
    fc.constantFrom(...CATALOGUE_CONFIGS),
    fc.oneof(
      { weight: 6, arbitrary: fc.constant(1) },
      { weight: 1, arbitrary: fc.constantFrom(1 / 2, 2, 8, 64) },
    ),
    fc.oneof(
      { weight: 1, arbitrary: fc.constant([]) },
      { weight: 2, arbitrary: fc.array(configEdit, { minLength: 1, maxLength: 3 }) },
    ),
  )
  .map(([config, factor, edits]) => applyEdits(scaled(config, factor), edits));

/** How the cases of a property ended: 'ok', or an HfConfigError code (anything else throws). */
export class Tally {
  readonly counts = new Map<string, number>();
  total = 0;

  /** Runs `f`, counting its outcome; returns its value, or undefined when it was refused. */
  run<T>(f: () => T): T | undefined {
    try {
      const value = f();
      this.add('ok');
      return value;
    } catch (e) {
      if (!(e instanceof HfConfigError)) throw e;
      this.add(e.code);
      return undefined;
    }
  }

  add(outcome: string): void {
    this.counts.set(outcome, (this.counts.get(outcome) ?? 0) + 1);
    this.total++;
  }

  share(...outcomes: string[]): number {
    return outcomes.reduce((n, o) => n + (this.counts.get(o) ?? 0), 0) / this.total;
  }

  /** Each outcome reached at least its share of the cases (so the property exercised it). */
  expectShares(minimum: Record<string, number>): void {
    const seen = Object.fromEntries(this.counts);
    for (const [outcomes, share] of Object.entries(minimum)) {
      expect(
        this.share(...outcomes.split('|')),
        `${outcomes} in ${JSON.stringify(seen)}`,
      ).toBeGreaterThanOrEqual(share);
    }
  }
}
