// What a browser decode token costs beyond reading its weights and KV cache, per layer, by source
// and GPU: the harness's share (build, JS and WASM round trips, submits and syncs per layer). It
// decides small models' decode in the browser, and no calibration row says which harness a user
// will run (docs/PREDICTING.md). `npm run calibrate` prints it.

import { rowDecodeTerms } from './calibrate';
import { sourceKeyOf } from './groups';
import { ENGINES, type EngineId } from './ids';
import type { CalibrationRow } from './measurements/rows';

/** Contexts up to this many tokens: attention is a small part of the token there. */
export const SHORT_CONTEXT = 256;

export interface HostCost {
  source: string;
  engine: EngineId;
  gpu: string;
  rows: number;
  /** ms per layer beyond the weight and KV reads at the datasheet bandwidth: fewest, most. */
  minMs: number;
  maxMs: number;
}

/** Per source, engine and GPU, over the browser engines' decode rows at short contexts. */
export function hostCostPerLayer(rows: readonly CalibrationRow[]): HostCost[] {
  const groups = new Map<string, HostCost>();
  for (const r of rows) {
    const browser = ENGINES[r.engine].engineClass === 'browser';
    if (!browser || r.metric !== 'decode' || r.contextTokens > SHORT_CONTEXT) continue;
    const t = rowDecodeTerms(r);
    const perLayer = (r.ms - t.streamMs) / t.layers;
    const source = sourceKeyOf(r.source);
    const key = `${source}|${r.engine}|${r.gpuKey}`;
    const g = groups.get(key);
    if (g === undefined) {
      groups.set(key, {
        source,
        engine: r.engine,
        gpu: r.gpuKey,
        rows: 1,
        minMs: perLayer,
        maxMs: perLayer,
      });
    } else {
      g.rows++;
      g.minMs = Math.min(g.minMs, perLayer);
      g.maxMs = Math.max(g.maxMs, perLayer);
    }
  }
  return [...groups.values()].sort(
    (a, b) => a.gpu.localeCompare(b.gpu) || a.source.localeCompare(b.source),
  );
}

/** One line per source, engine and GPU, under a header. */
export function formatHostCosts(costs: readonly HostCost[]): string {
  const head = ['GPU', 'source', 'engine', 'rows', 'ms/layer'];
  const body = costs.map((c) => [
    c.gpu,
    c.source,
    c.engine,
    String(c.rows),
    c.minMs === c.maxMs ? c.minMs.toFixed(2) : `${c.minMs.toFixed(2)}–${c.maxMs.toFixed(2)}`,
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => (b[i] ?? '').length)));
  return [head, ...body]
    .map((cells) =>
      cells
        .map((c, i) => c.padEnd(widths[i] ?? 0))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}
