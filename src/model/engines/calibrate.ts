// Fitting the engine profiles to the calibration rows, and leave-one-GPU-out cross-validation.
//
// Pools: a profile for engine E on vendor V is fitted on the first of these row sets that spans at
// least MIN_POOL_GPUS different GPUs: E on V; E's family (llama.cpp's discrete backends) on V;
// every engine of E's class (native | browser) on V; E on any vendor; E's family on any vendor;
// every engine of the class (browser engines skip the per-vendor sets: they fit every vendor at
// once). Rows of V come before E on other vendors because the data says the vendor decides
// prefill more than the backend does: llama.cpp reaches 0.65-1.0 of the FP16 tensor rate on
// NVIDIA (CUDA and Vulkan alike) and 0.2-0.55 of the FP16 rate on AMD (ROCm and Vulkan alike;
// data/calibration/llamacpp-native-threads.csv). Each GPU weighs the same in a fit however many
// rows it has, and each row by its relative error.
//
// Ranges: a central RANGE_LEVEL interval of the log residuals measured ÷ predicted, each residual
// taken with the residual's GPU left out of the fit (below SMALL_SAMPLE residuals, a Student-t
// prediction interval around them: see residualInterval). A profile fitted on another engine's or
// vendor's rows takes the hull of that interval and the generic class profile's (wider, and says
// so with a code).

import { LINKS, linkFor } from '../predict/tensor-parallel';
import { ENGINES, type EngineId, isGenericEngine, type Vendor } from './ids';
import { boundedLeastSquares } from './least-squares';
import {
  type DecodeTerms,
  decodeTerms,
  type ProfileParams,
  prefillPeak,
  type Situation,
  type TtftTerms,
  ttftFromTerms,
  ttftTerms,
} from './physics';
import type { CalibrationRow, Metric } from './rows';

/** A pool must span this many GPUs, so that leaving one out still leaves two to fit on. */
export const MIN_POOL_GPUS = 3;
/** Central interval of held-out residuals used as [low, high]. */
export const RANGE_LEVEL = 0.9;

export type PoolBasis =
  | 'engine-vendor'
  | 'family-vendor'
  | 'engine'
  | 'family'
  | 'class-vendor'
  | 'class';

/** Why a range is what it is: codes the page and CLI turn into words. */
export type CalibrationCode =
  | 'fit-own-rows'
  | 'pooled-other-vendors'
  | 'pooled-engine-family'
  | 'pooled-class-vendor'
  | 'pooled-class'
  | 'no-rows-for-engine'
  | 'range-widened-to-class'
  | 'pool-below-min-gpus'
  | 'vendor-terms-own-rows'
  | 'vendor-not-in-data';

const BASIS_CODE: Readonly<Record<PoolBasis, CalibrationCode>> = {
  'engine-vendor': 'fit-own-rows',
  'family-vendor': 'pooled-engine-family',
  engine: 'pooled-other-vendors',
  family: 'pooled-engine-family',
  'class-vendor': 'pooled-class-vendor',
  class: 'pooled-class',
};

export interface Pool {
  basis: PoolBasis;
  rows: readonly CalibrationRow[];
  gpus: number;
}

const gpuCount = (rows: readonly CalibrationRow[]) => new Set(rows.map((r) => r.gpuKey)).size;

export function selectPool(
  engine: EngineId,
  vendor: Vendor,
  rows: readonly CalibrationRow[],
  metric: Metric,
): Pool {
  const info = ENGINES[engine];
  const mine = rows.filter((r) => r.metric === metric);
  const inClass = (r: CalibrationRow) => ENGINES[r.engine].engineClass === info.engineClass;
  const candidates: [PoolBasis, (r: CalibrationRow) => boolean][] = [];
  // Browser engines are fitted on every vendor's rows at once, each vendor with its own fixed
  // cost and prefill rate (vendorTerms), so their pools never narrow to one vendor.
  const perVendor = !vendorTerms(engine);
  const named = !isGenericEngine(engine);
  const family = info.family;
  const inFamily = (r: CalibrationRow) =>
    family !== undefined && ENGINES[r.engine].family === family;
  if (named && perVendor) {
    candidates.push(['engine-vendor', (r) => r.engine === engine && r.vendor === vendor]);
    if (family !== undefined)
      candidates.push(['family-vendor', (r) => inFamily(r) && r.vendor === vendor]);
  }
  if (perVendor) candidates.push(['class-vendor', (r) => inClass(r) && r.vendor === vendor]);
  if (named) {
    candidates.push(['engine', (r) => r.engine === engine]);
    if (family !== undefined) candidates.push(['family', inFamily]);
  }
  candidates.push(['class', inClass]);
  let last: Pool | undefined;
  for (const [basis, keep] of candidates) {
    const pool = mine.filter(keep);
    const gpus = gpuCount(pool);
    if (gpus >= MIN_POOL_GPUS) return { basis, rows: pool, gpus };
    if (gpus > 0) last = { basis, rows: pool, gpus };
  }
  if (last === undefined) throw new RangeError(`no ${metric} rows for ${engine}`);
  return last;
}

