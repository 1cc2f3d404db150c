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
 * One statement per run: the run, its GEMV figures and its decode runs (arrays unnested), so a
 * submission costs one round trip inside its transaction. Nothing is inserted when the content
 * hash is already there (no row comes back).
 */
const INSERT_RUN = `
  WITH run AS (
    INSERT INTO runs (content_hash, document, created_at, tool_version, adapter_key, vendor,
      architecture, device, description, is_software, runtime_kind, browser, os, plan, timing,
      comparable, complete, all_verified, read_gbps, fma_gflops)
    VALUES ($1, $2::jsonb, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17,
      $18, $19, $20::jsonb)
    ON CONFLICT (content_hash) DO NOTHING
    RETURNING id, submitted_at
  ), gemv AS (
    INSERT INTO run_gemv (run_id, format, roof_share, gbps)
    SELECT run.id, g.format, g.roof_share, g.gbps
    FROM run, unnest($21::text[], $22::float8[], $23::float8[]) AS g (format, roof_share, gbps)
  ), decode AS (
    INSERT INTO run_decode (run_id, ordinal, model, format, context, verified, ms_per_token)
    SELECT run.id, d.ordinal - 1, d.model, d.format, d.context, d.verified, d.ms
    FROM run, unnest($24::text[], $25::text[], $26::int[], $27::bool[], $28::float8[])
      WITH ORDINALITY AS d (model, format, context, verified, ms, ordinal)
  )
  SELECT id, submitted_at FROM run`;

function runParams(hash: string, doc: ResultsDocument, c: RunColumns): unknown[] {
  return [
    hash,
    JSON.stringify(doc),
    c.createdAt,
    c.toolVersion,
    c.adapterKey,
    c.vendor,
    c.architecture,
    c.device,
    c.description,
    c.isSoftware,
    c.runtimeKind,
    c.browser,
    c.os,
    c.plan,
    c.timing,
    c.comparable,
    c.complete,
    c.allVerified,
    c.readGbps,
    JSON.stringify(c.fmaGflops),
    c.gemv.map((g) => g.format),
    c.gemv.map((g) => g.roofShare),
    c.gemv.map((g) => g.gbps),
    c.decode.map((d) => d.model),
    c.decode.map((d) => d.format),
    c.decode.map((d) => d.context),
    c.decode.map((d) => d.verified),
    c.decode.map((d) => d.msPerToken),
  ];
}

const iso = (t: unknown) => (t instanceof Date ? t.toISOString() : String(t));

/** A validated document with its identity and columns, ready to insert. */
interface Prepared {
  hash: string;
  params: unknown[];
}

function prepare(doc: ResultsDocument): Prepared {
  const hash = contentHash(doc);
  return { hash, params: runParams(hash, doc, extractColumns(doc)) };
}

/** Inserts one run inside an open transaction, or finds the one with its content hash. */
async function insertRun(tx: Queryable, p: Prepared): Promise<StoredRun> {
  const [row] = await tx.query<{ id: number; submitted_at: unknown }>(INSERT_RUN, p.params);
  if (row !== undefined) return { id: row.id, created: true, submittedAt: iso(row.submitted_at) };
  const [existing] = await tx.query<{ id: number; submitted_at: unknown }>(
    'SELECT id, submitted_at FROM runs WHERE content_hash = $1',
    [p.hash],
  );
  if (existing === undefined) throw new Error('a run with this content hash vanished');
  return { id: existing.id, created: false, submittedAt: iso(existing.submitted_at) };
}

/** Stores a validated document unless the same one is there; either way returns its id. */
export async function storeRun(db: Database, doc: ResultsDocument): Promise<StoredRun> {
  const prepared = prepare(doc);
  return db.transaction((tx) => insertRun(tx, prepared));
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
      stored = await this.db.transaction(async (tx) => {
        const out: StoredRun[] = [];
        for (const w of group) out.push(await insertRun(tx, w));
        return out;
      });
    } catch (e) {
      if (group.length === 1) {
        group[0]?.reject(e);
        return;
      }
      for (const w of group) {
        await this.db.transaction((tx) => insertRun(tx, w)).then(w.resolve, w.reject);
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

/** Deletes one run (and its figures); false when there was none with that id. */
export async function deleteRun(db: Database, id: number): Promise<boolean> {
  const rows = await db.query('DELETE FROM runs WHERE id = $1 RETURNING id', [id]);
  return rows.length > 0;
}
