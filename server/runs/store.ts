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

const INSERT_RUN = `
  INSERT INTO runs (content_hash, document, created_at, tool_version, adapter_key, vendor,
    architecture, device, description, is_software, runtime_kind, browser, os, plan, timing,
    comparable, complete, all_verified, read_gbps, fma_gflops)
  VALUES ($1, $2::jsonb, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18,
    $19, $20::jsonb)
  ON CONFLICT (content_hash) DO NOTHING
  RETURNING id, submitted_at`;

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
  ];
}

async function insertFigures(tx: Queryable, id: number, c: RunColumns): Promise<void> {
  for (const g of c.gemv) {
    await tx.query(
      'INSERT INTO run_gemv (run_id, format, roof_share, gbps) VALUES ($1, $2, $3, $4)',
      [id, g.format, g.roofShare, g.gbps],
    );
  }
  for (const [ordinal, d] of c.decode.entries()) {
    await tx.query(
      `INSERT INTO run_decode (run_id, ordinal, model, format, context, verified, ms_per_token)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [id, ordinal, d.model, d.format, d.context, d.verified, d.msPerToken],
    );
  }
}

const iso = (t: unknown) => (t instanceof Date ? t.toISOString() : String(t));

/** Stores a validated document unless the same one is there; either way returns its id. */
export async function storeRun(db: Database, doc: ResultsDocument): Promise<StoredRun> {
  const hash = contentHash(doc);
  const columns = extractColumns(doc);
  return db.transaction(async (tx) => {
    const inserted = await tx.query<{ id: number; submitted_at: unknown }>(
      INSERT_RUN,
      runParams(hash, doc, columns),
    );
    const row = inserted[0];
    if (row !== undefined) {
      await insertFigures(tx, row.id, columns);
      return { id: row.id, created: true, submittedAt: iso(row.submitted_at) };
    }
    const [existing] = await tx.query<{ id: number; submitted_at: unknown }>(
      'SELECT id, submitted_at FROM runs WHERE content_hash = $1',
      [hash],
    );
    if (existing === undefined) throw new Error('a run with this content hash vanished');
    return { id: existing.id, created: false, submittedAt: iso(existing.submitted_at) };
  });
}

/** Deletes one run (and its figures); false when there was none with that id. */
export async function deleteRun(db: Database, id: number): Promise<boolean> {
  const rows = await db.query('DELETE FROM runs WHERE id = $1 RETURNING id', [id]);
  return rows.length > 0;
}
