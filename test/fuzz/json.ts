// Arbitraries for untrusted JSON documents, for property-based tests with fast-check. They start
// from valid documents and damage them (wrong types, missing and extra fields, absurd numbers,
// long strings, deep nesting, prototype keys, duplicated keys, truncated text), and mix in fully
// random JSON and text. Nothing here knows the results schema: any reader of a JSON document
// (results files, permalinks, history entries, a config.json reader) passes its own valid
// documents to `untrustedJson` and checks its own outcomes.

import fc from 'fast-check';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Keys that reach Object.prototype, or shadow its methods, when code handles them carelessly. */
export const PROTOTYPE_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'valueOf',
  'toJSON',
  'hasOwnProperty',
  'isPrototypeOf',
  '__defineGetter__',
] as const;

const HTML = [
  '<script>alert(1)</script>',
  '<img src=x onerror="alert(1)">',
  '"><svg onload=alert(1)>',
  'javascript:alert(1)',
  '{{constructor.constructor("alert(1)")()}}',
];

/** Sets an own property, even `__proto__` (plain assignment would change the prototype). */
export function setOwn(target: object, key: string, value: unknown): void {
  if (key === '__proto__') {
    Object.defineProperty(target, key, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  } else (target as Record<string, unknown>)[key] = value;
}

/** A deep copy that keeps NaN, -0, Infinity and own `__proto__` keys (JSON text would not). */
export function cloneJson<T>(value: T): T {
  if (Array.isArray(value)) return value.map(cloneJson) as T;
  if (typeof value !== 'object' || value === null) return value;
  const out = {};
  for (const [k, v] of Object.entries(value)) setOwn(out, k, cloneJson(v));
  return out as T;
}

/** Numbers a schema should refuse or that stress arithmetic: NaN, ±Infinity, -0, 2^53+… */
export const absurdNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(
    Number.NaN,
    Number.POSITIVE_INFINITY,
    Number.NEGATIVE_INFINITY,
    -0,
    -1,
    -1e-9,
    1e18,
    1e18 * (1 + Number.EPSILON),
    1e19,
    1e308,
    Number.MAX_VALUE,
    Number.MIN_VALUE,
    Number.MAX_SAFE_INTEGER + 2,
  ),
  fc.double(),
  fc.integer(),
);

/** Strings that look like markup, numbers or keys; lone surrogates; empty; long. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  {
    arbitrary: fc.constantFrom(
      ...HTML,
      ...PROTOTYPE_KEYS,
      '',
      '\u0000',
      '\ud800',
      '\ufeff',
      'NaN',
      '1e999',
    ),
    weight: 3,
  },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 40 }), weight: 3 },
  // long strings, rarely (they cost time in every later step)
  {
    arbitrary: fc.oneof(
      fc.nat({ max: 20_000 }).map((n) => 'h'.repeat(n)),
      fc.constant('h'.repeat(100_000)),
    ),
    weight: 1,
  },
);

/** Arrays or objects nested `depth` deep, around a leaf. */
export function nested(depth: number, inObjects: boolean, leaf: Json = 1): Json {
  let value = leaf;
  for (let i = 0; i < depth; i++) value = inObjects ? { a: value } : [value];
  return value;
}

/** An object whose only key is a prototype key, built as JSON.parse would build it (an own key). */
const prototypeKeyed: fc.Arbitrary<Json> = fc
  .tuple(fc.constantFrom(...PROTOTYPE_KEYS), fc.jsonValue({ maxDepth: 1 }))
  .map(([key, value]) => {
    const out = {};
    setOwn(out, key, key === '__proto__' ? { polluted: true, value } : value);
    return out as Json;
  });

/** One value to put where a field was: any JSON type, absurd numbers, markup, deep nesting… */
export const hostileValue: fc.Arbitrary<Json> = fc.oneof(
  absurdNumber,
  hostileString,
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom<Json>([], {}, [1, 'two', null]),
  fc.jsonValue({ maxDepth: 3 }) as fc.Arbitrary<Json>,
  // shallow nesting here: these values are copied and walked again by later mutations
  fc.tuple(fc.integer({ min: 1, max: 200 }), fc.boolean()).map(([d, o]) => nested(d, o)),
  prototypeKeyed,
);

/** A structural change to a document; `at` picks a place (modulo how many there are). */
export type Mutation =
  | { op: 'delete'; at: number }
  | { op: 'replace'; at: number; value: Json }
  | { op: 'add'; at: number; key: string; value: Json }
  | { op: 'append'; at: number; text: string };

