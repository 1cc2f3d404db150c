// The GPU pages' summary (migration 002): per adapter, browser and OS, the run count and every
// figure's values in chunks of CHUNK_RUNS runs. The write path adds to it in the statement that
// stores the runs (store.ts); this module rebuilds it from the runs, whole or around one deleted
// run, from the view that defines which values count (run_figure_values).

import type { Database, Queryable } from '../db/database';

/** Runs per chunk of run_figures (run id div CHUNK_RUNS): a chunk's text stays under 2 KB. */
export const CHUNK_RUNS = 64;

/** The columns that name one figure of one adapter, browser and OS. */
export const FIGURE_KEY = 'adapter_key, browser, os, kind, model, format, context';

const ADAPTER_ROWS = `SELECT adapter_key, browser, os, count(*), min(vendor), min(architecture),
  min(device), min(description), bool_or(is_software) FROM runs`;

/** A chunk's values as the page parses them: JSON numbers joined by commas, each a real (float4:
 * 7 significant digits, half the text of float8's 17; migration 003). */
export const FIGURE_TEXT = `string_agg(to_json(value::real)::text, ',')`;

const FIGURE_ROWS = `SELECT ${FIGURE_KEY}, run_id / ${CHUNK_RUNS}, count(*), ${FIGURE_TEXT}
  FROM run_figure_values`;

/** The whole summary rebuilt from the runs, as migration 002 first built it (after bulk copies). */
export async function rebuildSummary(tx: Queryable): Promise<void> {
  await tx.query('TRUNCATE adapter_runs, run_figures');
  await tx.query(`INSERT INTO adapter_runs ${ADAPTER_ROWS} GROUP BY adapter_key, browser, os`);
  await tx.query(
    `INSERT INTO run_figures ${FIGURE_ROWS} GROUP BY ${FIGURE_KEY}, run_id / ${CHUNK_RUNS}`,
  );
}

/** $1–$3: adapter key, browser, OS; $4: a run id, whose chunk is rebuilt. */
const REBUILD_AROUND = [
  'DELETE FROM adapter_runs WHERE adapter_key = $1 AND browser = $2 AND os = $3',
  `INSERT INTO adapter_runs ${ADAPTER_ROWS}
   WHERE adapter_key = $1 AND browser = $2 AND os = $3 GROUP BY adapter_key, browser, os`,
  `DELETE FROM run_figures WHERE adapter_key = $1 AND browser = $2 AND os = $3
     AND chunk = $4::bigint / ${CHUNK_RUNS}`,
  `INSERT INTO run_figures ${FIGURE_ROWS}
   WHERE adapter_key = $1 AND browser = $2 AND os = $3
     AND run_id / ${CHUNK_RUNS} = $4::bigint / ${CHUNK_RUNS}
     AND run_id BETWEEN $4::bigint - ${CHUNK_RUNS} AND $4::bigint + ${CHUNK_RUNS}
   GROUP BY ${FIGURE_KEY}, run_id / ${CHUNK_RUNS}`,
] as const;

/** Deletes one run (its figures, its place in the summary); false when there was none with that id. */
export async function deleteRun(db: Database, id: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [gone] = await tx.query<{ adapter_key: string; browser: string; os: string }>(
      'DELETE FROM runs WHERE id = $1 RETURNING adapter_key, browser, os',
      [id],
    );
    if (gone === undefined) return false;
    const key = [gone.adapter_key, gone.browser, gone.os];
    for (const [i, sql] of REBUILD_AROUND.entries()) {
      await tx.query(sql, i < 2 ? key : [...key, id]);
    }
    return true;
  });
}
