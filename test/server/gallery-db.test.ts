// The gallery's schema, storage and queries, on the real database: PGlite, and a PostgreSQL
// server where one could be started (never a mock).

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/database';
import { MIGRATIONS, migrate, statements } from '../../server/db/migrate';
import { canonicalJson, contentHash } from '../../server/runs/content-hash';
import { adapterPage } from '../../server/runs/gpu-page';
import { listAdapters, runStanding } from '../../server/runs/queries';
import { storeRun } from '../../server/runs/store';
import { deleteRun } from '../../server/runs/summary';
import { emptyGallery, expectNear, galleryRun, testDatabases } from './gallery-fixtures';

/** PostgreSQL's percentile_cont: linear between the two nearest ranks. */
function percentile(sorted: readonly number[], p: number): number {
  const rank = p * (sorted.length - 1);
  const lo = Math.floor(rank);
  const hi = Math.ceil(rank);
  return (sorted[lo] as number) + ((sorted[hi] as number) - (sorted[lo] as number)) * (rank - lo);
}

describe('canonical content hash', () => {
  it('ignores key order and nothing else', () => {
    expect(canonicalJson({ b: 1, a: [{ d: 2, c: 'x' }] })).toBe('{"a":[{"c":"x","d":2}],"b":1}');
    expect(contentHash({ a: 1, b: 2 })).toBe(contentHash({ b: 2, a: 1 }));
    expect(contentHash({ a: 1, b: 2 })).not.toBe(contentHash({ a: 1, b: 3 }));
    expect(contentHash([1, 2])).not.toBe(contentHash([2, 1]));
  });
});

