// Deterministic mutations of a results document, for the fuzz-style tests.

/** A small seeded PRNG (mulberry32): the same seed, the same cases. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Json = Record<string, unknown> | unknown[];

/** Every [container, key] pair in `value`, for picking a place to mutate. */
function places(value: unknown, out: [Json, string | number][] = []): [Json, string | number][] {
  if (Array.isArray(value)) {
    value.forEach((v, i) => {
      out.push([value, i]);
      places(v, out);
    });
  } else if (typeof value === 'object' && value !== null) {
    for (const [k, v] of Object.entries(value)) {
      out.push([value as Record<string, unknown>, k]);
      places(v, out);
    }
  }
  return out;
}

const HTML = [
  '<script>alert(1)</script>',
  '<img src=x onerror="alert(1)">',
  '"><svg onload=alert(1)>',
  'javascript:alert(1)',
  '{{constructor.constructor("alert(1)")()}}',
];

export const ABSURD = [Number.NaN, -1, -1e-9, 1e308, Number.POSITIVE_INFINITY, 1e19, -0];

const pick = <T>(rand: () => number, items: readonly T[]): T =>
  items[Math.floor(rand() * items.length)] as T;

/** One random value of some JSON type (or an absurd number), to swap in for a field. */
function anyValue(rand: () => number): unknown {
  return pick(rand, [
    () => pick(rand, ABSURD),
    () => Math.floor(rand() * 1000),
    () => 'x'.repeat(Math.floor(rand() * 20)),
    () => pick(rand, HTML),
    () => rand() < 0.5,
    () => null,
    () => [],
    () => ({}),
    () => [1, 'two', null],
    () => 'h'.repeat(100_000),
    () => JSON.parse('{"__proto__": {"polluted": true}}') as unknown,
  ])();
}

/** Applies 1–3 random structural mutations to `doc` (a deep copy is made). */
export function mutateDocument(doc: unknown, rand: () => number): unknown {
  const copy = JSON.parse(JSON.stringify(doc)) as unknown;
  const rounds = 1 + Math.floor(rand() * 3);
  for (let r = 0; r < rounds; r++) {
    const all = places(copy);
    const [where, key] = pick(rand, all);
    const target = where as Record<string | number, unknown>;
    const kind = Math.floor(rand() * 6);
    if (kind === 0) {
      if (Array.isArray(where)) where.splice(Number(key), 1);
      else delete target[key];
    } else if (kind === 1) target[key] = anyValue(rand);
    else if (kind === 2) target[key] = pick(rand, ABSURD);
    else if (kind === 3) target[key] = pick(rand, HTML);
    else if (kind === 4 && typeof target[key] === 'string')
      target[key] = `${target[key]}${pick(rand, HTML)}`;
    else (copy as Record<string, unknown>).schemaVersion = pick(rand, [1, 1, 1, 0, 2, '1', null]);
  }
  return copy;
}

/** Damages a JSON text: truncation, a dropped or inserted character, or random bytes. */
export function mutateText(text: string, rand: () => number): string {
  const at = Math.floor(rand() * text.length);
  switch (Math.floor(rand() * 6)) {
    case 0:
      return text.slice(0, at);
    case 1:
      return text.slice(0, at) + text.slice(at + 1);
    case 2:
      return (
        text.slice(0, at) +
        pick(rand, ['"', '{', ']', ',', '\\', '\u0000', 'NaN', '\ud800']) +
        text.slice(at)
      );
    case 3:
      return new TextDecoder().decode(randomBytes(rand, 1 + Math.floor(rand() * 200)));
    case 4:
      return pick(rand, ['', ' \n', 'null', '[]', '"results"', '{}', '\ufeff']);
    default:
      return text.replace(/\d+/, () => pick(rand, ['NaN', '-Infinity', '1e999', '0x10', '--1']));
  }
}

export function randomBytes(rand: () => number, length: number): Uint8Array {
  return Uint8Array.from({ length }, () => Math.floor(rand() * 256));
}
