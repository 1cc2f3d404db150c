// Property-based tests of the run history (fast-check) over 10 000 generated storages: whatever
// another version, another tab or a damaged profile left under its keys — a list valid, mutated,
// damaged as text or random; saved runs valid, damaged or missing; stray keys — RunHistory never
// throws, keeps exactly the well-formed entries, drops the rest with a note and removes the runs
// only they named, opens only valid documents, and still saves new runs. A second property runs
// it over a storage that refuses calls at random. A failure prints the shrunk counterexample,
// and the seed to replay it (test/fuzz/run.ts).

import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findProblems, type ResultsDocument } from '../../../src/core/results';
import {
  type HistoryEntry,
  memoryStorage,
  RunHistory,
  type StorageLike,
} from '../../../src/share/history';
import { parseResultsFile } from '../../../src/share/import/import';
import { sampleDocument } from '../../fixtures/results';
import { damageText, type Json, junkText, mutatedJson, textDamage } from '../../fuzz/json';
import { validResults } from '../../fuzz/results';
import {
  Findings,
  FUZZ_RUNS,
  FUZZ_TIMEOUT_MS,
  fuzzParameters,
  REPLAYING,
  withinTime,
} from '../../fuzz/run';

const PREFIX = 'webgpu-roofline:history:';
const INDEX = `${PREFIX}index`;
const RUN = `${PREFIX}run:`;

/** What RunHistory documents as a usable index entry (history.ts, HistoryEntry). */
function wellFormed(v: unknown): v is HistoryEntry {
  if (typeof v !== 'object' || v === null) return false;
  const e = v as Record<string, unknown>;
  const count = (x: unknown) => Number.isSafeInteger(x) && (x as number) >= 0;
  return (
    typeof e.id === 'string' &&
    /^[0-9a-z]{1,40}$/.test(e.id) &&
    typeof e.createdAt === 'string' &&
    typeof e.savedAt === 'string' &&
    typeof e.adapter === 'string' &&
    (e.plan === 'quick' || e.plan === 'full') &&
    count(e.rows) &&
    count(e.failed) &&
    count(e.chars)
  );
}

/** An entry's own fields: RunHistory keeps nothing else of what was stored with it. */
const fieldsOf = (e: HistoryEntry): HistoryEntry => ({
  id: e.id,
  createdAt: e.createdAt,
  savedAt: e.savedAt,
  plan: e.plan,
  adapter: e.adapter,
  rows: e.rows,
  failed: e.failed,
  chars: e.chars,
});

const id = fc.stringMatching(/^[0-9a-z]{1,12}$/);

const validEntry: fc.Arbitrary<HistoryEntry> = fc.record({
  id,
  createdAt: fc.string({ maxLength: 24 }),
  savedAt: fc.string({ maxLength: 24 }),
  plan: fc.constantFrom('quick' as const, 'full' as const),
  adapter: fc.string({ unit: 'binary', maxLength: 20 }),
  rows: fc.nat(),
  failed: fc.nat(),
  chars: fc.oneof(fc.nat(), fc.constant(Number.MAX_SAFE_INTEGER)),
});

/** An index entry: valid, mutated (wrong types, missing or extra fields…) or any JSON. */
const entry: fc.Arbitrary<Json> = fc.oneof(
  { arbitrary: validEntry.map((e) => e as unknown as Json), weight: 4 },
  { arbitrary: mutatedJson(validEntry.map((e) => e as unknown as Json)), weight: 3 },
  { arbitrary: fc.jsonValue({ maxDepth: 2 }) as fc.Arbitrary<Json>, weight: 1 },
);

/** The stored index: a JSON list of entries, that list damaged as text, other JSON, or junk. */
const indexText: fc.Arbitrary<string | undefined> = fc
  .array(entry, { maxLength: 5 })
  .chain((entries) =>
    fc.oneof(
      { arbitrary: fc.constant(JSON.stringify(entries)), weight: 6 },
      {
        arbitrary: textDamage.map((d) => damageText(JSON.stringify(entries), d)),
        weight: 2,
      },
      { arbitrary: fc.json({ maxDepth: 2 }), weight: 1 },
      { arbitrary: junkText, weight: 1 },
      { arbitrary: fc.constant(undefined), weight: 1 },
    ),
  );

/**
 * A stored run: a valid document's JSON, that JSON damaged (cut short, bad numbers, duplicated
 * keys, deep nesting…), or nothing. One row: the importer's own fuzzing covers the documents.
 */