/** Browser engines: one fit over all vendors with a fixed cost and prefill rate per vendor. */
export const vendorTerms = (engine: EngineId): boolean => ENGINES[engine].engineClass === 'browser';

// ---- the timing model on calibration rows (terms cached per row) ----

const situations = new WeakMap<CalibrationRow, Situation>();

export function rowSituation(row: CalibrationRow): Situation {
  const cached = situations.get(row);
  if (cached !== undefined) return cached;
  const peak = prefillPeak(row.engine, row, row.layout);
  const s: Situation = {
    engine: row.engine,
    model: row.model,
    layout: row.layout,
    tp: row.tp,
    link: row.link === 'nvlink' ? linkFor({ name: row.gpuLabel }) : LINKS.pcie4,
    bandwidthGBps: row.bandwidthGBps,
    peakTflops: peak.tflops,
    contextTokens: row.metric === 'decode' ? row.contextTokens : 0,
    promptTokens: row.metric === 'ttft' ? row.promptTokens : 0,
    batch: 1,
  };
  situations.set(row, s);
  return s;
}

const decodeCache = new WeakMap<CalibrationRow, DecodeTerms>();
const ttftCache = new WeakMap<CalibrationRow, TtftTerms>();

function rowDecodeTerms(row: CalibrationRow): DecodeTerms {
  let t = decodeCache.get(row);
  if (t === undefined) {
    t = decodeTerms(rowSituation(row));
    decodeCache.set(row, t);
  }
  return t;
}

function rowTtftTerms(row: CalibrationRow): TtftTerms {
  let t = ttftCache.get(row);
  if (t === undefined) {
    t = ttftTerms(rowSituation(row));
    ttftCache.set(row, t);
  }
  return t;
}

/** Batch-1 prediction for a calibration row (the fit's own form of physics.ts). */
export function predictRow(p: ProfileParams, row: CalibrationRow): number {
  if (row.metric === 'decode') {
    const t = rowDecodeTerms(row);
    return (
      t.streamMs / p.eta +
      p.consumeMsPerGB * t.streamGB +
      p.attnFactor * t.attnMs +
      p.cLayerMs * t.layers +
      p.tokenMs +
      t.commMs
    );
  }
  return ttftFromTerms(p, rowTtftTerms(row));
}

/** Each GPU weighs 1 in total; each row by its relative error (1 / measured²). */
function gpuWeights(rows: readonly CalibrationRow[]): (row: CalibrationRow) => number {
  const perGpu = new Map<string, number>();
  for (const r of rows) perGpu.set(r.gpuKey, (perGpu.get(r.gpuKey) ?? 0) + 1);
  return (row) => 1 / ((perGpu.get(row.gpuKey) ?? 1) * row.ms * row.ms);
}

/**
 * η ≤ 1, c ≥ 0 and, with `consume`, g ≥ 0 (a = 1/η ≥ 1). Without it, g = 0 and η absorbs the
 * pool's average ceiling.
 */
export function fitDecodeRows(
  rows: readonly CalibrationRow[],
  consume = true,
): { eta: number; cLayerMs: number; consumeMsPerGB: number } {
  const w = gpuWeights(rows);
  const ls = rows.map((r) => {
    const t = rowDecodeTerms(r);
    const x = consume ? [t.streamMs, t.layers, t.streamGB] : [t.streamMs, t.layers];
    return { x, y: r.ms - t.commMs, w: w(r) };
  });
  const [a = 1, c = 0, g = 0] = boundedLeastSquares(ls, consume ? [1, 0, 0] : [1, 0]);
  return { eta: 1 / a, cLayerMs: c, consumeMsPerGB: g };
}

/**
 * Whether the pool's rows ran the engine's own kernels: its own or its family's rows, or the
 * generic engine's class. The ceiling g belongs to those kernels (llama.cpp's on A100 / H100), so
 * an engine fitted on other engines' rows is fitted without it (vLLM and TensorRT-LLM rows sit
 * near the pool's average efficiency, not on llama.cpp's HBM ceiling).
 */
const ownKernels = (engine: EngineId, basis: PoolBasis): boolean =>
  isGenericEngine(engine) || !basis.startsWith('class');

