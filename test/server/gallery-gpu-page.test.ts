// A GPU's page, read from the summary the write path keeps, against a straightforward reference:
// every generated run's extracted figures grouped, filtered and sorted here, with PostgreSQL's
// percentile_cont written out; and against the GPU browser's own SQL (percentile_cont). On the
// real databases: PGlite, and a PostgreSQL server where one could be started.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/database';
import { extractColumns, type RunColumns } from '../../server/runs/extract';
import { adapterPage } from '../../server/runs/gpu-page';
import { type AdapterSummary, listAdapters, type RunFilters } from '../../server/runs/queries';
import { GroupCommit, storeRun } from '../../server/runs/store';
import { deleteRun, rebuildSummary } from '../../server/runs/summary';
import type { ResultsDocument } from '../../src/core/results';
import { histogram } from '../../src/share/gallery-types';
import { sampleDecodeRun } from '../fixtures/results';
import { emptyGallery, expectNear, galleryRun, testDatabases } from './gallery-fixtures';

const FIREFOX_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:141.0) Gecko/20100101 Firefox/141.0';

/** Deterministic numbers in [0, 1): the same generated gallery on every run. */
function generator(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

/** Runs on four adapters (one software), two browsers, some without decode runs, some with an
 * unverified one. */
function generatedRuns(count: number): ResultsDocument[] {
  const random = generator(7);
  const adapters = [
    { vendor: 'nvidia', architecture: 'ada', description: 'RTX 4090' },
    { vendor: 'intel', architecture: 'xe2', description: 'Arc B580' },
    { vendor: 'amd', architecture: 'rdna3', description: 'RX 7900' },
    { vendor: 'google', architecture: 'swiftshader', description: '', software: true },
  ];
  return Array.from({ length: count }, (_, seed) => {
    const adapter = adapters[Math.floor(random() * adapters.length)] ?? adapters[0];
    const doc = galleryRun({
      ...adapter,
      readGbps: 50 + random() * 900,
      gemvShare: 0.2 + random() * 0.7,
      ...(random() < 0.8 ? { decodeMs: 2 + random() * 30 } : {}),
      ...(random() < 0.4 ? { userAgent: FIREFOX_WINDOWS } : {}),
      seed,
    });
    if (seed % 17 === 5) {
      return { ...doc, decode: [sampleDecodeRun({ verified: false, medianMs: 3 })] };
    }
    return doc;
  });
}

/** percentile_cont as PostgreSQL defines it, over ascending values. */
function percentile(sorted: readonly number[], p: number): number {
  const rank = p * (sorted.length - 1);
  const lo = sorted[Math.floor(rank)] as number;
  const hi = sorted[Math.ceil(rank)] as number;
  return lo + (hi - lo) * (rank - Math.floor(rank));
}

const ascending = (values: number[]) => [...values].sort((a, b) => a - b);
const spread = (values: number[]) => {
  const sorted = ascending(values);
  return {
    n: sorted.length,
    p10: percentile(sorted, 0.1),
    median: percentile(sorted, 0.5),
    p90: percentile(sorted, 0.9),
  };
};

/** The page computed from the stored runs' extracted columns, one run at a time. */
function referencePage(runs: readonly RunColumns[], key: string, f: RunFilters) {
  const mine = runs.filter(
    (c) =>
      c.adapterKey === key &&
      (f.browser === undefined || c.browser === f.browser) &&
      (f.os === undefined || c.os === f.os),
  );
  if (mine.length === 0) return null;
  const reads = mine.flatMap((c) => (c.readGbps === null ? [] : [c.readGbps]));
  const gemv: Record<string, number[]> = {};
  const decode: Record<string, { model: string; format: string; context: number; v: number[] }> =
    {};
  for (const c of mine) {
    for (const g of c.gemv) gemv[g.format] = [...(gemv[g.format] ?? []), g.roofShare];
    for (const d of c.decode) {
      if (!d.verified || d.msPerToken === null) continue;
      const label = `${d.model} ${d.format} ${d.context}`;
      decode[label] ??= { model: d.model, format: d.format, context: d.context, v: [] };
      decode[label].v.push(d.msPerToken);
    }
  }
  const least = (pick: (c: RunColumns) => string) => mine.map(pick).sort()[0];
  const entries = Object.entries(decode);
  return {
    adapter: {
      key,
      vendor: least((c) => c.vendor),
      architecture: least((c) => c.architecture),
      device: least((c) => c.device),
      description: least((c) => c.description),
      isSoftware: mine.some((c) => c.isSoftware),
      runs: mine.length,
      readGbps: reads.length > 0 ? spread(reads) : null,
      gemv: Object.fromEntries(Object.entries(gemv).map(([k, v]) => [k, spread(v)])),
      decode: Object.fromEntries(
        entries.map(([k, d]) => [
          k,
          { ...spread(d.v), model: d.model, format: d.format, context: d.context },
        ]),
      ),
    },
    histograms: {
      readGbps: histogram(reads),
      gemv: Object.fromEntries(Object.entries(gemv).map(([k, v]) => [k, histogram(v)])),
      decode: Object.fromEntries(entries.map(([k, d]) => [k, histogram(d.v)])),
    },
  };
}

const FILTERS: RunFilters[] = [
  {},
  { browser: 'firefox' },
  { os: 'linux' },
  { browser: 'chrome', os: 'linux' },
  { browser: 'safari' },
];

describe.each(testDatabases())('a GPU page on $name', (target) => {
  let db: Database;
  beforeAll(async () => {
    db = await target.open();
    await emptyGallery(db);
  });
  afterAll(async () => {
    await db?.close();
  });

  /** Every adapter key and filter: the page equals the reference and the browser's own SQL. */
  async function expectPagesMatch(stored: readonly RunColumns[]) {
    const keys = [...new Set(stored.map((c) => c.adapterKey))];
    expect(keys.length).toBeGreaterThanOrEqual(3);
    for (const f of FILTERS) {
      const listed = await listAdapters(db, f);
      for (const key of [...keys, 'no|such|adapter|']) {
        const page = await adapterPage(db, key, f);
        const where = `${key} ${JSON.stringify(f)}`;
        expectNear(page, referencePage(stored, key, f), where);
        const fromSql: AdapterSummary | undefined = listed.find((a) => a.key === key);
        expectNear(page?.adapter, fromSql, where);
      }
    }
  }

  it('answers what the runs say, through both write paths and after deletions', async () => {
    const docs = generatedRuns(90);
    const ids: number[] = [];
    // a third one by one (a transaction each), the rest as groups sharing one COMMIT, with a
    // document sent twice in one group and one sent again after it was stored
    for (const doc of docs.slice(0, 30)) ids.push((await storeRun(db, doc)).id);
    const group = new GroupCommit(db);
    const rest = [...docs.slice(30), docs[40] as ResultsDocument, docs[3] as ResultsDocument];
    const answers = await Promise.all(rest.map((doc) => group.store(doc)));
    expect(answers.filter((a) => a.created)).toHaveLength(60);
    expect(answers.at(-2)).toEqual({ ...answers[10], created: false });
    expect(answers.at(-1)?.id).toBe(ids[3]);
    ids.push(...answers.slice(0, 60).map((a) => a.id));

    const columns = docs.map(extractColumns);
    await expectPagesMatch(columns);

    // deleting runs takes them out of their adapter's page
    const gone = new Set([ids[0], ids[31], ids[77]]);
    for (const id of gone) expect(await deleteRun(db, id as number)).toBe(true);
    const left = columns.filter((_, i) => !gone.has(ids[i]));
    await expectPagesMatch(left);
    // and the summary built whole from the runs (as migration 002 builds it) is the same
    await db.transaction((tx) => rebuildSummary(tx));
    await expectPagesMatch(left);
  });
});
