// Typed reads of config.json fields: each either gives a sane value or throws an HfConfigError
// that names the field, what was found and what was expected.

import { HfConfigError } from './errors';

export type Json = Readonly<Record<string, unknown>>;

/** Largest sane values: far beyond any published model, far inside 2^53 once multiplied. */
export const LIMITS = {
  size: 1 << 20, // hidden, intermediate, head_dim, ranks
  count: 4096, // layers, heads, experts
  vocab: 1 << 23,
  context: 1 << 26,
  /** Parameters in all: 100 T. */
  params: 1e14,
} as const;

const show = (v: unknown): string => {
  const text = JSON.stringify(v) ?? String(v);
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
};

/** A field of the wrong kind: says what it must be and what it was. */
function badField(field: string, v: unknown, mustBe: string): never {
  throw new HfConfigError('bad-field', `config.json "${field}" must ${mustBe}, got ${show(v)}.`, {
    field,
    value: show(v),
  });
}

export function has(cfg: Json, field: string): boolean {
  return Object.hasOwn(cfg, field) && cfg[field] !== null && cfg[field] !== undefined;
}

/** A whole number in [min, limit]; absent (or null) → `fallback`, or a missing-field error. */
export function int(cfg: Json, field: string, limit: number, fallback?: number, min = 1): number {
  if (!has(cfg, field)) {
    if (fallback !== undefined) return fallback;
    throw new HfConfigError(
      'missing-field',
      `config.json has no "${field}", which this model type needs.`,
      { field },
    );
  }
  const v = cfg[field];
  if (typeof v !== 'number' || !Number.isInteger(v) || v < min) {
    badField(field, v, `be a whole number ≥ ${min}`);
  }
  if (v > limit) {
    throw new HfConfigError(
      'absurd-size',
      `config.json "${field}" is ${v}, more than any real model (at most ${limit}).`,
      { field, value: String(v), limit },
    );
  }
  return v;
}

/** Like int, but null is a value of its own (q_lora_rank: null → no query compression). */
export function intOrNull(cfg: Json, field: string, limit: number): number | null {
  return has(cfg, field) ? int(cfg, field, limit) : null;
}

export function bool(cfg: Json, field: string, fallback: boolean): boolean {
  if (!has(cfg, field)) return fallback;
  const v = cfg[field];
  if (typeof v !== 'boolean') {
    badField(field, v, 'be true or false');
  }
  return v;
}

export function str(cfg: Json, field: string): string | undefined {
  if (!has(cfg, field)) return undefined;
  const v = cfg[field];
  if (typeof v !== 'string') {
    badField(field, v, 'be a string');
  }
  return v;
}

export function isObject(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** An object field (absent or null → undefined). */
export function obj(cfg: Json, field: string): Json | undefined {
  if (!has(cfg, field)) return undefined;
  const v = cfg[field];
  if (!isObject(v)) {
    badField(field, v, 'be an object');
  }
  return v;
}

/** An array of whole numbers in [0, limit) (mlp_only_layers). */
export function intList(cfg: Json, field: string, limit: number): number[] {
  if (!has(cfg, field)) return [];
  const v = cfg[field];
  if (
    !Array.isArray(v) ||
    v.length > limit ||
    !v.every((x) => Number.isInteger(x) && x >= 0 && x < limit)
  ) {
    badField(field, v, `be a list of layer numbers below ${limit}`);
  }
  return v as number[];
}

/** An array of strings from `allowed`, `length` long (layer_types). */
export function enumList<T extends string>(
  cfg: Json,
  field: string,
  allowed: readonly T[],
  length: number,
): T[] | undefined {
  if (!has(cfg, field)) return undefined;
  const v = cfg[field];
  const ok =
    Array.isArray(v) &&
    v.length === length &&
    v.every((x) => typeof x === 'string' && (allowed as readonly string[]).includes(x));
  if (!ok) {
    badField(field, v, `list ${length} of ${allowed.join(' / ')} (one per layer)`);
  }
  return v as T[];
}

export function inconsistent(message: string, field: string): never {
  throw new HfConfigError('inconsistent', message, { field });
}
