// The calibration report: for each engine and metric, every row of that engine predicted by a
// profile fitted with the row's GPU left out entirely (all engines' rows of that GPU), and its
// range computed the same way from the remaining GPUs (nested): MAPE, coverage of [low, high],
// median high ÷ low — figures for GPUs the fit has not seen.

import { buildProfile, fitParams, predictRow, selectPool, vendorTerms } from './calibrate';
import { ENGINE_IDS, ENGINES, type EngineClass, type EngineId, isGenericEngine } from './ids';
import type { CalibrationRow, Metric } from './rows';

export interface HeldOutPrediction {
  row: CalibrationRow;
  predictedMs: number;
  lowMs: number;
  highMs: number;
  /** The fit kept another GPU of this row's vendor (for this engine and metric). */
  vendorSeen: boolean;
}

export interface CalibrationSummary {
  /** Rows evaluated. */
  n: number;
  gpus: number;
  /** Mean |predicted ÷ measured − 1|, as a fraction. */
  mape: number;
  /** Fraction of rows inside [low, high]. */
  coverage: number;
  /** Median high ÷ low. */
  width: number;
  /** Median measured ÷ predicted (above 1: the model is too fast). */
  bias: number;
}

export interface ReportLine extends CalibrationSummary {
  /** An engine id, or 'native (all engines)' / 'browser (all engines)'. */
  label: string;
  metric: Metric;
}

/** Rows an engine's report covers: its own, or every row of its class for the generic ones. */
export function engineRows(
  engine: EngineId,
  rows: readonly CalibrationRow[],
  metric: Metric,
): CalibrationRow[] {
  const cls = ENGINES[engine].engineClass;
  return rows.filter(
    (r) =>
      r.metric === metric &&
      (isGenericEngine(engine) ? ENGINES[r.engine].engineClass === cls : r.engine === engine),
  );
}

export function heldOutPredictions(
  engine: EngineId,
  rows: readonly CalibrationRow[],
  metric: Metric,
): HeldOutPrediction[] {
  const mine = engineRows(engine, rows, metric);
  const out: HeldOutPrediction[] = [];
  for (const key of new Set(mine.map((r) => r.gpuKey))) {
    const onGpu = mine.filter((r) => r.gpuKey === key);
    const vendor = onGpu[0]?.vendor ?? 'nvidia';
    const rest = rows.filter((r) => r.gpuKey !== key);
    const { params } = fitParams(engine, vendor, rest);
    const profile = buildProfile(engine, vendor, rest);
    const { low, high } = profile[metric].interval;
    const vendorSeen = selectPool(engine, vendor, rest, metric).rows.some(
      (r) => r.vendor === vendor,
    );
    for (const row of onGpu) {
      const predictedMs = predictRow(params, row);
      out.push({
        row,
        predictedMs,
        lowMs: predictedMs * low,
        highMs: predictedMs * high,
        vendorSeen,
      });
    }
  }
  return out;
}

const median = (xs: readonly number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? (s[m] ?? Number.NaN) : ((s[m - 1] ?? 0) + (s[m] ?? 0)) / 2;
};

export function summarise(preds: readonly HeldOutPrediction[]): CalibrationSummary {
  const n = preds.length;
  if (n === 0) {
    return { n: 0, gpus: 0, mape: Number.NaN, coverage: Number.NaN, width: Number.NaN, bias: 1 };
  }
  const mape = preds.reduce((s, p) => s + Math.abs(p.predictedMs / p.row.ms - 1), 0) / n;
  const inside = preds.filter((p) => p.row.ms >= p.lowMs && p.row.ms <= p.highMs).length;
  return {
    n,
    gpus: new Set(preds.map((p) => p.row.gpuKey)).size,
    mape,
    coverage: inside / n,
    width: median(preds.map((p) => p.highMs / p.lowMs)),
    bias: median(preds.map((p) => p.row.ms / p.predictedMs)),
  };
}

/** Report lines over held-out GPUs whose vendor kept another GPU in the fit. */
export const SEEN_SUFFIX = ' (vendor seen)';

export const CATEGORY_LABEL: Readonly<Record<EngineClass, string>> = {
  native: 'native (all engines)',
  browser: 'browser (all engines)',
};

/** Per engine and metric, then the categories: every native / browser row, own profiles. */
export function calibrationReport(rows: readonly CalibrationRow[]): ReportLine[] {
  const lines: ReportLine[] = [];
  const byClass: Record<EngineClass, Record<Metric, HeldOutPrediction[]>> = {
    native: { decode: [], ttft: [] },
    browser: { decode: [], ttft: [] },
  };
  for (const engine of ENGINE_IDS) {
    for (const metric of ['decode', 'ttft'] as const) {
      const preds = heldOutPredictions(engine, rows, metric);
      lines.push({ label: engine, metric, ...summarise(preds) });
      // Browser engines fit each vendor's fixed cost: how they do on a GPU of a vendor they know.
      if (vendorTerms(engine) && preds.length > 0) {
        const seen = preds.filter((p) => p.vendorSeen);
        lines.push({ label: `${engine}${SEEN_SUFFIX}`, metric, ...summarise(seen) });
      }
      if (!isGenericEngine(engine)) byClass[ENGINES[engine].engineClass][metric].push(...preds);
    }
  }
  for (const cls of ['native', 'browser'] as const) {
    for (const metric of ['decode', 'ttft'] as const) {
      lines.push({ label: CATEGORY_LABEL[cls], metric, ...summarise(byClass[cls][metric]) });
    }
  }
  return lines;
}

const pct = (x: number) => (Number.isFinite(x) ? `${(100 * x).toFixed(1)} %` : '—');
const fix = (x: number, d: number) => (Number.isFinite(x) ? x.toFixed(d) : '—');

/** The report as a plain-text table. */
export function formatReport(lines: readonly ReportLine[]): string {
  const header = ['engine', 'metric', 'n', 'GPUs', 'MAPE', 'inside', 'high÷low', 'meas÷pred'];
  const body = lines.map((l) => [
    l.label,
    l.metric,
    String(l.n),
    String(l.gpus),
    pct(l.mape),
    pct(l.coverage),
    fix(l.width, 2),
    fix(l.bias, 2),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((r) => (r[i] ?? '').length)));
  const fmt = (r: string[]) => r.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  ');
  return [fmt(header), fmt(widths.map((w) => '-'.repeat(w))), ...body.map(fmt)].join('\n');
}
