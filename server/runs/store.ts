// Storing a submitted run: the document and its extracted columns in one transaction, once per
// content hash. The caller answers only after this resolves, that is after COMMIT.

import type { ResultsDocument } from '../../src/core/results';
import type { Database, Queryable } from '../db/database';
import { contentHash } from './content-hash';
import { extractColumns, type RunColumns } from './extract';

export interface StoredRun {
  id: number;
  /** False when the same document was already stored (its id is returned). */
  created: boolean;
  submittedAt: string;
}

/**
 * One statement for a whole group of runs: the runs, their GEMV figures and their decode runs,
 * all read from one JSON parameter (an array with one record per run), so a group costs one
 * round trip and one parse of its parameter however many runs it holds. A run whose content hash
 * is already stored inserts nothing and returns no row.
 */
const INSERT_RUNS = `
  WITH batch AS (
    SELECT * FROM jsonb_to_recordset($1::jsonb) AS b (
      i int, content_hash text, document jsonb, created_at timestamptz, tool_version text,
      adapter_key text, vendor text, architecture text, device text, description text,
      is_software boolean, runtime_kind text, browser text, os text, plan text, timing text,
      comparable boolean, complete boolean, all_verified boolean, read_gbps float8,
      fma_gflops jsonb, gemv jsonb, decode jsonb)
  ), run AS (
    INSERT INTO runs (content_hash, document, created_at, tool_version, adapter_key, vendor,
      architecture, device, description, is_software, runtime_kind, browser, os, plan, timing,
      comparable, complete, all_verified, read_gbps, fma_gflops)
    SELECT content_hash, document, created_at, tool_version, adapter_key, vendor, architecture,
      device, description, is_software, runtime_kind, browser, os, plan, timing, comparable,
      complete, all_verified, read_gbps, fma_gflops
    FROM batch ORDER BY i
    ON CONFLICT (content_hash) DO NOTHING
    RETURNING id, content_hash, submitted_at
  ), gemv AS (
    INSERT INTO run_gemv (run_id, format, roof_share, gbps)
    SELECT run.id, g.format, g.roof_share, g.gbps
    FROM run JOIN batch USING (content_hash),
      jsonb_to_recordset(batch.gemv) AS g (format text, roof_share float8, gbps float8)
  ), decode AS (
    INSERT INTO run_decode (run_id, ordinal, model, format, context, verified, ms_per_token)
    SELECT run.id, e.ordinal - 1, d.model, d.format, d.context, d.verified, d.ms_per_token
    FROM run JOIN batch USING (content_hash),
      jsonb_array_elements(batch.decode) WITH ORDINALITY AS e (value, ordinal),
      jsonb_to_record(e.value) AS d (model text, format text, context int, verified boolean,
        ms_per_token float8)
  )
  SELECT id, content_hash, submitted_at FROM run`;

/** One run's record in INSERT_RUNS's parameter (JSON numbers round-trip exactly to float8). */
function runRecord(i: number, hash: string, doc: ResultsDocument, c: RunColumns) {
  return {
    i,
    content_hash: hash,
    document: doc,
    created_at: c.createdAt,
    tool_version: c.toolVersion,
    adapter_key: c.adapterKey,
    vendor: c.vendor,
    architecture: c.architecture,
    device: c.device,
    description: c.description,
    is_software: c.isSoftware,
    runtime_kind: c.runtimeKind,
    browser: c.browser,
    os: c.os,
    plan: c.plan,
    timing: c.timing,
    comparable: c.comparable,
    complete: c.complete,
    all_verified: c.allVerified,
    read_gbps: c.readGbps,
    fma_gflops: c.fmaGflops,
    gemv: c.gemv.map((g) => ({ format: g.format, roof_share: g.roofShare, gbps: g.gbps })),
    decode: c.decode.map((d) => ({
      model: d.model,
      format: d.format,
      context: d.context,
      verified: d.verified,
      ms_per_token: d.msPerToken,
    })),
  };
}

const iso = (t: unknown) => (t instanceof Date ? t.toISOString() : String(t));

/** A validated document with its identity and columns, ready to insert. */
interface Prepared {
  hash: string;
  doc: ResultsDocument;
  columns: RunColumns;
}

function prepare(doc: ResultsDocument): Prepared {
  return { hash: contentHash(doc), doc, columns: extractColumns(doc) };
}

type RunRow = { id: number; content_hash: string; submitted_at: unknown };