/**
 * ε ≤ 2 (GeForce FP16-accumulate GEMMs run at twice the FP32-accumulate peak the datasheet rate
 * names) and F ≥ 0, given η and c from decode.
 */
export function fitTtftRows(
  rows: readonly CalibrationRow[],
  eta: number,
  cLayerMs: number,
): { eps: number; fixedMs: number } {
  const w = gpuWeights(rows);
  const ls = rows.map((r) => {
    const t = rowTtftTerms(r);
    const rest = t.streamMs / eta + cLayerMs * t.layers + t.commMs;
    return { x: [t.flopMs, 1], y: r.ms - rest, w: w(r) };
  });
  const [a = 1, fixedMs = 0] = boundedLeastSquares(ls, [0.5, 0]);
  return { eps: 1 / a, fixedMs };
}

const vendorsOf = (rows: readonly CalibrationRow[]): Vendor[] => [
  ...new Set(rows.map((r) => r.vendor)),
];

/**
 * The per-vendor columns of a browser fit: one per vendor in the rows, `at` the one `vendor`
 * reads; a vendor without rows gets a single column every row shares (undefined).
 */
function vendorColumns(
  rows: readonly CalibrationRow[],
  vendor: Vendor,
): { vendors: (Vendor | undefined)[]; at: number } {
  const seen = vendorsOf(rows);
  return seen.includes(vendor)
    ? { vendors: seen, at: seen.indexOf(vendor) }
    : { vendors: [undefined], at: 0 };
}

/**
 * Browser decode: η ≤ 1, attention factor k ≥ 0 and c ≥ 0 shared by every vendor; a fixed cost per
 * token t ≥ 0 of each vendor (browsers differ most there: GPU process, driver, readback). A vendor
 * without rows gets the t of one fit over every vendor's rows.
 */
export function fitBrowserDecodeRows(
  rows: readonly CalibrationRow[],
  vendor: Vendor,
): { eta: number; cLayerMs: number; tokenMs: number; attnFactor: number } {
  const w = gpuWeights(rows);
  const { vendors, at } = vendorColumns(rows, vendor);
  const ls = rows.map((r) => {
    const t = rowDecodeTerms(r);
    const ind = vendors.map((v) => (v === undefined || v === r.vendor ? 1 : 0));
    return { x: [t.streamMs, t.attnMs, t.layers, ...ind], y: r.ms - t.commMs, w: w(r) };
  });
  const th = boundedLeastSquares(ls, [1, 0, 0, ...vendors.map(() => 0)]);
  return {
    eta: 1 / (th[0] ?? 1),
    attnFactor: th[1] ?? 0,
    cLayerMs: th[2] ?? 0,
    tokenMs: th[3 + at] ?? 0,
  };
}

/**
 * Browser prefill: ε ≤ 2 of each vendor (WebGPU prefill reaches a vendor-specific fraction of the
 * FP32 shader rate); the unpacking costs u ≥ 0 of one-scale blocks and of k-quants and one fixed
 * start F ≥ 0, shared by every vendor (the same shader work on every GPU); given η and c from
 * decode. A vendor without rows gets the ε of one fit over every vendor's rows.
 */
export function fitBrowserTtftRows(
  rows: readonly CalibrationRow[],
  vendor: Vendor,
  eta: number,
  cLayerMs: number,
): { eps: number; blockUnpack: number; kQuantUnpack: number; fixedMs: number } {
  const w = gpuWeights(rows);
  const { vendors, at } = vendorColumns(rows, vendor);
  const ls = rows.map((r) => {
    const t = rowTtftTerms(r);
    const rest = t.streamMs / eta + cLayerMs * t.layers + t.commMs;
    const flops = vendors.map((v) => (v === undefined || v === r.vendor ? t.flopMs : 0));
    return {
      x: [...flops, t.blockUnpackMs, t.kQuantUnpackMs, 1],
      y: r.ms - rest,
      w: w(r),
    };
  });
  const v = vendors.length;
  const th = boundedLeastSquares(ls, [...vendors.map(() => 0.5), 0, 0, 0]);
  return {
    eps: 1 / (th[at] ?? 1),
    blockUnpack: th[v] ?? 0,
    kQuantUnpack: th[v + 1] ?? 0,
    fixedMs: th[v + 2] ?? 0,
  };
}

export interface FittedParams {
  params: ProfileParams;
  decodePool: Pool;
  ttftPool: Pool;
}

