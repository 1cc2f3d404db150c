// What the gallery's decode runs change in the engine profiles: each browser engine's decode fit
// per vendor (η, the per-layer and per-token costs, the pool it rests on, the held-out range)
// before and after the gallery's rows join the calibration rows. Only browser engines can move:
// the gallery's rows are this benchmark's decoder, a browser engine.

import {
  fitForMetric,
  type MetricCalibration,
  metricCalibration,
  type Pool,
  selectPool,
} from '../calibrate';
import { ENGINE_IDS, ENGINES, type EngineId, VENDORS, type Vendor } from '../ids';
import type { ProfileParams } from '../physics';
import type { CalibrationRow } from './rows';

export interface DecodeFit {
  params: ProfileParams;
  pool: Pool;
  /** The held-out range, where asked for (it refits once per held-out group). */
  calibration?: MetricCalibration;
}

export interface ProfileChange {
  engine: EngineId;
  vendor: Vendor;
  before: DecodeFit | undefined;
  after: DecodeFit | undefined;
}

export const BROWSER_ENGINE_IDS: readonly EngineId[] = ENGINE_IDS.filter(
  (e) => ENGINES[e].engineClass === 'browser',
);

function decodeFit(
  engine: EngineId,
  vendor: Vendor,
  rows: readonly CalibrationRow[],
  withRange: boolean,
): DecodeFit | undefined {
  try {
    const params = fitForMetric(engine, vendor, rows, 'decode');
    const pool = selectPool(engine, vendor, rows, 'decode');
    if (!withRange) return { params, pool };
    return { params, pool, calibration: metricCalibration(engine, vendor, rows, 'decode') };
  } catch (e) {
    if (e instanceof RangeError) return undefined;
    throw e;
  }
}

/** Every (engine, vendor) decode fit before and after. */
export function galleryChanges(
  before: readonly CalibrationRow[],
  after: readonly CalibrationRow[],
  options: { engines?: readonly EngineId[]; ranges?: boolean } = {},
): ProfileChange[] {
  const out: ProfileChange[] = [];
  for (const engine of options.engines ?? BROWSER_ENGINE_IDS) {
    for (const vendor of VENDORS) {
      out.push({
        engine,
        vendor,
        before: decodeFit(engine, vendor, before, options.ranges ?? true),
        after: decodeFit(engine, vendor, after, options.ranges ?? true),
      });
    }
  }
  return out;
}

const fixed = (x: number | undefined, digits: number) =>
  x === undefined || !Number.isFinite(x) ? '—' : x.toFixed(digits);

const arrow = (a: string, b: string) => (a === b ? a : `${a} → ${b}`);

function cells(f: DecodeFit | undefined) {
  const range = f?.calibration?.interval;
  return {
    pool: f === undefined ? '—' : `${f.pool.basis} (${f.pool.gpus} GPUs, ${f.pool.rows.length})`,
    eta: fixed(f?.params.eta, 3),
    layer: fixed(f?.params.cLayerMs, 4),
    token: fixed(f?.params.tokenMs, 3),
    range: range === undefined ? '—' : `×${fixed(range.low, 2)}–${fixed(range.high, 2)}`,
  };
}

/** A table of the changes, one line per engine and vendor; unchanged lines say so. */
export function formatChanges(changes: readonly ProfileChange[]): string {
  const header = ['engine', 'vendor', 'pool', 'η', 'c ms/layer', 't ms/token', 'decode range'];
  const lines = changes.map((c) => {
    const b = cells(c.before);
    const a = cells(c.after);
    const row = [
      c.engine,
      c.vendor,
      arrow(b.pool, a.pool),
      arrow(b.eta, a.eta),
      arrow(b.layer, a.layer),
      arrow(b.token, a.token),
      arrow(b.range, a.range),
    ];
    const same = Object.keys(b).every((k) => b[k as keyof typeof b] === a[k as keyof typeof a]);
    return same ? [...row.slice(0, 2), 'unchanged', '', '', '', ''] : row;
  });
  const all = [header, ...lines];
  const width = header.map((_, i) => Math.max(...all.map((r) => (r[i] ?? '').length)));
  const text = (r: string[]) => r.map((cell, i) => cell.padEnd(width[i] ?? 0)).join('  ');
  return [text(header), width.map((w) => '-'.repeat(w)).join('  '), ...lines.map(text)]
    .join('\n')
    .replace(/ +$/gm, '');
}