const runText: fc.Arbitrary<string | undefined> = fc.oneof(
  { arbitrary: validResults(1).map((d) => JSON.stringify(d)), weight: 2 },
  {
    arbitrary: fc
      .tuple(validResults(1), textDamage)
      .map(([d, damage]) => damageText(JSON.stringify(d), damage)),
    weight: 2,
  },
  { arbitrary: fc.constant(undefined), weight: 1 },
);

interface Stored {
  index: string | undefined;
  /** Runs stored for the ids the index may name (by position among its well-formed entries). */
  runs: (string | undefined)[];
  /** Runs under ids nothing names. */
  orphans: [string, string][];
  /** Keys that are not the index or a run: never touched. */
  strangers: [string, string][];
}

const stored: fc.Arbitrary<Stored> = fc.record({
  index: indexText,
  runs: fc.array(runText, { maxLength: 2 }),
  orphans: fc.array(
    fc.tuple(
      id.map((i) => `${RUN}orphan${i}`),
      fc.string(),
    ),
    { maxLength: 2 },
  ),
  strangers: fc.array(
    fc.tuple(
      fc.oneof(fc.string(), fc.constantFrom(`${PREFIX}other`, 'webgpu-roofline:lang', '__proto__')),
      fc.string(),
    ),
    { maxLength: 2 },
  ),
});

/** The index as JSON.parse reads it: a list, something else, or nothing (absent or not JSON). */
function parse(text: string | undefined): { value: unknown } | undefined {
  if (text === undefined) return undefined;
  try {
    return { value: JSON.parse(text) };
  } catch {
    return undefined;
  }
}

/** The storage a case describes, and its index as JSON.parse reads it. */
function storageOf(s: Stored): { map: Map<string, string>; index: { value: unknown } | undefined } {
  const map = new Map(s.strangers.filter(([k]) => k !== INDEX && !k.startsWith(RUN)));
  for (const [k, v] of s.orphans) map.set(k, v);
  const index = parse(s.index);
  if (s.index !== undefined) map.set(INDEX, s.index);
  if (Array.isArray(index?.value)) {
    index.value.filter(wellFormed).forEach((e, i) => {
      const run = s.runs[i % Math.max(1, s.runs.length)];
      if (run !== undefined) map.set(`${RUN}${e.id}`, run);
    });
  }
  return { map, index };
}

/** What list() should leave: its entries, its notes and the storage, as history.ts documents. */
function expectedList(
  s: Stored,
  index: { value: unknown } | undefined,
  before: Map<string, string>,
) {
  const others = [...before].filter(([k]) => k !== INDEX && !k.startsWith(RUN));
  if (s.index === undefined) return { list: [], notes: [], storage: [...before] };
  if (!Array.isArray(index?.value)) {
    // the index and every run are removed; other keys stay
    const notes = ['The list of saved runs was damaged and has been cleared.'];
    return { list: [], notes, storage: others };
  }
  const good = index.value.filter(wellFormed).map(fieldsOf);
  const lost = index.value.length - good.length;
  if (lost === 0) return { list: good, notes: [], storage: [...before] };
  // the index is rewritten with the good entries; runs no good entry names are removed
  const names = new Set(good.map((e) => `${RUN}${e.id}`));
  const storage = [...before]
    .filter(([k]) => !k.startsWith(RUN) || names.has(k))
    .map(([k, v]): [string, string] => [k, k === INDEX ? JSON.stringify(good) : v]);
  const note = `${lost} damaged entr${lost === 1 ? 'y was' : 'ies were'} dropped from the saved runs.`;
  return { list: good, notes: [note], storage };
}

/** What load(id) should give for a stored run: its document, or null when it does not import. */
function expectedLoad(text: string | undefined): ResultsDocument | null {
  try {
    return text === undefined ? null : parseResultsFile(text, { maxBytes: Infinity });
  } catch {
    return null;
  }
}

/** A value in a problem's description (short: a counterexample is printed beside it). */
const show = (value: unknown) => (JSON.stringify(value) ?? String(value)).slice(0, 300);

/** A one-row document, to save after each case (small: it is saved 10 000 times). */
function smallDocument(): ResultsDocument {
  const doc = sampleDocument();
  doc.results = doc.results.slice(0, 1);
  return doc;
}