export function fitParams(
  engine: EngineId,
  vendor: Vendor,
  rows: readonly CalibrationRow[],
): FittedParams {
  const decodePool = selectPool(engine, vendor, rows, 'decode');
  const ttftPool = selectPool(engine, vendor, rows, 'ttft');
  if (vendorTerms(engine)) {
    const d = fitBrowserDecodeRows(decodePool.rows, vendor);
    const t = fitBrowserTtftRows(ttftPool.rows, vendor, d.eta, d.cLayerMs);
    return { params: { ...d, consumeMsPerGB: 0, ...t }, decodePool, ttftPool };
  }
  const d = fitDecodeRows(decodePool.rows, ownKernels(engine, decodePool.basis));
  const t = fitTtftRows(ttftPool.rows, d.eta, d.cLayerMs);
  return {
    params: { ...d, tokenMs: 0, attnFactor: 0, ...t, blockUnpack: 0, kQuantUnpack: 0 },
    decodePool,
    ttftPool,
  };
}

// ---- ranges from held-out residuals ----

/** Linear-interpolation quantile (type 7) of sorted values. */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  const a = sorted[lo] ?? Number.NaN;
  const b = sorted[hi] ?? Number.NaN;
  return a + (b - a) * (pos - lo);
}

/** log(measured ÷ predicted) of every pool row, each with its GPU left out of the fit. */
export function heldOutResiduals(
  engine: EngineId,
  vendor: Vendor,
  rows: readonly CalibrationRow[],
  metric: Metric,
): number[] {
  const pool = selectPool(engine, vendor, rows, metric);
  const out: number[] = [];
  for (const key of new Set(pool.rows.map((r) => r.gpuKey))) {
    const fit = fitParams(
      engine,
      vendor,
      rows.filter((r) => r.gpuKey !== key),
    );
    for (const r of pool.rows) {
      if (r.gpuKey === key) out.push(Math.log(r.ms / predictRow(fit.params, r)));
    }
  }
  return out;
}

/**
 * Browser engines: log(measured ÷ predicted) of every pool row, fitted for the row's own vendor.
 * 'seen': its GPU left out, for GPUs whose vendor keeps another GPU in the fit; 'unseen': every
 * row of its vendor left out (what a vendor without rows gets).
 */
export function vendorHeldOutResiduals(
  engine: EngineId,
  rows: readonly CalibrationRow[],
  metric: Metric,
  mode: 'seen' | 'unseen',
): { residuals: number[]; gpus: number } {
  const pool = selectPool(engine, 'nvidia', rows, metric);
  const out: number[] = [];
  let gpus = 0;
  for (const key of new Set(pool.rows.map((r) => r.gpuKey))) {
    const mine = pool.rows.filter((r) => r.gpuKey === key);
    const vendor = mine[0]?.vendor ?? 'nvidia';
    const rest = rows.filter((r) => (mode === 'seen' ? r.gpuKey !== key : r.vendor !== vendor));
    const restPool = selectPool(engine, vendor, rest, metric);
    if (mode === 'seen' && !restPool.rows.some((r) => r.vendor === vendor)) continue;
    const fit = fitParams(engine, vendor, rest);
    for (const r of mine) out.push(Math.log(r.ms / predictRow(fit.params, r)));
    gpus++;
  }
  return { residuals: out, gpus };
}

/** Held-out GPUs of a seen vendor needed before its range rests on them alone. */
export const MIN_SEEN_GPUS = 2;

/** Multipliers of the expected value: [low, high] always holds 1. */
export interface RatioInterval {
  low: number;
  high: number;
  /** Residuals the interval rests on. */
  n: number;
}

/** Below this many held-out residuals, their quantiles understate where the next GPU lands. */
export const SMALL_SAMPLE = 20;
/** Student's t at 0.95 (a central 90 % interval) for 1 … 19 degrees of freedom. */
const T_95 = [
  6.314, 2.92, 2.353, 2.132, 2.015, 1.943, 1.895, 1.86, 1.833, 1.812, 1.796, 1.782, 1.771, 1.761,
  1.753, 1.746, 1.74, 1.734, 1.729,
];

/**
 * The RANGE_LEVEL interval for the next GPU's log residual: the residuals' own quantiles when
 * there are SMALL_SAMPLE or more; with fewer, the prediction interval mean ± t·s·√(1 + 1/n)
 * (normal residuals assumed), which widens as the evidence thins instead of trusting a handful.
 */