/**
 * Adds newly inserted runs to the GPU pages' summary (server/db/migrations/002): their adapter's
 * run count, then their values appended to their chunks. On a PostgreSQL server, concurrent
 * transactions on one adapter queue on its adapter_runs row, taken first, so none deadlocks on
 * the figure rows after it.
 */
const SUMMARIZE_ADAPTERS = `
  INSERT INTO adapter_runs AS a (adapter_key, browser, os, runs, vendor, architecture, device,
    description, is_software)
  SELECT adapter_key, browser, os, count(*), min(vendor), min(architecture), min(device),
    min(description), bool_or(is_software)
  FROM runs WHERE id = ANY($1::bigint[])
  GROUP BY adapter_key, browser, os
  ORDER BY adapter_key, browser, os
  ON CONFLICT (adapter_key, browser, os) DO UPDATE SET
    runs = a.runs + EXCLUDED.runs,
    vendor = LEAST(a.vendor, EXCLUDED.vendor),
    architecture = LEAST(a.architecture, EXCLUDED.architecture),
    device = LEAST(a.device, EXCLUDED.device),
    description = LEAST(a.description, EXCLUDED.description),
    is_software = a.is_software OR EXCLUDED.is_software`;

const FIGURE_KEY = 'adapter_key, browser, os, kind, model, format, context';

const SUMMARIZE_FIGURES = `
  INSERT INTO run_figures AS f (${FIGURE_KEY}, chunk, n, vals)
  SELECT ${FIGURE_KEY}, run_id / 256, count(*), string_agg(to_json(value)::text, ',')
  FROM run_figure_values WHERE run_id = ANY($1::bigint[])
  GROUP BY ${FIGURE_KEY}, run_id / 256
  ORDER BY ${FIGURE_KEY}, run_id / 256
  ON CONFLICT (${FIGURE_KEY}, chunk) DO UPDATE SET
    n = f.n + EXCLUDED.n, vals = f.vals || ',' || EXCLUDED.vals`;

async function summarize(tx: Queryable, ids: readonly number[]): Promise<void> {
  await tx.query(SUMMARIZE_ADAPTERS, [ids]);
  await tx.query(SUMMARIZE_FIGURES, [ids]);
}

/**
 * Inserts a group of runs inside an open transaction (one statement), then finds the ones whose
 * content hash was already there (one more). Answers in the group's order; of two equal
 * documents in one group the first is the one created.
 */
async function insertRuns(tx: Queryable, group: readonly Prepared[]): Promise<StoredRun[]> {
  const firsts = new Map<string, Prepared>();
  for (const p of group) if (!firsts.has(p.hash)) firsts.set(p.hash, p);
  const records = [...firsts.values()].map((p, i) => runRecord(i, p.hash, p.doc, p.columns));
  const inserted = await tx.query<RunRow>(INSERT_RUNS, [JSON.stringify(records)]);
  if (inserted.length > 0)
    await summarize(
      tx,
      inserted.map((r) => r.id),
    );
  const created = new Map(inserted.map((r) => [r.content_hash, r]));
  const missing = [...firsts.keys()].filter((h) => !created.has(h));
  const existing =
    missing.length === 0
      ? []
      : await tx.query<RunRow>(
          'SELECT id, content_hash, submitted_at FROM runs WHERE content_hash = ANY($1::text[])',
          [missing],
        );
  const found = new Map(existing.map((r) => [r.content_hash, r]));
  const answered = new Set<string>();
  return group.map((p) => {
    const fresh = created.get(p.hash);
    const isNew = fresh !== undefined && !answered.has(p.hash);
    answered.add(p.hash);
    const row = fresh ?? found.get(p.hash);
    if (row === undefined) throw new Error('a run with this content hash vanished');
    return { id: row.id, created: isNew, submittedAt: iso(row.submitted_at) };
  });
}

/** Stores a validated document unless the same one is there; either way returns its id. */
export async function storeRun(db: Database, doc: ResultsDocument): Promise<StoredRun> {
  const prepared = prepare(doc);
  const [stored] = await db.transaction((tx) => insertRuns(tx, [prepared]));
  if (stored === undefined) throw new Error('a stored run went unanswered');
  return stored;
}

/** The most submissions one group commit holds. */
export const MAX_GROUP = 64;