describe('fuzz: the run history', () => {
  it(
    `${FUZZ_RUNS} stored states: well-formed entries kept, the rest dropped with a note, no throw`,
    () => {
      const reached = { dropped: 0, cleared: 0, loaded: 0, removed: 0 };
      fc.assert(
        fc.property(stored, (s) => {
          const { map, index } = storageOf(s);
          const before = new Map(map);
          const notes: string[] = [];
          const history = new RunHistory(memoryStorage(map), { onNote: (n) => notes.push(n) });

          // list(): exactly the well-formed entries, in order; a note when it drops any
          const list = withinTime('list', () => history.list());
          const found = new Findings();
          const want = expectedList(s, index, before);
          const got = { list, notes: [...notes], storage: [...map] };
          found.check(
            isDeepStrictEqual(got, want),
            () => `list() left ${show(got)}, not ${show(want)}`,
          );
          if (want.notes.length > 0) reached[want.list.length > 0 ? 'dropped' : 'cleared']++;

          // load(): the stored document when it imports; else null, a note, the run forgotten
          const gone = new Set<string>();
          for (const e of list) {
            const text = map.get(`${RUN}${e.id}`);
            const count = notes.length;
            const doc = withinTime('load', () => history.load(e.id));
            const expected = gone.has(e.id) ? null : expectedLoad(text);
            found.check(isDeepStrictEqual(doc, expected), () => `${e.id} opened as ${show(doc)}`);
            if (doc !== null) {
              reached.loaded++;
              found.check(findProblems(doc).length === 0, () => `${e.id} opened invalid`);
            } else if (!gone.has(e.id)) {
              gone.add(e.id);
              reached.removed++;
              const said = notes.slice(count);
              found.check(
                said.length === 1 && /could not be read and has been removed/.test(said[0] ?? ''),
                () => `${e.id} removed with notes ${show(said)}`,
              );
              found.check(
                !map.has(`${RUN}${e.id}`) && !history.list().some((x) => x.id === e.id),
                () => `${e.id} not forgotten`,
              );
            }
          }

          // a new run is still saved, first in the list, and opens again
          const doc = smallDocument();
          const saved = withinTime('save', () => history.save(doc));
          const id = saved?.id ?? '';
          const first = history.list()[0]?.id;
          found.check(saved !== null && first === id, () => `saved ${show(saved)}, first ${first}`);
          found.check(
            isDeepStrictEqual(history.load(id), doc),
            () => 'the saved run opens changed',
          );
          history.remove(id);
          // keys that are not the history's are never touched
          const touched = want.storage.filter(
            ([k, v]) => !k.startsWith(PREFIX) && map.get(k) !== v,
          );
          found.check(touched.length === 0, () => `touched ${show(touched)}`);
          found.checkPrototypes();
          found.expectNone();
        }),
        fuzzParameters(),
      );
      // The cases reach every branch: entries dropped, lists cleared, runs opened and removed.
      if (!REPLAYING)
        expect(
          Object.values(reached).every((n) => n > 0),
          JSON.stringify(reached),
        ).toBe(true);
    },
    FUZZ_TIMEOUT_MS,
  );

  it(
    'over a storage that refuses calls at random, it never throws',
    () => {
      fc.assert(
        fc.property(
          stored,
          fc.array(fc.boolean(), { minLength: 1, maxLength: 20 }),
          (s, refusals) => {
            const base = memoryStorage(storageOf(s).map);
            let call = 0;
            const refuse = () => {
              if (refusals[call++ % refusals.length]) throw new Error('SecurityError');
            };
            const flaky: StorageLike = {
              getItem: (k) => {
                refuse();
                return base.getItem(k);
              },
              setItem: (k, v) => {
                refuse();
                base.setItem(k, v);
              },
              removeItem: (k) => {
                refuse();
                base.removeItem(k);
              },
              get length() {
                return base.length ?? 0;
              },
              key: (i) => {
                refuse();
                return base.key?.(i) ?? null;
              },
            };
            const notes: string[] = [];
            const history = new RunHistory(flaky, { onNote: (n) => notes.push(n) });
            const found = new Findings();
            const list = history.list();
            found.check(list.every(wellFormed), () => `listed ${show(list)}`);
            for (const e of list) {
              const doc = history.load(e.id);
              found.check(doc === null || findProblems(doc).length === 0, () => `${e.id} invalid`);
            }
            history.save(smallDocument());
            history.remove(list[0]?.id ?? 'none');
            found.check(
              notes.every((n) => n.length > 0),
              () => `notes ${show(notes)}`,
            );
            found.checkPrototypes();
            found.expectNone();
          },
        ),
        fuzzParameters(2000),
      );
    },
    FUZZ_TIMEOUT_MS,
  );
});