export function residualInterval(residuals: readonly number[]): RatioInterval {
  const sorted = [...residuals].sort((a, b) => a - b);
  const n = sorted.length;
  const tail = (1 - RANGE_LEVEL) / 2;
  let lo = quantile(sorted, tail);
  let hi = quantile(sorted, 1 - tail);
  const t = T_95[n - 2];
  if (n < SMALL_SAMPLE && t !== undefined) {
    const mean = sorted.reduce((a, b) => a + b, 0) / n;
    const sd = Math.sqrt(sorted.reduce((a, b) => a + (b - mean) ** 2, 0) / (n - 1));
    const half = t * sd * Math.sqrt(1 + 1 / n);
    lo = Math.min(lo, mean - half);
    hi = Math.max(hi, mean + half);
  }
  return { low: Math.min(1, Math.exp(lo)), high: Math.max(1, Math.exp(hi)), n };
}

export interface MetricCalibration {
  basis: PoolBasis;
  poolRows: number;
  poolGpus: number;
  interval: RatioInterval;
  codes: CalibrationCode[];
}

/** The range and its provenance for engine × vendor × metric, fitted on `rows`. */
export function metricCalibration(
  engine: EngineId,
  vendor: Vendor,
  rows: readonly CalibrationRow[],
  metric: Metric,
): MetricCalibration {
  const pool = selectPool(engine, vendor, rows, metric);
  if (vendorTerms(engine)) return browserCalibration(engine, vendor, rows, metric, pool);
  const codes: CalibrationCode[] = [BASIS_CODE[pool.basis]];
  if (pool.gpus < MIN_POOL_GPUS) codes.push('pool-below-min-gpus');
  if (!rows.some((r) => r.engine === engine) && !isGenericEngine(engine)) {
    codes.push('no-rows-for-engine');
  }
  let interval = residualInterval(heldOutResiduals(engine, vendor, rows, metric));
  if (pool.basis !== 'engine-vendor' && !isGenericEngine(engine)) {
    const generic = ENGINES[engine].engineClass;
    const wide = residualInterval(heldOutResiduals(generic, vendor, rows, metric));
    if (wide.low < interval.low || wide.high > interval.high) codes.push('range-widened-to-class');
    interval = {
      low: Math.min(interval.low, wide.low),
      high: Math.max(interval.high, wide.high),
      n: interval.n,
    };
  }
  return { basis: pool.basis, poolRows: pool.rows.length, poolGpus: pool.gpus, interval, codes };
}

/**
 * Browser engines: the range of a vendor with rows is the 'seen' residuals' interval (GPUs held out
 * while another GPU of their vendor stays in the fit); a vendor without rows, or too few seen
 * residuals, takes the hull with the leave-one-vendor-out interval, and says so.
 */
function browserCalibration(
  engine: EngineId,
  vendor: Vendor,
  rows: readonly CalibrationRow[],
  metric: Metric,
  pool: Pool,
): MetricCalibration {
  const seenVendor = pool.rows.some((r) => r.vendor === vendor);
  const codes: CalibrationCode[] = [seenVendor ? 'vendor-terms-own-rows' : 'vendor-not-in-data'];
  if (pool.basis === 'class' && !isGenericEngine(engine)) codes.push('pooled-class');
  if (pool.gpus < MIN_POOL_GPUS) codes.push('pool-below-min-gpus');
  if (!rows.some((r) => r.engine === engine) && !isGenericEngine(engine)) {
    codes.push('no-rows-for-engine');
  }
  const { residuals: seen, gpus: seenGpus } = vendorHeldOutResiduals(engine, rows, metric, 'seen');
  let interval = residualInterval(seen);
  // The generic engine's own pool is the class: only a named engine borrowing it is widened.
  const borrowed = pool.basis === 'class' && !isGenericEngine(engine);
  if (!seenVendor || seenGpus < MIN_SEEN_GPUS || borrowed) {
    const wide = residualInterval(vendorHeldOutResiduals(engine, rows, metric, 'unseen').residuals);
    if (seen.length > 0) codes.push('range-widened-to-class');
    interval = {
      low: Math.min(seen.length > 0 ? interval.low : 1, wide.low),
      high: Math.max(seen.length > 0 ? interval.high : 1, wide.high),
      n: wide.n,
    };
  }
  return { basis: pool.basis, poolRows: pool.rows.length, poolGpus: pool.gpus, interval, codes };
}

export interface EngineProfile {
  engine: EngineId;
  vendor: Vendor;
  params: ProfileParams;
  decode: MetricCalibration;
  ttft: MetricCalibration;
}

export function buildProfile(
  engine: EngineId,
  vendor: Vendor,
  rows: readonly CalibrationRow[],
): EngineProfile {
  return {
    engine,
    vendor,
    params: fitParams(engine, vendor, rows).params,
    decode: metricCalibration(engine, vendor, rows, 'decode'),
    ttft: metricCalibration(engine, vendor, rows, 'ttft'),
  };
}
