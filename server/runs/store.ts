// Storing submitted runs: each document with its extracted columns, its figures and its place in
// the GPU pages' summary, once per content hash, in one statement (its own transaction). The
// caller answers only after this resolves, that is after COMMIT.

import type { ResultsDocument } from '../../src/core/results';
import type { Database, Queryable } from '../db/database';
import { contentHash } from './content-hash';
import { extractColumns, type RunColumns } from './extract';
import { CHUNK_RUNS, FIGURE_KEY, FIGURE_TEXT } from './summary';

export interface StoredRun {
  id: number;
  /** False when the same document was already stored (its id is returned). */
  created: boolean;
  submittedAt: string;
}

/**
 * One statement for a whole group of runs, read from one JSON parameter (an array with one
 * record per run): the runs, their GEMV figures and decode runs, their adapters' run counts and
 * their values appended to the summary's chunks (the values run_figure_values defines, taken
 * here from the records, as that view cannot see rows this statement inserts). A single statement
 * is atomic on its own: no BEGIN or COMMIT round trips. It answers the runs it created, and the
 * runs already stored under the other records' content hashes (from before the statement).
 * On a PostgreSQL server every such statement takes its row locks in the same order (the run,
 * its adapter's count, its figures in key order), so concurrent ones queue rather than deadlock.
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
  ), fresh AS (
    SELECT run.id, b.adapter_key, b.browser, b.os, b.vendor, b.architecture, b.device,
      b.description, b.is_software, b.read_gbps, b.gemv, b.decode
    FROM run JOIN batch b USING (content_hash)
  ), gemv AS (
    INSERT INTO run_gemv (run_id, format, roof_share, gbps)
    SELECT f.id, g.format, g.roof_share, g.gbps
    FROM fresh f, jsonb_to_recordset(f.gemv) AS g (format text, roof_share float8, gbps float8)
  ), decode AS (
    INSERT INTO run_decode (run_id, ordinal, model, format, context, verified, ms_per_token)
    SELECT f.id, e.ordinal - 1, d.model, d.format, d.context, d.verified, d.ms_per_token
    FROM fresh f, jsonb_array_elements(f.decode) WITH ORDINALITY AS e (value, ordinal),
      jsonb_to_record(e.value) AS d (model text, format text, context int, verified boolean,
        ms_per_token float8)
  ), adapters AS (
    INSERT INTO adapter_runs AS a (adapter_key, browser, os, runs, vendor, architecture, device,
      description, is_software)
    SELECT adapter_key, browser, os, count(*), min(vendor), min(architecture), min(device),
      min(description), bool_or(is_software)
    FROM fresh GROUP BY adapter_key, browser, os ORDER BY adapter_key, browser, os
    ON CONFLICT (adapter_key, browser, os) DO UPDATE SET
      runs = a.runs + EXCLUDED.runs,
      vendor = LEAST(a.vendor, EXCLUDED.vendor),
      architecture = LEAST(a.architecture, EXCLUDED.architecture),
      device = LEAST(a.device, EXCLUDED.device),
      description = LEAST(a.description, EXCLUDED.description),
      is_software = a.is_software OR EXCLUDED.is_software
  ), figure AS (
    SELECT f.id AS run_id, f.adapter_key, f.browser, f.os, 'read' AS kind, '' AS model,
      '' AS format, 0 AS context, f.read_gbps AS value
    FROM fresh f WHERE f.read_gbps IS NOT NULL
    UNION ALL
    SELECT f.id, f.adapter_key, f.browser, f.os, 'gemv', '', g.format, 0, g.roof_share
    FROM fresh f, jsonb_to_recordset(f.gemv) AS g (format text, roof_share float8)
    UNION ALL
    SELECT f.id, f.adapter_key, f.browser, f.os, 'decode', d.model, d.format, d.context,
      d.ms_per_token
    FROM fresh f, jsonb_to_recordset(f.decode) AS d (model text, format text, context int,
      verified boolean, ms_per_token float8)
    WHERE d.verified AND d.ms_per_token IS NOT NULL
  ), figures AS (
    INSERT INTO run_figures AS r (${FIGURE_KEY}, chunk, n, vals)
    SELECT ${FIGURE_KEY}, run_id / ${CHUNK_RUNS}, count(*), ${FIGURE_TEXT}
    FROM figure
    GROUP BY ${FIGURE_KEY}, run_id / ${CHUNK_RUNS}
    ORDER BY ${FIGURE_KEY}, run_id / ${CHUNK_RUNS}
    ON CONFLICT (${FIGURE_KEY}, chunk) DO UPDATE SET
      n = r.n + EXCLUDED.n, vals = r.vals || ',' || EXCLUDED.vals
  )
  SELECT true AS created, id, content_hash, submitted_at FROM run
  UNION ALL
  SELECT false, id, content_hash, submitted_at FROM runs
  WHERE content_hash IN (SELECT content_hash FROM batch)`;

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

type RunRow = { created: boolean; id: number; content_hash: string; submitted_at: unknown };

/**
 * Stores a group of runs (one statement). Answers in the group's order; of two equal documents
 * in one group the first is the one created.
 */
