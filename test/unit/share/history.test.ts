import { describe, expect, it } from 'vitest';
import type { ResultsDocument } from '../../../src/core/results';
import { memoryStorage, RunHistory, type StorageLike } from '../../../src/share/history';
import { sampleDocument } from '../../fixtures/results';

const PREFIX = 'webgpu-roofline:history:';

/** A distinct document per `n` (its timestamp differs). */
function run(n: number): ResultsDocument {
  const doc = sampleDocument();
  doc.createdAt = new Date(Date.UTC(2026, 0, 1, 0, n)).toISOString();
  return doc;
}

function setup(options: ConstructorParameters<typeof RunHistory>[1] = {}) {
  const map = new Map<string, string>();
  const notes: string[] = [];
  const history = new RunHistory(memoryStorage(map), {
    onNote: (n) => notes.push(n),
    now: () => new Date('2026-12-01T00:00:00Z'),
    ...options,
  });
  return { map, notes, history };
}

describe('RunHistory', () => {
  it('saves, lists (newest first), loads and removes runs', () => {
    const { history, map, notes } = setup();
    expect(history.list()).toEqual([]);
    const a = history.save(run(1));
    const b = history.save(run(2));
    expect(a).not.toBeNull();
    expect(history.list().map((e) => e.id)).toEqual([b?.id, a?.id]);
    expect(history.list()[0]).toMatchObject({
      createdAt: run(2).createdAt,
      savedAt: '2026-12-01T00:00:00.000Z',
      plan: 'quick',
      adapter: 'google swiftshader — SwiftShader',
      rows: 5,
      failed: 1,
    });
    expect(history.load(a?.id ?? '')).toEqual(run(1));
    history.remove(a?.id ?? '');
    expect(history.list().map((e) => e.id)).toEqual([b?.id]);
    expect(history.load(a?.id ?? '')).toBeNull();
    expect([...map.keys()].filter((k) => k.includes(':run:'))).toHaveLength(1);
    expect(notes).toEqual([]);
  });

  it('keeps one entry for a run saved twice', () => {
    const { history } = setup();
    history.save(run(1));
    history.save(run(1));
    expect(history.list()).toHaveLength(1);
  });

  it('caps the count: the oldest runs are dropped, their documents too', () => {
    const { history, map } = setup({ maxEntries: 20 });
    const ids = Array.from({ length: 25 }, (_, n) => history.save(run(n))?.id);
    expect(history.list().map((e) => e.id)).toEqual(ids.slice(5).reverse());
    expect([...map.keys()].filter((k) => k.includes(':run:'))).toHaveLength(20);
    expect(history.load(ids[0] ?? '')).toBeNull();
  });

  it('caps the total size, and refuses a single run over it with a note', () => {
    const size = JSON.stringify(run(0)).length;
    const { history, notes } = setup({ maxChars: size * 3 + 10 });
    for (let n = 0; n < 5; n++) history.save(run(n));
    expect(history.list()).toHaveLength(3);
    const big = run(9);
    big.adapter.description = 'x'.repeat(size * 4);
    expect(history.save(big)).toBeNull();
    expect(notes).toEqual([expect.stringMatching(/too large to keep/)]);
    expect(history.list()).toHaveLength(3);
  });

  it('drops a damaged list with a note, and removes the runs it named', () => {
    const { history, map, notes } = setup();
    history.save(run(1));
    map.set(`${PREFIX}index`, '{not json');
    expect(history.list()).toEqual([]);
    expect(notes).toEqual(['The list of saved runs was damaged and has been cleared.']);
    expect([...map.keys()]).toEqual([]);
    expect(history.save(run(2))).not.toBeNull();
  });

  it('drops damaged entries of the list, keeping the rest', () => {
    const { history, map, notes } = setup();
    const kept = history.save(run(1));
    const entries = JSON.parse(map.get(`${PREFIX}index`) ?? '[]') as unknown[];
    map.set(`${PREFIX}index`, JSON.stringify([...entries, { id: '../x' }, 42, null]));
    expect(history.list().map((e) => e.id)).toEqual([kept?.id]);
    expect(notes).toEqual(['3 damaged entries were dropped from the saved runs.']);
    expect(history.list()).toHaveLength(1);
    expect(notes).toHaveLength(1);
  });

  it('keeps only the fields of an entry, so junk stored with one cannot block saving', () => {
    // An extra field nested past what JSON.stringify can write once made every later save
    // fail (found by fuzz-history.test.ts).
    const { history, map, notes } = setup();
    const kept = history.save(run(1));
    const entries = JSON.parse(map.get(`${PREFIX}index`) ?? '[]') as unknown[];
    const deep = `${'['.repeat(20_000)}${']'.repeat(20_000)}`;
    map.set(`${PREFIX}index`, JSON.stringify(entries).replace(/\}\]$/, `,"extra":${deep}}]`));
    expect(history.list()).toEqual(entries);
    expect(history.save(run(2))).not.toBeNull();
    expect(history.list().map((e) => e.id)).toEqual([expect.any(String), kept?.id]);
    expect(notes).toEqual([]);
  });

  it('removes a damaged or missing document with a note when it is opened', () => {
    const { history, map, notes } = setup();
    const a = history.save(run(1));
    const b = history.save(run(2));
    map.set(`${PREFIX}run:${a?.id}`, '{"schemaVersion": 1, "results": "nope"');
    expect(history.load(a?.id ?? '')).toBeNull();
    expect(notes[0]).toMatch(
      /^The saved run from 2026-01-01T00:01:00.000Z could not be read and has been removed: .*not valid JSON/,
    );
    const doc = JSON.parse(map.get(`${PREFIX}run:${b?.id}`) ?? '{}') as Record<string, unknown>;
    doc.schemaVersion = 7;
    map.set(`${PREFIX}run:${b?.id}`, JSON.stringify(doc));
    expect(history.load(b?.id ?? '')).toBeNull();
    expect(notes[1]).toMatch(/schemaVersion 7/);
    const c = history.save(run(3));
    map.delete(`${PREFIX}run:${c?.id}`);
    expect(history.load(c?.id ?? '')).toBeNull();
    expect(notes[2]).toMatch(/it is missing/);
    expect(history.list()).toEqual([]);
  });

  it('drops older runs when storage is full, and never throws when it refuses everything', () => {
    const map = new Map<string, string>();
    const base = memoryStorage(map);
    let quota = Number.POSITIVE_INFINITY;
    const used = () => [...map.values()].reduce((s, v) => s + v.length, 0);
    const full: StorageLike = {
      ...base,
      getItem: (k) => base.getItem(k),
      setItem: (k, v) => {
        if (used() - (map.get(k)?.length ?? 0) + v.length > quota)
          throw new Error('QuotaExceededError');
        base.setItem(k, v);
      },
    };
    const notes: string[] = [];
    const history = new RunHistory(full, { onNote: (n) => notes.push(n) });
    const first = history.save(run(0));
    for (let n = 1; n < 4; n++) history.save(run(n));
    quota = used(); // no room left: the next save must make some
    const next = history.save(run(10));
    expect(next).not.toBeNull();
    expect(history.list()[0]?.id).toBe(next?.id);
    expect(history.list()).toHaveLength(4);
    expect(history.list().map((e) => e.id)).not.toContain(first?.id);
    expect(notes).toEqual([]);

    const broken: StorageLike = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('SecurityError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    };
    const quiet = new RunHistory(broken, { onNote: (n) => notes.push(n) });
    expect(quiet.list()).toEqual([]);
    expect(quiet.save(run(1))).toBeNull();
    expect(quiet.load('abc')).toBeNull();
    expect(() => quiet.remove('abc')).not.toThrow();
    expect(notes.length).toBeGreaterThan(0);
    expect(notes.every((n) => n.includes('SecurityError'))).toBe(true);
  });

  it('keeps HTML in stored strings as plain text', () => {
    const { history } = setup();
    const doc = run(1);
    doc.adapter.description = '<img src=x onerror=alert(1)>';
    const entry = history.save(doc);
    expect(entry?.adapter).toBe('google swiftshader — <img src=x onerror=alert(1)>');
    expect(history.load(entry?.id ?? '')?.adapter.description).toBe('<img src=x onerror=alert(1)>');
  });
});