export const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ op: fc.constant('delete' as const), at: fc.nat() }),
  {
    arbitrary: fc.record({
      op: fc.constant('replace' as const),
      at: fc.nat(),
      value: hostileValue,
    }),
    weight: 3,
  },
  fc.record({
    op: fc.constant('add' as const),
    at: fc.nat(),
    key: fc.oneof(fc.constantFrom(...PROTOTYPE_KEYS), fc.string({ maxLength: 10 })),
    value: hostileValue,
  }),
  fc.record({ op: fc.constant('append' as const), at: fc.nat(), text: hostileString }),
);

type Container = Record<string, unknown> | unknown[];

/** Every [container, key] pair in `root`, depth first. */
function places(root: unknown): [Container, string | number][] {
  const out: [Container, string | number][] = [];
  const stack = [root];
  while (stack.length > 0) {
    const value = stack.pop();
    if (Array.isArray(value)) {
      value.forEach((v, i) => {
        out.push([value, i]);
        stack.push(v);
      });
    } else if (typeof value === 'object' && value !== null) {
      for (const [k, v] of Object.entries(value)) {
        out.push([value as Record<string, unknown>, k]);
        stack.push(v);
      }
    }
  }
  return out;
}

/** `base` with the mutations applied, in order, to a copy (neither input is changed). */
export function applyMutations(base: Json, mutations: readonly Mutation[]): Json {
  const root: { doc: Json } = { doc: cloneJson(base) };
  for (const m of mutations) {
    const all = places(root); // includes [root, 'doc'], so the whole document can be replaced
    const [where, key] = all[m.at % all.length] as [Container, string | number];
    const current = (where as Record<string | number, unknown>)[key];
    if (m.op === 'delete') {
      if (Array.isArray(where)) where.splice(Number(key), 1);
      else if (where !== root) delete (where as Record<string, unknown>)[key];
    } else if (m.op === 'replace') {
      setOwn(where, String(key), cloneJson(m.value));
    } else if (m.op === 'add') {
      const target = typeof current === 'object' && current !== null ? current : where;
      if (Array.isArray(target)) target.push(cloneJson(m.value));
      else if (target !== root) setOwn(target, m.key, cloneJson(m.value));
    } else if (typeof current === 'string') {
      setOwn(where, String(key), current + m.text);
    }
  }
  return root.doc;
}

/** Documents from `valid`, each changed by 1–3 mutations. */
export function mutatedJson(valid: fc.Arbitrary<Json>): fc.Arbitrary<Json> {
  return fc
    .tuple(valid, fc.array(mutation, { minLength: 1, maxLength: 3 }))
    .map(([doc, ms]) => applyMutations(doc, ms));
}

/** A change to a JSON text; `at` picks a character (modulo the length). */
export type TextDamage =
  | { op: 'truncate'; at: number }
  | { op: 'drop'; at: number }
  | { op: 'insert'; at: number; text: string }
  | { op: 'duplicate-key'; at: number; key: string; value: string }
  | { op: 'number'; at: number; text: string }
  | { op: 'nest'; at: number; depth: number };

export const textDamage: fc.Arbitrary<TextDamage> = fc.oneof(
  fc.record({ op: fc.constant('truncate' as const), at: fc.nat() }),
  fc.record({ op: fc.constant('drop' as const), at: fc.nat() }),
  fc.record({
    op: fc.constant('insert' as const),
    at: fc.nat(),
    text: fc.oneof(
      fc.constantFrom('"', '{', '}', '[', ']', ',', ':', '\\', '\u0000', '\ud800', 'NaN', '\ufeff'),
      fc.string({ unit: 'binary', maxLength: 5 }),
    ),
  }),
  // `"key": value,` right after some `{`: JSON.parse keeps the last of two equal keys
  fc.record({
    op: fc.constant('duplicate-key' as const),
    at: fc.nat(),
    key: fc.oneof(fc.constantFrom(...PROTOTYPE_KEYS), fc.string({ maxLength: 15 })),
    value: fc.json({ maxDepth: 2 }),
  }),
  fc.record({
    op: fc.constant('number' as const),
    at: fc.nat(),
    text: fc.constantFrom(
      'NaN',
      '-Infinity',
      '1e999',
      '-1e999',
      '0x10',
      '--1',
      '01',
      '1.',
      '-0',
      '9007199254740993',
      '1e-400',
    ),
  }),
  // a value nested far deeper than any real document (JSON.parse copes; JSON.stringify may not)
  fc.record({
    op: fc.constant('nest' as const),
    at: fc.nat(),
    // rarely far past the few thousand levels where JSON.stringify overflows the stack
    depth: fc.oneof(
      { arbitrary: fc.integer({ min: 1, max: 300 }), weight: 9 },
      { arbitrary: fc.constant(12_000), weight: 1 },
    ),
  }),
);

