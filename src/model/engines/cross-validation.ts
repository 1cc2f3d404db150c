// The calibration report: for each engine and metric, every row of that engine predicted by a
// profile fitted with the row's GPU left out entirely (all engines' rows of that GPU), and its
// range computed the same way from the remaining GPUs (nested): MAPE, coverage of [low, high],
// median high ÷ low — figures for GPUs the fit has not seen.

import { median } from '../median';
import {
  fitForMetric,
  MAX_RANGE_WIDTH,
  metricCalibration,
  predictRow,
  type RatioInterval,
  selectPool,
  vendorTerms,
} from './calibrate';
import { folds, type Grouping, REPORT_GROUPINGS, type ReportGrouping } from './groups';
import {
  ENGINE_IDS,
  ENGINES,
  type EngineClass,
  type EngineId,
  FITTED_ENGINE_IDS,
  isGenericEngine,
  VENDORS,
  type Vendor,
} from './ids';
import type { CalibrationRow, Metric } from './measurements/rows';
import type { ProfileParams } from './physics';

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
  /** Rows left unpredicted: their group held out every row the engine could be fitted on. */
  noFit: number;
  /** Predicted rows whose range was wider than MAX_RANGE_WIDTH: "not enough data", no range. */
  notEnoughData: number;
  gpus: number;
  /** Mean |predicted ÷ measured − 1|, as a fraction. */
  mape: number;
  /** Fraction of rows inside [low, high], of those whose range is stated. */
  coverage: number;
  /** Median high ÷ low of the stated ranges. */
  width: number;
  /** Median measured ÷ predicted (above 1: the model is too fast). */
  bias: number;
}

