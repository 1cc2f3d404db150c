// One GPU's page: its summary (N runs, P10 / median / P90 of each figure) and each figure's
// histogram, read from the summary the write path keeps (adapter_runs, run_figures: migration 002) in two
// statements, whatever the number of runs. The percentiles are PostgreSQL's percentile_cont,
// computed here on the sorted values (each kept as a real: migration 003), which are binned
// rather than sent.

import { type GalleryHistograms, histogram } from '../../src/share/gallery-types';
import type { Queryable } from '../db/database';
import type { AdapterSummary, RunFilters, Spread } from './queries';

export interface AdapterPage {
  adapter: AdapterSummary;
  /** Each figure in 10 bins: 10,000 runs' values would be a megabyte of JSON per page. */
  histograms: GalleryHistograms;
}

/** percentile_cont(p) over ascending values: linear between the two nearest ranks. */
export function percentileCont(sorted: ArrayLike<number>, p: number): number {
  const rank = p * (sorted.length - 1);
  const lo = Math.floor(rank);
  const hi = Math.ceil(rank);
  const low = sorted[lo] as number;
  return lo === hi ? low : low + ((sorted[hi] as number) - low) * (rank - lo);
}

export function spreadOf(sorted: ArrayLike<number>): Spread {
  return {
    n: sorted.length,
    p10: percentileCont(sorted, 0.1),
    median: percentileCont(sorted, 0.5),
    p90: percentileCont(sorted, 0.9),
  };
}

/** $1: browser or null, $2: OS or null, $3: the adapter key; the table is `r`. */
const WHERE =
  'r.adapter_key = $3 AND ($1::text IS NULL OR r.browser = $1) AND ($2::text IS NULL OR r.os = $2)';

interface MetaRow {
  runs: number | null;
  vendor: string;
  architecture: string;
  device: string;
  description: string;
  is_software: boolean;
}

interface ChunkRow {
  kind: 'read' | 'gemv' | 'decode';
  model: string;
  format: string;
  context: number;
  vals: string;
}

interface Figure extends ChunkRow {
  /** Ascending. */
  values: Float64Array;
}

/** Each figure's values (one row per figure) parsed and sorted ascending. */
function gather(rows: readonly ChunkRow[]): Map<string, Figure> {
  const figures = new Map<string, Figure>();
  for (const c of rows) {
    const label =
      c.kind === 'read'
        ? 'read'
        : c.kind === 'gemv'
          ? `gemv ${c.format}`
          : `${c.model} ${c.format} ${c.context}`;
    // a typed array sorts numerically, natively, and is read as it is: no copy back to an array
    const values = Float64Array.from(JSON.parse(`[${c.vals}]`) as number[]).sort();
    figures.set(label, { ...c, values });
  }
  return figures;
}

/** One adapter's page with the browser and OS filters; null when it has no such runs. */
export async function adapterPage(
  db: Queryable,
  key: string,
  filters: RunFilters = {},
): Promise<AdapterPage | null> {
  const params = [filters.browser ?? null, filters.os ?? null, key];
  const [meta] = await db.query<MetaRow>(
    `SELECT sum(r.runs)::int AS runs, min(r.vendor) AS vendor,
       min(r.architecture) AS architecture, min(r.device) AS device,
       min(r.description) AS description, bool_or(r.is_software) AS is_software
     FROM adapter_runs r WHERE ${WHERE}`,
    params,
  );
  if (meta === undefined || meta.runs === null || meta.runs === 0) return null;
  // each figure's chunks joined in SQL (text, a copy): a handful of rows to convert, not hundreds
  const chunks = await db.query<ChunkRow>(
    `SELECT r.kind, r.model, r.format, r.context, string_agg(r.vals, ',') AS vals
     FROM run_figures r WHERE ${WHERE} GROUP BY r.kind, r.model, r.format, r.context`,
    params,
  );
  const adapter: AdapterSummary = {
    key,
    vendor: meta.vendor,
    architecture: meta.architecture,
    device: meta.device,
    description: meta.description,
    isSoftware: meta.is_software,
    runs: meta.runs,
    readGbps: null,
    gemv: {},
    decode: {},
  };
  const histograms: GalleryHistograms = { readGbps: [], gemv: {}, decode: {} };
  for (const [label, f] of gather(chunks)) {
    if (f.kind === 'read') {
      adapter.readGbps = spreadOf(f.values);
      histograms.readGbps = histogram(f.values);
    } else if (f.kind === 'gemv') {
      adapter.gemv[f.format] = spreadOf(f.values);
      histograms.gemv[f.format] = histogram(f.values);
    } else {
      const spread = spreadOf(f.values);
      adapter.decode[label] = { ...spread, model: f.model, format: f.format, context: f.context };
      histograms.decode[label] = histogram(f.values);
    }
  }
  return { adapter, histograms };
}
