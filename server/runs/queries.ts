// What the GPU browser reads: adapters with their runs' distributions, and where one run stands
// among the runs on its adapter (one GPU's page: gpu-page.ts). Filters are parameters, never SQL
// text.

import type { GalleryAdapter, Spread } from '../../src/share/gallery-types';
import type { Queryable } from '../db/database';

export interface RunFilters {
  browser?: string | undefined;
  os?: string | undefined;
}

/** P10, median, P90 of a set of runs' values. */
export type { Spread };
/** One adapter's runs, as the API answers them. */
export type AdapterSummary = GalleryAdapter;

/** $1: browser or null, $2: OS or null; the runs table is `r`. */
const FILTER = '($1::text IS NULL OR r.browser = $1) AND ($2::text IS NULL OR r.os = $2)';
/** N, P10, median and P90 of a column over each group (NULLs left out). */
const quantiles = (column: string) => `count(${column})::int AS n,
  percentile_cont(0.1) WITHIN GROUP (ORDER BY ${column}) AS p10,
  percentile_cont(0.5) WITHIN GROUP (ORDER BY ${column}) AS median,
  percentile_cont(0.9) WITHIN GROUP (ORDER BY ${column}) AS p90`;

type SpreadRow = Spread;
const spread = (r: SpreadRow): Spread => ({ n: r.n, p10: r.p10, median: r.median, p90: r.p90 });

function filterParams(f: RunFilters, keyFilter: string | null = null): unknown[] {
  return [f.browser ?? null, f.os ?? null, keyFilter];
}

/** $3: one adapter key, or null for every adapter. */
const KEY = '($3::text IS NULL OR r.adapter_key = $3)';

async function adapterRows(db: Queryable, f: RunFilters, key: string | null) {
  return db.query<
    SpreadRow & {
      key: string;
      vendor: string;
      architecture: string;
      device: string;
      description: string;
      is_software: boolean;
      runs: number;
    }
  >(
    `SELECT r.adapter_key AS key, min(r.vendor) AS vendor, min(r.architecture) AS architecture,
       min(r.device) AS device, min(r.description) AS description,
       bool_or(r.is_software) AS is_software, count(*)::int AS runs, ${quantiles('r.read_gbps')}
     FROM runs r
     WHERE ${FILTER} AND ${KEY}
     GROUP BY r.adapter_key
     ORDER BY min(r.vendor), median DESC NULLS LAST`,
    filterParams(f, key),
  );
}

async function gemvRows(db: Queryable, f: RunFilters, key: string | null) {
  return db.query<SpreadRow & { key: string; format: string }>(
    `SELECT r.adapter_key AS key, g.format, ${quantiles('g.roof_share')}
     FROM runs r JOIN run_gemv g ON g.run_id = r.id
     WHERE ${FILTER} AND ${KEY}
     GROUP BY r.adapter_key, g.format`,
    filterParams(f, key),
  );
}

async function decodeRows(db: Queryable, f: RunFilters, key: string | null) {
  return db.query<SpreadRow & { key: string; model: string; format: string; context: number }>(
    `SELECT r.adapter_key AS key, d.model, d.format, d.context, ${quantiles('d.ms_per_token')}
     FROM runs r JOIN run_decode d ON d.run_id = r.id
     WHERE ${FILTER} AND ${KEY} AND d.verified AND d.ms_per_token IS NOT NULL
     GROUP BY r.adapter_key, d.model, d.format, d.context`,
    filterParams(f, key),
  );
}

/** Every adapter with runs (or the one `key`), with its distributions, GPUs by vendor. */
export async function listAdapters(
  db: Queryable,
  filters: RunFilters = {},
  key: string | null = null,
): Promise<AdapterSummary[]> {
  const [adapters, gemv, decode] = await Promise.all([
    adapterRows(db, filters, key),
    gemvRows(db, filters, key),
    decodeRows(db, filters, key),
  ]);
  return adapters.map((a) => ({
    key: a.key,
    vendor: a.vendor,
    architecture: a.architecture,
    device: a.device,
    description: a.description,
    isSoftware: a.is_software,
    runs: a.runs,
    readGbps: a.n > 0 ? spread(a) : null,
    gemv: Object.fromEntries(gemv.filter((g) => g.key === a.key).map((g) => [g.format, spread(g)])),
    decode: Object.fromEntries(
      decode
        .filter((d) => d.key === a.key)
        .map((d) => [
          `${d.model} ${d.format} ${d.context}`,
          { ...spread(d), model: d.model, format: d.format, context: d.context },
        ]),
    ),
  }));
}

export interface Standing {
  adapterKey: string;
  /** Other runs on the same adapter with a read bandwidth, and how many this one beats. */
  others: number;
  slower: number;
  readGbps: number | null;
}

/** Where one run's read bandwidth sits among the other runs on its adapter. */
export async function runStanding(db: Queryable, id: number): Promise<Standing | null> {
  const [row] = await db.query<{ key: string; v: number | null; others: number; slower: number }>(
    `SELECT me.adapter_key AS key, me.read_gbps AS v,
       count(o.id)::int AS others,
       count(o.id) FILTER (WHERE o.read_gbps < me.read_gbps)::int AS slower
     FROM runs me
     LEFT JOIN runs o ON o.adapter_key = me.adapter_key AND o.id <> me.id
       AND o.read_gbps IS NOT NULL
     WHERE me.id = $1
     GROUP BY me.id`,
    [id],
  );
  if (row === undefined) return null;
  return { adapterKey: row.key, others: row.others, slower: row.slower, readGbps: row.v };
}

/** One stored run: its document and when it came. */
export async function findRun(
  db: Queryable,
  id: number,
): Promise<{ id: number; submittedAt: string; document: unknown } | null> {
  const [row] = await db.query<{ id: number; submitted_at: unknown; document: unknown }>(
    'SELECT id, submitted_at, document FROM runs WHERE id = $1',
    [id],
  );
  if (row === undefined) return null;
  const at = row.submitted_at;
  return {
    id: row.id,
    submittedAt: at instanceof Date ? at.toISOString() : String(at),
    document: row.document,
  };
}