export interface ReportLine extends CalibrationSummary {
  /** An engine id, or 'native (all engines)' / 'browser (all engines)'. */
  label: string;
  /** The GPUs' vendor, or 'all'. */
  vendor: Vendor | 'all';
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

/**
 * One metric's parameters and range fitted on `rows` for the engine on `vendor`, or undefined
 * where `rows` leave none to fit on.
 */
function fitOrNone(
  engine: EngineId,
  vendor: Vendor,
  rows: readonly CalibrationRow[],
  metric: Metric,
): { params: ProfileParams; interval: RatioInterval } | undefined {
  try {
    return {
      params: fitForMetric(engine, vendor, rows, metric),
      interval: metricCalibration(engine, vendor, rows, metric).interval,
    };
  } catch (e) {
    if (e instanceof RangeError) return undefined;
    throw e;
  }
}

/**
 * Every row of the engine predicted by a profile fitted without the row's group (its GPU, source
 * or family: all engines' rows of it), its range built on the remaining rows alone (nested). A
 * row whose group took every row the engine could be fitted on comes back with NaN times.
 */
export function heldOutPredictions(
  engine: EngineId,
  rows: readonly CalibrationRow[],
  metric: Metric,
  grouping: Grouping = 'gpu',
): HeldOutPrediction[] {
  const out: HeldOutPrediction[] = [];
  for (const fold of folds(engineRows(engine, rows, metric), grouping)) {
    const rest = rows.filter(fold.keep);
    for (const vendor of new Set(fold.test.map((r) => r.vendor))) {
      const fit = fitOrNone(engine, vendor, rest, metric);
      const vendorSeen =
        fit !== undefined &&
        selectPool(engine, vendor, rest, metric).rows.some((r) => r.vendor === vendor);
      for (const row of fold.test.filter((r) => r.vendor === vendor)) {
        const predictedMs = fit === undefined ? Number.NaN : predictRow(fit.params, row);
        const i = fit?.interval ?? { low: Number.NaN, high: Number.NaN };
        out.push({
          row,
          predictedMs,
          lowMs: predictedMs * i.low,
          highMs: predictedMs * i.high,
          vendorSeen,
        });
      }
    }
  }
  return out;
}

export function summarise(all: readonly HeldOutPrediction[]): CalibrationSummary {
  const preds = all.filter((p) => Number.isFinite(p.predictedMs));
  const noFit = all.length - preds.length;
  const n = preds.length;
  // A range wider than MAX_RANGE_WIDTH is stated as "not enough data", not as a range: coverage
  // and width are over the ranges that are stated, so that none meets coverage by being wide.
  const stated = preds.filter((p) => p.highMs / p.lowMs <= MAX_RANGE_WIDTH);
  const notEnoughData = n - stated.length;
  const nan = Number.NaN;
  if (n === 0) {
    return { n: 0, noFit, notEnoughData, gpus: 0, mape: nan, coverage: nan, width: nan, bias: 1 };
  }
  const mape = preds.reduce((s, p) => s + Math.abs(p.predictedMs / p.row.ms - 1), 0) / n;
  const inside = stated.filter((p) => p.row.ms >= p.lowMs && p.row.ms <= p.highMs).length;
  return {
    n,
    noFit,
    notEnoughData,
    gpus: new Set(preds.map((p) => p.row.gpuKey)).size,
    mape,
    coverage: stated.length === 0 ? nan : inside / stated.length,
    width: stated.length === 0 ? nan : median(stated.map((p) => p.highMs / p.lowMs)),
    bias: median(preds.map((p) => p.row.ms / p.predictedMs)),
  };
}

/** Report lines over held-out GPUs whose vendor kept another GPU in the fit. */
export const SEEN_SUFFIX = ' (vendor seen)';

export const CATEGORY_LABEL: Readonly<Record<EngineClass, string>> = {
  native: 'native (all engines)',
  browser: 'browser (all engines)',
};

/** Held-out predictions of every engine and metric under one grouping, computed once. */
export type HeldOutTable = Readonly<Record<string, HeldOutPrediction[]>>;

const tableKey = (engine: EngineId, metric: Metric) => `${engine}|${metric}`;

export function heldOutTable(rows: readonly CalibrationRow[], grouping: Grouping): HeldOutTable {
  const table: Record<string, HeldOutPrediction[]> = {};
  for (const engine of FITTED_ENGINE_IDS) {
    for (const metric of ['decode', 'ttft'] as const) {
      table[tableKey(engine, metric)] = heldOutPredictions(engine, rows, metric, grouping);
    }
  }
  return table;
}

const predictionsOf = (table: HeldOutTable, engine: EngineId, metric: Metric) =>
  table[tableKey(engine, metric)] ?? [];

/**
 * Per engine and metric (all vendors, then each vendor with rows), then the categories:
 * every native / browser row, each predicted by its own engine's profile.
 */
export function calibrationReport(table: HeldOutTable): ReportLine[] {
  const lines: ReportLine[] = [];
  const byClass: Record<EngineClass, Record<Metric, HeldOutPrediction[]>> = {
    native: { decode: [], ttft: [] },
    browser: { decode: [], ttft: [] },
  };
  for (const engine of FITTED_ENGINE_IDS) {
    for (const metric of ['decode', 'ttft'] as const) {
      const preds = predictionsOf(table, engine, metric);
      lines.push({ label: engine, vendor: 'all', metric, ...summarise(preds) });
      for (const vendor of VENDORS) {
        const mine = preds.filter((p) => p.row.vendor === vendor);
        if (mine.length > 0) lines.push({ label: engine, vendor, metric, ...summarise(mine) });
      }
      // Browser engines fit each vendor's fixed cost: how they do on a GPU of a vendor they know.
      if (vendorTerms(engine) && preds.length > 0) {
        const seen = preds.filter((p) => p.vendorSeen);
        lines.push({ label: `${engine}${SEEN_SUFFIX}`, vendor: 'all', metric, ...summarise(seen) });
      }
      if (!isGenericEngine(engine)) byClass[ENGINES[engine].engineClass][metric].push(...preds);
    }
  }
  for (const cls of ['native', 'browser'] as const) {
    for (const metric of ['decode', 'ttft'] as const) {
      const label = CATEGORY_LABEL[cls];
      lines.push({ label, vendor: 'all', metric, ...summarise(byClass[cls][metric]) });
    }
  }
  return lines;
}

/**
 * Summaries per engine × metric over every vendor's GPUs, keyed by summaryKey: what the page and
 * the CLI show (the per-vendor lines are `npm run calibrate`'s alone).
 */
export function summaryTable(table: HeldOutTable): Record<string, CalibrationSummary> {
  const out: Record<string, CalibrationSummary> = {};
  for (const line of calibrationReport(table)) {
    const engine = ENGINE_IDS.find((e) => e === line.label);
    if (engine === undefined || line.vendor !== 'all') continue;
    const { label: _l, vendor: _v, metric, ...summary } = line;
    out[summaryKey(engine, metric)] = summary;
  }
  return out;
}

/** Key of an engine's figures for one metric. */
export const summaryKey = (engine: EngineId, metric: Metric) => `${engine}|${metric}`;

export const GROUPING_TITLE: Readonly<Record<ReportGrouping, string>> = {
  gpu: "leave one GPU out (twins and the GPU's source stay in the fit: optimistic)",
  source: 'leave one source out (a thread, repository or paper with all its rows)',
  family: 'leave one GPU family out (twins and variants together)',
  'source+family':
    "leave a row's source and its GPU family out together (the headline: a new build on a new GPU)",
};

export { REPORT_GROUPINGS };

/** A fraction as a percentage with one decimal, '—' where there is none. */
export const pct = (x: number) => (Number.isFinite(x) ? `${(100 * x).toFixed(1)} %` : '—');
/** A figure with `d` decimals, '—' where there is none. */
export const fix = (x: number, d: number) => (Number.isFinite(x) ? x.toFixed(d) : '—');

/** The report as a plain-text table. */
export function formatReport(lines: readonly ReportLine[]): string {
  const wide = `>${MAX_RANGE_WIDTH}×`;
  const header = ['engine', 'vendor', 'metric', 'n', 'no fit', wide, 'GPUs', 'MAPE', 'inside'];
  header.push('high÷low', 'meas÷pred');
  const body = lines.map((l) => [
    l.label,
    l.vendor,
    l.metric,
    String(l.n),
    String(l.noFit),
    String(l.notEnoughData),
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
