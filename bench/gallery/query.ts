// The GPU page's query over one GPU with many runs: the gallery filled with `runs` runs of one
// adapter (one stored through the server's own path, the rest copied from it in SQL with their
// figures spread, so that the percentiles have work to do, and the GPU pages' summary rebuilt from
// them), then GET /api/adapters/:key timed.

import type { Database } from '../../server/db/database';
import { adapterKey } from '../../server/runs/extract';
import { storeRun } from '../../server/runs/store';
import { rebuildSummary } from '../../server/runs/summary';
import type { ResultsDocument } from '../../src/core/results';
import { percentile } from './load';

const RUN_COLUMNS = `document, created_at, tool_version, adapter_key, vendor, architecture, device,
  description, is_software, runtime_kind, browser, os, plan, timing, comparable, complete,
  all_verified, fma_gflops`;

/** `runs` runs of the template's adapter in an empty gallery; its adapter key. */
export async function fillOneGpu(
  db: Database,
  template: ResultsDocument,
  runs: number,
): Promise<string> {
  const { id } = await storeRun(db, template);
  await db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO runs (content_hash, read_gbps, ${RUN_COLUMNS})
       SELECT r.content_hash || '-' || g, r.read_gbps * (0.7 + 0.6 * random()), ${RUN_COLUMNS}
       FROM runs r, generate_series(2, $2::int) g WHERE r.id = $1`,
      [id, runs],
    );
    await tx.query(
      `INSERT INTO run_gemv (run_id, format, roof_share, gbps)
       SELECT n.id, g.format, g.roof_share * (0.7 + 0.6 * random()), g.gbps
       FROM runs n, run_gemv g WHERE g.run_id = $1 AND n.id <> $1`,
      [id],
    );
    await tx.query(
      `INSERT INTO run_decode (run_id, ordinal, model, format, context, verified, ms_per_token)
       SELECT n.id, d.ordinal, d.model, d.format, d.context, d.verified,
         d.ms_per_token * (0.7 + 0.6 * random())
       FROM runs n, run_decode d WHERE d.run_id = $1 AND n.id <> $1`,
      [id],
    );
    await rebuildSummary(tx);
  });
  await db.query('ANALYZE');
  return adapterKey(template.adapter);
}

export interface QueryResult {
  runs: number;
  /** The first request (cold: the server's code not yet compiled for it). */
  firstMs: number;
  /** Requests after the first that are not counted: V8 and PGlite's WebAssembly tier up over them,
   * as they do for submissions during the load's warm-up. */
  warmup: number;
  /** Over `repeats` requests after those. */
  p50Ms: number;
  p95Ms: number;
  repeats: number;
}

export async function timeGpuPage(
  baseUrl: string,
  key: string,
  runs: number,
  { warmup = 20, repeats = 50 } = {},
): Promise<QueryResult> {
  const url = `${baseUrl}api/adapters/${encodeURIComponent(key)}`;
  const once = async () => {
    const t0 = performance.now();
    const reply = await fetch(url);
    const body = (await reply.json()) as { adapter?: { runs?: number } };
    const ms = performance.now() - t0;
    if (reply.status !== 200 || body.adapter?.runs !== runs) {
      throw new Error(
        `${url} answered ${reply.status} with ${body.adapter?.runs} runs, not ${runs}`,
      );
    }
    return ms;
  };
  const firstMs = await once();
  for (let i = 0; i < warmup; i++) await once();
  const times: number[] = [];
  for (let i = 0; i < repeats; i++) times.push(await once());
  times.sort((a, b) => a - b);
  return {
    runs,
    firstMs,
    warmup,
    p50Ms: percentile(times, 0.5),
    p95Ms: percentile(times, 0.95),
    repeats,
  };
}
