// Results documents for the property-based tests: valid ones built on the sample fixture, and the
// check every case of an importer shares (a valid document, or an ImportError with a known
// reason — never another exception).

import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { expect } from 'vitest';
import {
  findProblems,
  KERNEL_NAMES,
  type ResultRow,
  type ResultsDocument,
} from '../../src/core/results';
import { toJson } from '../../src/share/export';
import { parseResultsFile } from '../../src/share/import/import';
import { ImportError, type ImportReason } from '../../src/share/import/import-error';
import { sampleDocument } from '../fixtures/results';
import type { Json } from './json';
import { type Findings, REPLAYING, withinTime } from './run';

/** Every ImportReason (typed, so a new reason fails tsc until it is listed here). */
const REASONS: Record<ImportReason, true> = {
  empty: true,
  'too-large': true,
  'malformed-json': true,
  'not-results': true,
  'schema-version': true,
  invalid: true,
  'not-permalink': true,
  corrupt: true,
};
export const IMPORT_REASONS = Object.keys(REASONS) as ImportReason[];

const measure = fc.oneof(fc.double({ min: 0, max: 1e18, noNaN: true }), fc.nat());
const text = fc.string({ unit: 'binary', maxLength: 20 });

/** One field of a row set to another valid value. */
const rowEdit = fc.tuple(
  fc.nat(),
  fc.oneof(
    fc.record({ kernel: fc.constantFrom(...KERNEL_NAMES) }),
    fc.record({ variant: text }),
    fc.record({ bytes: measure }),
    fc.record({ gbps: measure }),
    fc.record({ shape: fc.dictionary(fc.string({ maxLength: 8 }), measure, { maxKeys: 3 }) }),
    fc.record({ verified: fc.constant(false), error: text }),
    fc.record({ intensity: measure }),
  ),
);

const tuning = fc.array(
  fc.record({
    family: text,
    label: text,
    chosen: text,
    candidates: fc.array(fc.record({ variant: text, minMs: measure }), { maxLength: 2 }),
  }),
  { maxLength: 2 },
);

/**
 * Valid results documents: the sample fixture with its rows, strings, numbers and optional
 * fields varied within the schema. `maxRows` keeps them small where each case costs time.
 */
export function validResults(maxRows = 5): fc.Arbitrary<ResultsDocument> {
  const base = sampleDocument();
  const extra = fc.oneof(
    { arbitrary: fc.constant({}), weight: 3 },
    fc.record({ incomplete: text }),
    fc.record({ settings: fc.constantFrom({}, { timer: 'wall-clock' as const }, { samples: 9 }) }),
    fc.record({ tuning }),
  );
  return fc
    .record({
      createdAt: fc.integer({ min: 0, max: 4e12 }).map((ms) => new Date(ms).toISOString()),
      plan: fc.constantFrom('quick' as const, 'full' as const),
      timing: fc.constantFrom('timestamp-query' as const, 'wall-clock' as const),
      description: text,
      results: fc.subarray(base.results.slice(0, maxRows)),
      edits: fc.array(rowEdit, { maxLength: 2 }),
      extra,
    })
    .map(({ description, edits, extra, ...rest }): ResultsDocument => {
      const results = rest.results.map((r) => ({ ...r }));
      for (const [at, edit] of edits) {
        const i = at % Math.max(1, results.length);
        const r = results[i];
        if (r !== undefined) results[i] = { ...r, ...edit } as ResultRow;
      }
      return { ...base, ...rest, ...extra, results, adapter: { ...base.adapter, description } };
    });
}

export const asJson = (doc: ResultsDocument): Json => doc as unknown as Json;

/** `value` as it reads back from JSON text (NaN → null, -0 → 0, undefined fields gone). */
export const throughJson = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

/** An accepted document exports and imports back to the same document, byte for byte. */
export function checkRoundTrip(found: Findings, doc: ResultsDocument): void {
  const exported = withinTime('toJson', () => toJson(doc));
  const back = parseResultsFile(exported, { maxBytes: Number.POSITIVE_INFINITY });
  found.check(isDeepStrictEqual(back, throughJson(doc)), () => 'export → import changed it');
  found.check(toJson(back) === exported, () => 'export → import → export changed the bytes');
}

export type Outcome = { ok: true; doc: ResultsDocument } | { ok: false; reason: ImportReason };

/** The outcome's name, for counting which ones the cases reach. */
export const outcomeName = (o: Outcome): string => (o.ok ? 'ok' : o.reason);

/** An ImportError with one of `allowed` reasons and a real message; anything else is rethrown. */
function importError(found: Findings, error: unknown, allowed: readonly ImportReason[]): Outcome {
  if (!(error instanceof ImportError)) throw error;
  found.check(allowed.includes(error.reason), () => `unexpected reason ${error.reason}`);
  found.check(error.message.length > 10, () => `a bare message: ${error.message}`);
  return { ok: false, reason: error.reason };
}

/** An accepted document: the schema validator (findProblems, as validateResults) accepts it. */
function accepted(found: Findings, doc: ResultsDocument): Outcome {
  const problems = findProblems(doc);
  found.check(problems.length === 0, () => `accepted, yet ${problems.join('; ')}`);
  return { ok: true, doc };
}

/** Runs an importer: a valid document, or an ImportError with one of `allowed` reasons. */
export function outcome(
  found: Findings,
  allowed: readonly ImportReason[],
  fn: () => ResultsDocument,
): Outcome {
  let doc: ResultsDocument;
  try {
    doc = fn();
  } catch (error) {
    return importError(found, error, allowed);
  }
  return accepted(found, doc);
}

export async function outcomeAsync(
  found: Findings,
  allowed: readonly ImportReason[],
  promise: Promise<ResultsDocument>,
): Promise<Outcome> {
  let doc: ResultsDocument;
  try {
    doc = await promise;
  } catch (error) {
    return importError(found, error, allowed);
  }
  return accepted(found, doc);
}

/** Counts outcomes by name, and checks at the end that the cases reached each one expected. */
export class OutcomeTally {
  private readonly seen = new Map<string, number>();
  /** Outcomes counted, shrinking included. */
  total = 0;

  count(o: Outcome): Outcome {
    this.total++;
    const key = outcomeName(o);
    this.seen.set(key, (this.seen.get(key) ?? 0) + 1);
    return o;
  }

  expectReached(names: readonly string[]): void {
    if (REPLAYING) return;
    for (const key of names) {
      expect(
        this.seen.get(key) ?? 0,
        `${key} in ${JSON.stringify([...this.seen])}`,
      ).toBeGreaterThan(0);
    }
  }
}