describe.each(testDatabases())('gallery database on $name', (target) => {
  let db: Database;
  beforeAll(async () => {
    db = await target.open();
  });
  afterAll(async () => {
    await db?.close();
  });
  beforeEach(async () => {
    await emptyGallery(db);
  });

  it('records its migrations and applies each once', async () => {
    const versions = await db.query<{ version: number }>(
      'SELECT version FROM schema_migrations ORDER BY version',
    );
    expect(versions.map((v) => v.version)).toEqual(MIGRATIONS.map((m) => m.version));
    expect(await migrate(db)).toEqual([]);
    expect(statements(MIGRATIONS[0]?.sql ?? '').length).toBeGreaterThan(3);
  });

  it('rolls a failed migration back whole', async () => {
    const broken = {
      version: 999,
      name: 'broken',
      sql: 'CREATE TABLE half (x int);\nSELECT nonsense FROM nowhere;',
    };
    await expect(migrate(db, [...MIGRATIONS, broken])).rejects.toThrow();
    const half = await db.query(
      "SELECT 1 FROM information_schema.tables WHERE table_name = 'half'",
    );
    expect(half).toEqual([]);
    const rows = await db.query('SELECT 1 FROM schema_migrations WHERE version = 999');
    expect(rows).toEqual([]);
  });

  it('keeps each figure as a real, and migration 003 rebuilds them as the write path keeps them', async () => {
    const reads = Array.from({ length: 70 }, (_, i) => 100 + i * 7.123456789012);
    for (const [seed, readGbps] of reads.entries()) {
      await storeRun(db, galleryRun({ readGbps, gemvShare: 0.6, seed }));
    }
    const figures = async () =>
      (
        await db.query<{ kind: string; vals: string }>(
          'SELECT kind, format, vals FROM run_figures ORDER BY kind, format, chunk',
        )
      ).map((r) => ({
        ...r,
        vals: r.vals
          .split(',')
          .map(Number)
          .sort((a, b) => a - b),
      }));
    const written = await figures();
    const read = written.filter((f) => f.kind === 'read').flatMap((f) => f.vals);
    // each read GB/s is the real nearest it, written in the fewest digits that name that real
    // (8 at most), not the 13 it was sent with
    expect(read.map(Math.fround)).toEqual(reads.map(Math.fround));
    expect(read.every((v, i) => v !== reads[i] || Number.isInteger(v))).toBe(true);
    const migration = MIGRATIONS.find((m) => m.version === 3);
    await db.transaction(async (tx) => {
      for (const statement of statements(migration?.sql ?? '')) await tx.query(statement);
    });
    expect(await figures()).toEqual(written);
  });

  it('stores a run with its extracted columns, once per content', async () => {
    const doc = galleryRun({
      readGbps: 800,
      gemvShare: 0.6,
      decodeMs: 4.5,
      description: 'RTX 4090',
    });
    const first = await storeRun(db, doc);
    expect(first.created).toBe(true);
    // the same document with its keys in another order is the same run
    const reordered = Object.fromEntries(Object.entries(doc).reverse()) as typeof doc;
    const again = await storeRun(db, reordered);
    expect(again).toEqual({ ...first, created: false });

    const [row] = await db.query<Record<string, unknown>>('SELECT * FROM runs WHERE id = $1', [
      first.id,
    ]);
    expect(row).toMatchObject({
      vendor: 'nvidia',
      architecture: 'ada',
      description: 'RTX 4090',
      adapter_key: 'nvidia|ada||rtx 4090',
      is_software: false,
      runtime_kind: 'browser',
      browser: 'chrome',
      os: 'linux',
      plan: 'quick',
      comparable: true,
      complete: true,
      all_verified: false,
      read_gbps: 800,
      fma_gflops: { f32: 9 },
    });
    expect(row?.document).toEqual(JSON.parse(JSON.stringify(doc)));
    const gemv = await db.query('SELECT format, roof_share FROM run_gemv WHERE run_id = $1', [
      first.id,
    ]);
    expect(gemv).toEqual([{ format: 'int4', roof_share: 0.6 }]);
    const decode = await db.query(
      'SELECT model, format, context, verified, ms_per_token FROM run_decode WHERE run_id = $1',
      [first.id],
    );
    expect(decode).toEqual([
      { model: 'smollm2-135m', format: 'int4', context: 512, verified: true, ms_per_token: 4.5 },
    ]);
  });

  it('gives each adapter its runs, P10, median and P90, GPUs apart from software', async () => {
    const reads = [120, 80, 100, 95, 300, 110, 105, 90, 85, 115];
    for (const [i, gbps] of reads.entries()) {
      await storeRun(
        db,
        galleryRun({ readGbps: gbps, gemvShare: gbps / 400, decodeMs: 1000 / gbps, seed: i }),
      );
    }
    await storeRun(
      db,
      galleryRun({ vendor: 'google', architecture: 'swiftshader', software: true, readGbps: 5 }),
    );
    await storeRun(
      db,
      galleryRun({
        vendor: 'amd',
        architecture: 'rdna3',
        readGbps: 700,
        userAgent:
          'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:141.0) Gecko/20100101 Firefox/141.0',
      }),
    );
    const adapters = await listAdapters(db);
    expect(adapters.map((a) => [a.vendor, a.runs, a.isSoftware])).toEqual([
      ['amd', 1, false],
      ['google', 1, true],
      ['nvidia', 10, false],
    ]);
    const nvidia = adapters.find((a) => a.vendor === 'nvidia');
    const sorted = [...reads].sort((a, b) => a - b);
    expect(nvidia?.readGbps?.median).toBeCloseTo(percentile(sorted, 0.5), 9);
    expect(nvidia?.readGbps?.p10).toBeCloseTo(percentile(sorted, 0.1), 9);
    expect(nvidia?.readGbps?.p90).toBeCloseTo(percentile(sorted, 0.9), 9);
    expect(nvidia?.gemv.int4?.median).toBeCloseTo(percentile(sorted, 0.5) / 400, 9);
    const decode = nvidia?.decode['smollm2-135m int4 512'];
    expect(decode?.n).toBe(10);
    expect(decode?.median).toBeCloseTo(
      percentile(
        sorted.map((g) => 1000 / g).sort((a, b) => a - b),
        0.5,
      ),
      9,
    );

    expect((await listAdapters(db, { browser: 'firefox' })).map((a) => a.vendor)).toEqual(['amd']);
    expect((await listAdapters(db, { os: 'windows' })).map((a) => a.vendor)).toEqual(['amd']);
    expect(await listAdapters(db, { browser: 'safari' })).toEqual([]);

    const page = await adapterPage(db, 'nvidia|ada||');
    // Each figure comes binned: every run counted once, over the values' whole range.
    const bins = page?.histograms.readGbps ?? [];
    expect(bins).toHaveLength(10);
    expect(bins.reduce((n, b) => n + b.count, 0)).toBe(sorted.length);
    expect([bins[0]?.from, bins.at(-1)?.to]).toEqual([sorted[0], sorted.at(-1)]);
    expect((page?.histograms.gemv.int4 ?? []).reduce((n, b) => n + b.count, 0)).toBe(10);
    expectNear(page?.adapter, nvidia, 'the nvidia page');
  });

  it('says where a run stands among the runs on its adapter, and deletes runs whole', async () => {
    const ids: number[] = [];
    for (const [i, gbps] of [50, 60, 70, 80, 90].entries()) {
      ids.push((await storeRun(db, galleryRun({ readGbps: gbps, decodeMs: 10, seed: i }))).id);
    }
    expect(await runStanding(db, ids[3] as number)).toMatchObject({
      others: 4,
      slower: 3,
      readGbps: 80,
    });
    expect(await runStanding(db, 999_999)).toBeNull();
    expect(await deleteRun(db, ids[0] as number)).toBe(true);
    expect(await deleteRun(db, ids[0] as number)).toBe(false);
    const orphans = await db.query('SELECT 1 FROM run_decode WHERE run_id = $1', [ids[0]]);
    expect(orphans).toEqual([]);
    expect(await runStanding(db, ids[3] as number)).toMatchObject({ others: 3, slower: 2 });
  });
});