interface Waiting extends Prepared {
  resolve: (run: StoredRun) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit: submissions that arrive while a transaction is committing wait, and the next
 * transaction stores all of them (up to MAX_GROUP) with one COMMIT; each caller is answered only
 * after that COMMIT. If the group's transaction fails, each of its runs is tried again alone, so
 * one failure fails only its own submission. For PGlite, whose one connection runs one
 * transaction at a time: there, one COMMIT per submission is most of a submission's cost. A
 * PostgreSQL server's pool commits concurrent transactions in parallel instead (storeRun).
 */
export class GroupCommit {
  private readonly queue: Waiting[] = [];
  private flushing = false;

  constructor(private readonly db: Database) {}

  store(doc: ResultsDocument): Promise<StoredRun> {
    const prepared = prepare(doc);
    return new Promise((resolve, reject) => {
      this.queue.push({ ...prepared, resolve, reject });
      if (!this.flushing) void this.flush();
    });
  }

  private async flush(): Promise<void> {
    this.flushing = true;
    try {
      while (this.queue.length > 0) await this.commitGroup(this.queue.splice(0, MAX_GROUP));
    } finally {
      this.flushing = false;
    }
  }

  private async commitGroup(group: Waiting[]): Promise<void> {
    let stored: StoredRun[];
    try {
      stored = await this.db.transaction((tx) => insertRuns(tx, group));
    } catch (e) {
      if (group.length === 1) {
        group[0]?.reject(e);
        return;
      }
      for (const w of group) {
        await this.db
          .transaction((tx) => insertRuns(tx, [w]))
          .then(([run]) => w.resolve(run as StoredRun), w.reject);
      }
      return;
    }
    for (const [i, w] of group.entries()) w.resolve(stored[i] as StoredRun);
  }
}

/** How the server stores submissions: group commit on PGlite, a transaction each on a server. */
export function runStore(db: Database): (doc: ResultsDocument) => Promise<StoredRun> {
  if (db.kind !== 'pglite') return (doc) => storeRun(db, doc);
  const group = new GroupCommit(db);
  return (doc) => group.store(doc);
}

/** The summary of one adapter, browser and OS, and of one chunk of its figures, from the runs. */
const REBUILD = [
  'DELETE FROM adapter_runs WHERE adapter_key = $1 AND browser = $2 AND os = $3',
  `INSERT INTO adapter_runs
     SELECT adapter_key, browser, os, count(*), min(vendor), min(architecture), min(device),
       min(description), bool_or(is_software)
     FROM runs WHERE adapter_key = $1 AND browser = $2 AND os = $3
     GROUP BY adapter_key, browser, os`,
  `DELETE FROM run_figures
     WHERE adapter_key = $1 AND browser = $2 AND os = $3 AND chunk = $4::bigint / 256`,
  `INSERT INTO run_figures
     SELECT ${FIGURE_KEY}, run_id / 256, count(*), string_agg(to_json(value)::text, ',')
     FROM run_figure_values
     WHERE adapter_key = $1 AND browser = $2 AND os = $3
       AND run_id BETWEEN $4::bigint / 256 * 256 AND $4::bigint / 256 * 256 + 255
     GROUP BY ${FIGURE_KEY}, run_id / 256`,
] as const;

/** The whole summary rebuilt from the runs, as migration 002 first built it (after bulk copies). */
export async function rebuildSummary(tx: Queryable): Promise<void> {
  await tx.query('TRUNCATE adapter_runs, run_figures');
  await tx.query(
    `INSERT INTO adapter_runs
       SELECT adapter_key, browser, os, count(*), min(vendor), min(architecture), min(device),
         min(description), bool_or(is_software)
       FROM runs GROUP BY adapter_key, browser, os`,
  );
  await tx.query(
    `INSERT INTO run_figures
       SELECT ${FIGURE_KEY}, run_id / 256, count(*), string_agg(to_json(value)::text, ',')
       FROM run_figure_values GROUP BY ${FIGURE_KEY}, run_id / 256`,
  );
}

/** Deletes one run (its figures, its place in the summary); false when there was none with that id. */
export async function deleteRun(db: Database, id: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [gone] = await tx.query<{ adapter_key: string; browser: string; os: string }>(
      'DELETE FROM runs WHERE id = $1 RETURNING adapter_key, browser, os',
      [id],
    );
    if (gone === undefined) return false;
    const key = [gone.adapter_key, gone.browser, gone.os];
    for (const [i, sql] of REBUILD.entries()) await tx.query(sql, i < 2 ? key : [...key, id]);
    return true;
  });
}