/** `text` with one damage applied. */
export function damageText(text: string, d: TextDamage): string {
  const at = text.length === 0 ? 0 : d.at % text.length;
  switch (d.op) {
    case 'truncate':
      return text.slice(0, at);
    case 'drop':
      return text.slice(0, at) + text.slice(at + 1);
    case 'insert':
      return text.slice(0, at) + d.text + text.slice(at);
    case 'duplicate-key':
    case 'nest': {
      const braces = [...text.matchAll(/\{/g)].map((m) => m.index);
      if (braces.length === 0) return text;
      const brace = (braces[d.at % braces.length] as number) + 1;
      const pair =
        d.op === 'nest'
          ? `"deep":${'['.repeat(d.depth)}${']'.repeat(d.depth)}`
          : `${JSON.stringify(d.key)}:${d.value}`;
      const rest = text.slice(brace);
      return `${text.slice(0, brace)}${pair}${/^\s*\}/.test(rest) ? '' : ','}${rest}`;
    }
    case 'number': {
      const numbers = [...text.matchAll(/-?\d+(\.\d+)?([eE][-+]?\d+)?/g)];
      const m = numbers[d.at % Math.max(1, numbers.length)];
      if (m === undefined) return text;
      return text.slice(0, m.index) + d.text + text.slice(m.index + m[0].length);
    }
  }
}

/** Text an editor or a network could hand over instead of a document. */
export const junkText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('', ' \n\t', '\ufeff', 'null', '[]', '{}', '"results"', '0', 'true'),
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.string({ unit: 'grapheme', maxLength: 50 }),
  fc.uint8Array({ maxLength: 200 }).map((b) => new TextDecoder().decode(b)),
);

/** An untrusted input: the value (which may hold NaN or Infinity) and a text of it. */
export interface UntrustedJson {
  value: unknown;
  text: string;
  /**
   * What JSON.parse makes of `text`, where known without parsing again: `value` when the case
   * began as text that parses, null when it began as text that does not, undefined otherwise.
   */
  parsed: { value: unknown } | null | undefined;
}

/**
 * An input that prints itself briefly in a counterexample: as the text where the case began as
 * text (its value may be nested too deep for fast-check's printer), else as the value.
 */
function untrusted(value: unknown, text: string, parsed: UntrustedJson['parsed']): UntrustedJson {
  return {
    value,
    text,
    parsed,
    [fc.toStringMethod]: () =>
      parsed === undefined
        ? `{ value: ${fc.stringify(value)} }`
        : `{ text: ${JSON.stringify(text)} }`,
  } as UntrustedJson;
}

const ofValue = (value: unknown): UntrustedJson =>
  untrusted(value, JSON.stringify(value) ?? '', undefined);

/**
 * Untrusted inputs around the documents of `valid`: the valid documents themselves, mutated
 * ones, their texts damaged (truncated, duplicated keys, bad numbers, deep nesting, bytes
 * inserted), and fully random JSON and text. `value` is the document before JSON text is made
 * of it; for text-only cases it is JSON.parse(text), or the text itself when that fails.
 */
export function untrustedJson(valid: fc.Arbitrary<Json>): fc.Arbitrary<UntrustedJson> {
  const parsedOrText = (text: string): UntrustedJson => {
    try {
      const value: unknown = JSON.parse(text);
      return untrusted(value, text, { value });
    } catch {
      return untrusted(text, text, null);
    }
  };
  const document = fc.oneof(
    { arbitrary: valid, weight: 1 },
    { arbitrary: mutatedJson(valid), weight: 3 },
  );
  return fc.oneof(
    { arbitrary: document.map(ofValue), weight: 6 },
    {
      arbitrary: fc
        .tuple(document, fc.array(textDamage, { minLength: 1, maxLength: 2 }), fc.boolean())
        .map(([doc, damages, pretty]) =>
          parsedOrText(
            damages.reduce(damageText, JSON.stringify(doc, null, pretty ? 2 : undefined)),
          ),
        ),
      weight: 4,
    },
    { arbitrary: fc.jsonValue().map(ofValue), weight: 1 },
    { arbitrary: fc.json().map(parsedOrText), weight: 1 },
    { arbitrary: junkText.map(parsedOrText), weight: 1 },
  );
}