async function insertRuns(db: Queryable, group: readonly Prepared[]): Promise<StoredRun[]> {
  const firsts = new Map<string, Prepared>();
  for (const p of group) if (!firsts.has(p.hash)) firsts.set(p.hash, p);
  const records = [...firsts.values()].map((p, i) => runRecord(i, p.hash, p.doc, p.columns));
  const rows = await db.query<RunRow>(INSERT_RUNS, [JSON.stringify(records)]);
  const byHash = new Map(rows.map((r) => [r.content_hash, r]));
  // stored by a concurrent transaction after this statement began (a server only): looked up
  // again, in a statement of its own
  const late = [...firsts.keys()].filter((h) => !byHash.has(h));
  if (late.length > 0) {
    const found = await db.query<RunRow>(
      `SELECT false AS created, id, content_hash, submitted_at FROM runs
       WHERE content_hash = ANY($1::text[])`,
      [late],
    );
    for (const r of found) byHash.set(r.content_hash, r);
  }
  const answered = new Set<string>();
  return group.map((p) => {
    const row = byHash.get(p.hash);
    if (row === undefined) throw new Error('a run with this content hash vanished');
    const created = row.created && !answered.has(p.hash);
    answered.add(p.hash);
    return { id: row.id, created, submittedAt: iso(row.submitted_at) };
  });
}

/** Stores a validated document unless the same one is there; either way returns its id. */
export async function storeRun(db: Database, doc: ResultsDocument): Promise<StoredRun> {
  const prepared = prepare(doc);
  const [stored] = await insertRuns(db, [prepared]);
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
 * Group commit: submissions that arrive while a group is being stored wait, and the next
 * statement stores all of them (up to MAX_GROUP, however many are waiting: no timer) with one
 * COMMIT; each caller is answered only after that COMMIT. If the group's statement fails, each of
 * its runs is tried again alone, so one failure fails only its own submission. For PGlite, whose one connection runs one
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
      if (!this.flushing) {
        this.flushing = true;
        // after the requests already read from the network this turn have queued theirs
        setImmediate(() => void this.flush());
      }
    });
  }

  /**
   * PGlite runs each statement on this thread, so requests that arrive meanwhile wait unread:
   * before taking the next group, the event loop reads them (setImmediate runs after its I/O
   * phase), and the group is whatever is waiting then. Without that pause, groups alternate
   * between one submission and the rest.
   */
  private async flush(): Promise<void> {
    try {
      while (this.queue.length > 0) {
        await this.commitGroup(this.queue.splice(0, MAX_GROUP));
        await new Promise<void>((next) => setImmediate(next));
      }
    } finally {
      this.flushing = false;
    }
  }

  private async commitGroup(group: Waiting[]): Promise<void> {
    let stored: StoredRun[];
    try {
      stored = await insertRuns(this.db, group);
    } catch (e) {
      if (group.length === 1) {
        group[0]?.reject(e);
        return;
      }
      for (const w of group) {
        await insertRuns(this.db, [w]).then(([run]) => w.resolve(run as StoredRun), w.reject);
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
