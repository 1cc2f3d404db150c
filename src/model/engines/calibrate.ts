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
// Terms are fitted only where the pool's rows identify them: a fixed cost per prompt F for an
// engine measured at two prompt lengths on one GPU and model (enginesWithFixedCost), the
// consumption ceiling g on wide decode pools (consumeIdentifiable), the browser decode attention
// factor k from one source's rows that vary the context (contextPairs); else they are 0.
//
// Ranges: a central RANGE_LEVEL interval of the log residuals measured ÷ predicted, each residual
// taken with the row's whole source and whole GPU family left out of the fit (RANGE_GROUPING), for
// TTFT pooled with the same rows held out by GPU family (RANGE_ALSO; below SMALL_SAMPLE rows, a
// Student-t prediction interval around them: see residualInterval). Where the rows cannot be held
// out that way (one source), the range is at least as wide as its class's spread between sources
// (classSpread); a browser TTFT range of a harness whose prefill was never measured at least as wide
// as the spread between harnesses (harnessSpread). A range wider than MAX_RANGE_WIDTH carries the
// code 'not-enough-data'. A profile fitted on another engine's or vendor's rows takes the hull of
// that interval and the generic class profile's (wider, and says so with a code).

import { LINKS, linkFor } from '../predict/tensor-parallel';
import { folds, type Grouping, sourceKeyOf } from './groups';
import { ENGINES, type EngineClass, type EngineId, isGenericEngine, type Vendor } from './ids';
import { boundedLeastSquares } from './least-squares';
import type { CalibrationRow, Metric } from './measurements/rows';
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
  | 'vendor-not-in-data'
  | 'range-within-source'
  | 'range-floored-to-class-spread'
  | 'prefill-of-another-harness'
  | 'harness-not-in-data'
  | 'not-enough-data';

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

/** A calibration row's decode terms, computed once per row. */
export function rowDecodeTerms(row: CalibrationRow): DecodeTerms {
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
 * Whether a decode pool can tell the consumption ceiling g (physics.ts) from η: it spans at least
 * CONSUME_MIN_GPUS GPUs (two per fitted term) whose bandwidths differ at least twofold; else g = 0
 * and η alone carries the efficiency. Measured with the grouped validation (`npm run calibrate`):
 * without the check, llama.cpp Metal held out by source was fitted on four GPUs with three terms
 * and its nested ranges went past 3× for the 51 rows of the Apple table.
 */
export function consumeIdentifiable(rows: readonly CalibrationRow[]): boolean {
  const bandwidth = new Map<string, number>();
  for (const r of rows) bandwidth.set(r.gpuKey, r.bandwidthGBps);
  const v = [...bandwidth.values()];
  return v.length >= CONSUME_MIN_GPUS && Math.max(...v) >= 2 * Math.min(...v);
}

/** GPUs a decode pool needs before the consumption ceiling g is fitted (η, c and g: two each). */
export const CONSUME_MIN_GPUS = 6;

/**
 * Engines of `rows` whose fixed cost per prompt F the rows can identify: rows of the engine on one
 * GPU with one model and format at prompt lengths at least PROMPT_SPREAD apart. Across GPUs alone
 * F trades against ε (a GPU-independent intercept soaks up whatever the FLOP term misses: small
 * GPUs' lower efficiency, a build's slow path), so an engine without such rows has F = 0.
 */
export function enginesWithFixedCost(rows: readonly CalibrationRow[]): Set<EngineId> {
  const prompts = new Map<string, { engine: EngineId; min: number; max: number }>();
  for (const r of rows) {
    const key = `${r.engine}|${r.gpuKey}|${r.model.id}|${r.layout.format}`;
    const p = prompts.get(key) ?? { engine: r.engine, min: r.promptTokens, max: r.promptTokens };
    p.min = Math.min(p.min, r.promptTokens);
    p.max = Math.max(p.max, r.promptTokens);
    prompts.set(key, p);
  }
  const out = new Set<EngineId>();
  for (const p of prompts.values()) if (p.max >= PROMPT_SPREAD * p.min) out.add(p.engine);
  return out;
}

/** How far apart two prompt lengths of one engine, GPU and model must be to identify F. */
export const PROMPT_SPREAD = 2;

/**
 * ε ≤ 2 (GeForce FP16-accumulate GEMMs run at twice the FP32-accumulate peak the datasheet rate
 * names) and a fixed cost per prompt F ≥ 0 of each engine whose rows identify it
 * (enginesWithFixedCost; the target engine's F is returned, 0 where it has none), given η and c
 * from decode; with `unpack`, also the quantised-prefill costs u ≥ 0 of one-scale blocks and of
 * k-quants (physics.ts), each only where the pool has rows of that kind to identify it (else 0).
 * Native llama.cpp prefill on quantised weights converts them (MMQ's int8 tiles, or dequantising
 * to F16 for cuBLAS) per prompt batch: held out by source, the 2024 CUDA Q4_K_M prefill rows ran
 * 1.3-1.9× slower than the F16 rows of the same GPUs predicted.
 */
export function fitTtftRows(
  rows: readonly CalibrationRow[],
  eta: number,
  cLayerMs: number,
  unpack = false,
  engine?: EngineId,
): { eps: number; fixedMs: number; blockUnpack: number; kQuantUnpack: number } {
  const w = gpuWeights(rows);
  const has = (k: 'blockUnpackMs' | 'kQuantUnpackMs') =>
    unpack && rows.some((r) => rowTtftTerms(r)[k] > 0);
  const block = has('blockUnpackMs');
  const kq = has('kQuantUnpackMs');
  const fixed = [...enginesWithFixedCost(rows)];
  const ls = rows.map((r) => {
    const t = rowTtftTerms(r);
    const rest = t.streamMs / eta + cLayerMs * t.layers + t.commMs;
    const x = [t.flopMs];
    if (block) x.push(t.blockUnpackMs);
    if (kq) x.push(t.kQuantUnpackMs);
    for (const e of fixed) x.push(r.engine === e ? 1 : 0);
    return { x, y: r.ms - rest, w: w(r) };
  });
  const lower = [0.5, ...(block ? [0] : []), ...(kq ? [0] : []), ...fixed.map(() => 0)];
  const th = boundedLeastSquares(ls, lower);
  const at = 1 + (block ? 1 : 0) + (kq ? 1 : 0);
  const mine = engine === undefined ? -1 : fixed.indexOf(engine);
  return {
    eps: 1 / (th[0] ?? 1),
    fixedMs: mine < 0 ? 0 : (th[at + mine] ?? 0),
    blockUnpack: block ? (th[1] ?? 0) : 0,
    kQuantUnpack: kq ? (th[block ? 2 : 1] ?? 0) : 0,
  };
}

/**
 * Whether native engines fit the quantised-prefill terms. Measured with the grouped validation
 * (`npm run calibrate`, native TTFT): one GPU out 17.7 → 18.4 % MAPE; by family 17.9 → 18.5 %;
 * by source 21.2 → 24.5 % MAPE and 92.8 → 58.5 % inside, Metal's ranges past 3× for 48 of 50
 * rows. The slowdown belongs to one source's 2024 build (XiongjieDai's Q4_K_M rows), not to
 * k-quants: 2025 builds' Q4_K_M prefill (kickstart-berlin, dmatora) runs at the F16 rate. Off.
 */
export const NATIVE_UNPACK = false;

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
 * Pairs of decode rows that tell the attention factor k from the other terms: one source, GPU,
 * model and format measured at contexts at least CONTEXT_SPREAD apart (its shortest and longest
 * context). Without such a pair k = 0. Measured with the grouped validation (`npm run calibrate`,
 * browser decode held out by source): without the check, the fit that held web-of-llamas out (the
 * only source with rows at 2k context) set k from the attention time of 64–113-token contexts
 * alone and predicted its 2112-token rows 2.5–6× too slow.
 */
export function contextPairs(
  rows: readonly CalibrationRow[],
): { short: CalibrationRow; long: CalibrationRow }[] {
  const groups = new Map<string, { short: CalibrationRow; long: CalibrationRow }>();
  for (const r of rows) {
    const key = `${sourceKeyOf(r.source)}|${r.gpuKey}|${r.model.id}|${r.layout.format}`;
    const g = groups.get(key) ?? { short: r, long: r };
    if (r.contextTokens < g.short.contextTokens) g.short = r;
    if (r.contextTokens > g.long.contextTokens) g.long = r;
    groups.set(key, g);
  }
  return [...groups.values()].filter(
    (g) =>
      g.short.contextTokens > 0 && g.long.contextTokens >= CONTEXT_SPREAD * g.short.contextTokens,
  );
}

/**
 * k from the context pairs alone: how much more each pair's long row takes than its short one,
 * beyond the extra KV cache read, per unit of extra attention time (each GPU's pairs weighing the
 * same in total, each pair by its long row's relative error). A pair's two rows share everything
 * else — harness, build, machine, the fixed costs per layer and per token — so sources whose
 * fixed costs differ cannot move k. Fitted with the other terms instead, k went from 25 to 0 when
 * two rows of a slower harness (wllama: about 1 ms of fixed cost per layer against web-of-llamas'
 * 0.3–0.5) joined the fit, though neither row varies the context.
 */
function attentionFromPairs(pairs: readonly { short: CalibrationRow; long: CalibrationRow }[]) {
  const w = gpuWeights(pairs.map((p) => p.long));
  let num = 0;
  let den = 0;
  for (const { short, long } of pairs) {
    const s = rowDecodeTerms(short);
    const l = rowDecodeTerms(long);
    const dAttn = l.attnMs - s.attnMs;
    const dRest = long.ms - short.ms - (l.streamMs - s.streamMs);
    num += w(long) * dAttn * dRest;
    den += w(long) * dAttn * dAttn;
  }
  return den > 0 ? Math.max(0, num / den) : 0;
}

/** How far apart two decode contexts of one GPU, model and format must be to identify k. */
export const CONTEXT_SPREAD = 4;

/**
 * Browser decode: the attention factor k ≥ 0 from the context pairs alone (attentionFromPairs);
 * then, with k fixed, η ≤ 1 and c ≥ 0 shared by every vendor and a fixed cost per token t ≥ 0 of
 * each vendor (browsers differ most there: GPU process, driver, readback). A vendor without rows
 * gets the t of one fit over every vendor's rows.
 */
export function fitBrowserDecodeRows(
  rows: readonly CalibrationRow[],
  vendor: Vendor,
): { eta: number; cLayerMs: number; tokenMs: number; attnFactor: number } {
  const w = gpuWeights(rows);
  const { vendors, at } = vendorColumns(rows, vendor);
  const attnFactor = attentionFromPairs(contextPairs(rows));
  const ls = rows.map((r) => {
    const t = rowDecodeTerms(r);
    const ind = vendors.map((v) => (v === undefined || v === r.vendor ? 1 : 0));
    return {
      x: [t.streamMs, t.layers, ...ind],
      y: r.ms - t.commMs - attnFactor * t.attnMs,
      w: w(r),
    };
  });
  const th = boundedLeastSquares(ls, [1, 0, ...vendors.map(() => 0)]);
  return { eta: 1 / (th[0] ?? 1), cLayerMs: th[1] ?? 0, attnFactor, tokenMs: th[2 + at] ?? 0 };
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
  return { params: fitPools(engine, vendor, decodePool, ttftPool), decodePool, ttftPool };
}

function fitPools(engine: EngineId, vendor: Vendor, decodePool: Pool, ttftPool?: Pool) {
  const none = { eps: Number.NaN, fixedMs: Number.NaN, blockUnpack: 0, kQuantUnpack: 0 };
  if (vendorTerms(engine)) {
    const d = fitBrowserDecodeRows(decodePool.rows, vendor);
    const t =
      ttftPool === undefined ? none : fitBrowserTtftRows(ttftPool.rows, vendor, d.eta, d.cLayerMs);
    return { ...d, consumeMsPerGB: 0, ...t };
  }
  const d = fitDecodeRows(
    decodePool.rows,
    ownKernels(engine, decodePool.basis) && consumeIdentifiable(decodePool.rows),
  );
  const t =
    ttftPool === undefined
      ? none
      : fitTtftRows(ttftPool.rows, d.eta, d.cLayerMs, NATIVE_UNPACK, engine);
  return { ...d, tokenMs: 0, attnFactor: 0, ...t };
}

/**
 * The parameters one metric's prediction needs: decode's alone for decode (a set without TTFT
 * rows can still predict decode; the TTFT fields are NaN), decode's and TTFT's for TTFT.
 */
export function fitForMetric(
  engine: EngineId,
  vendor: Vendor,
  rows: readonly CalibrationRow[],
  metric: Metric,
): ProfileParams {
  const decodePool = selectPool(engine, vendor, rows, 'decode');
  const ttftPool = metric === 'ttft' ? selectPool(engine, vendor, rows, 'ttft') : undefined;
  return fitPools(engine, vendor, decodePool, ttftPool);
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

/**
 * How the residuals that set a range are held out: each row with its whole source (thread,
 * repository, paper: every engine's rows of it leave the fit) AND its whole GPU family (twins and
 * variants), which is how a user's case meets the predictor (another build, other flags, another
 * machine, often a GPU the data has not seen). Issue 34 measured the ranges built from
 * source-held-out residuals on public measurements no project file cites: 78 % of native decode
 * and 57 % of browser decode inside, 62 % and 19 % of native and browser TTFT; a range has to hold
 * first and be narrow second, so its residuals leave out both at once.
 */
export const RANGE_GROUPING: Grouping = 'source+family';

/**
 * Where RANGE_GROUPING leaves fewer than MIN_POOL_GPUS folds that can be fitted (every row of the
 * pool from one source, say), the next of these that does: the range then rests on weaker
 * evidence, says so (code 'range-within-source') and is made at least as wide as the spread
 * between sources seen for its engine class (classSpread, code 'range-floored-to-class-spread').
 */
const FALLBACK_GROUPINGS: readonly Grouping[] = ['source', 'family', 'gpu'];

/**
 * Where RANGE_GROUPING gives enough folds, the residuals of each pool row held out with its GPU
 * family as well, pooled with the source-held-out ones: a range has to hold for a new GPU as much
 * as for a new source, and the two miss differently (a new source shifts a whole table; a new GPU
 * family scatters around it). Measured with the grouped validation (`npm run calibrate`, native
 * engines, with the identifiability checks of the fit): ranges from source-held-out residuals
 * alone covered 78 % of the TTFT rows held out by family (llama.cpp Metal 70 %, its Apple table
 * fitted better without its own GPU than without its own source); pooled, 88 % by family and
 * 93 % by source, at median widths 1.4 and 2.0 instead of 1.3 and 2.2. The pooled residuals are
 * two looks at the same rows: the small-sample interval counts the rows once.
 */
export const RANGE_ALSO: Grouping = 'family';

/**
 * The metrics whose ranges pool the RANGE_ALSO residuals. Measured with the grouped validation
 * (`npm run calibrate`, native TTFT, ranges from residuals held out by source and family
 * together): alone, 81.6 % inside held out by family and 92.2 % by source and family at median
 * widths 1.35 and 2.20; pooled with the family-held-out ones, 90.3 % and 93.1 % at 1.41 and 2.14.
 * Decode ranges rest on RANGE_GROUPING's residuals alone (pooled, before RANGE_GROUPING left the
 * family out too, they only widened decode ranges that already held for a new family).
 */
export const RANGE_ALSO_METRICS: ReadonlySet<Metric> = new Set<Metric>(['ttft']);

/** Residuals and the independent groups (folds) they came from. */
export interface HeldOutResiduals {
  residuals: number[];
  /** Folds that contributed: the effective sample size of a range. */
  groups: number;
  /** Rows the residuals are of (each may appear under two groupings: see RANGE_ALSO). */
  rows: number;
  grouping: Grouping;
}

type Residuals = Omit<HeldOutResiduals, 'grouping' | 'rows'>;

/**
 * The first of RANGE_GROUPING and its fallbacks that gives MIN_POOL_GPUS fitted folds; for
 * RANGE_GROUPING itself (`withAlso`), pooled with the RANGE_ALSO residuals of the same rows.
 */
function groupedResiduals(compute: (g: Grouping) => Residuals, withAlso = true): HeldOutResiduals {
  let last: HeldOutResiduals | undefined;
  for (const grouping of [RANGE_GROUPING, ...FALLBACK_GROUPINGS]) {
    const r = { ...compute(grouping), grouping };
    const rows = r.residuals.length;
    if (r.groups >= MIN_POOL_GPUS) {
      if (grouping !== RANGE_GROUPING || !withAlso) return { ...r, rows };
      return { ...r, residuals: [...r.residuals, ...compute(RANGE_ALSO).residuals], rows };
    }
    if (last === undefined || r.groups > last.groups) last = { ...r, rows };
  }
  return last as HeldOutResiduals;
}

/** `fitForMetric`, or undefined where the rows leave nothing to fit on. */
function tryFit(engine: EngineId, vendor: Vendor, rows: readonly CalibrationRow[], metric: Metric) {
  try {
    return fitForMetric(engine, vendor, rows, metric);
  } catch (e) {
    if (e instanceof RangeError) return undefined;
    throw e;
  }
}

/**
 * log(measured ÷ predicted) of every pool row, each with its RANGE_GROUPING group left out of the
 * fit; a fold that leaves nothing to fit on contributes nothing.
 */
export function heldOutResiduals(
  engine: EngineId,
  vendor: Vendor,
  rows: readonly CalibrationRow[],
  metric: Metric,
): HeldOutResiduals {
  const pool = selectPool(engine, vendor, rows, metric);
  return groupedResiduals((grouping) => {
    const residuals: number[] = [];
    let groups = 0;
    for (const fold of folds(pool.rows, grouping)) {
      const params = tryFit(engine, vendor, rows.filter(fold.keep), metric);
      if (params === undefined) continue;
      for (const r of fold.test) residuals.push(Math.log(r.ms / predictRow(params, r)));
      groups++;
    }
    return { residuals, groups };
  }, RANGE_ALSO_METRICS.has(metric));
}

/**
 * Browser engines: log(measured ÷ predicted) of every pool row, fitted for the row's own vendor.
 * 'seen': its RANGE_GROUPING group left out, for rows whose vendor keeps another row in the fit;
 * 'unseen': every row of its vendor left out as well (what a vendor without rows gets).
 */
export function vendorHeldOutResiduals(
  engine: EngineId,
  rows: readonly CalibrationRow[],
  metric: Metric,
  mode: 'seen' | 'unseen',
): HeldOutResiduals & { vendors: number } {
  const pool = selectPool(engine, 'nvidia', rows, metric);
  // Browser ranges stay on source-held-out residuals: pooled with family-held-out ones they
  // covered 74 % of the browser decode rows held out by family (measured as RANGE_ALSO's note).
  const vendors = new Map<Grouping, number>();
  const held = groupedResiduals((grouping) => {
    const r = vendorResiduals(engine, rows, metric, mode, pool, grouping);
    vendors.set(grouping, r.vendors);
    return r;
  }, false);
  return { ...held, vendors: vendors.get(held.grouping) ?? 0 };
}

function vendorResiduals(
  engine: EngineId,
  rows: readonly CalibrationRow[],
  metric: Metric,
  mode: 'seen' | 'unseen',
  pool: Pool,
  grouping: Grouping,
): { residuals: number[]; groups: number; vendors: number } {
  const residuals: number[] = [];
  const vendors = new Set<Vendor>();
  let groups = 0;
  for (const fold of folds(pool.rows, grouping)) {
    for (const vendor of new Set(fold.test.map((r) => r.vendor))) {
      const keep = (r: CalibrationRow) => fold.keep(r) && (mode === 'seen' || r.vendor !== vendor);
      const rest = rows.filter(keep);
      const params = tryFit(engine, vendor, rest, metric);
      if (params === undefined) continue;
      const restPool = selectPool(engine, vendor, rest, metric);
      if (mode === 'seen' && !restPool.rows.some((r) => r.vendor === vendor)) continue;
      for (const r of fold.test.filter((x) => x.vendor === vendor)) {
        residuals.push(Math.log(r.ms / predictRow(params, r)));
      }
      vendors.add(vendor);
      groups++;
    }
  }
  return { residuals, groups, vendors: vendors.size };
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
export function residualInterval(
  residuals: readonly number[],
  rows = residuals.length,
): RatioInterval {
  const sorted = [...residuals].sort((a, b) => a - b);
  const n = sorted.length;
  // Counting held-out groups instead of rows here (they share a build and machine) was
  // measured: 96-98 % inside for a stated 90 % and a third of the ranges past 3×, so not done.
  // `rows`: the rows the residuals are of, where each has more than one (RANGE_ALSO).
  const k = rows;
  const tail = (1 - RANGE_LEVEL) / 2;
  let lo = quantile(sorted, tail);
  let hi = quantile(sorted, 1 - tail);
  const t = T_95[k - 2];
  if (k < SMALL_SAMPLE && t !== undefined) {
    const mean = sorted.reduce((a, b) => a + b, 0) / n;
    const sd = Math.sqrt(sorted.reduce((a, b) => a + (b - mean) ** 2, 0) / (n - 1));
    const half = t * sd * Math.sqrt(1 + 1 / k);
    lo = Math.min(lo, mean - half);
    hi = Math.max(hi, mean + half);
  }
  return { low: Math.min(1, Math.exp(lo)), high: Math.max(1, Math.exp(hi)), n: k };
}

const intervalOf = (h: HeldOutResiduals): RatioInterval => residualInterval(h.residuals, h.rows);

export interface MetricCalibration {
  basis: PoolBasis;
  poolRows: number;
  poolGpus: number;
  interval: RatioInterval;
  codes: CalibrationCode[];
}

/**
 * A range wider than this (high ÷ low) is no prediction: the page and the CLI say "not enough
 * data" in words instead of printing it (issue 34: no range past 4× shown as two numbers).
 */
export const MAX_RANGE_WIDTH = 4;

/**
 * The spread between sources seen for an engine class: the interval of the generic class
 * engine's residuals held out by RANGE_GROUPING, for this metric where its rows allow that, else
 * for decode (where a class's prefill rows come from too few sources). Undefined where neither can be
 * held out so. A range whose own rows cannot be held out by source is made at least this wide.
 */
export function classSpread(
  cls: EngineClass,
  vendor: Vendor,
  rows: readonly CalibrationRow[],
  metric: Metric,
): RatioInterval | undefined {
  for (const m of metric === 'decode' ? (['decode'] as const) : [metric, 'decode' as const]) {
    const held =
      cls === 'browser'
        ? vendorHeldOutResiduals(cls, rows, m, 'seen')
        : heldOutResiduals(cls, vendor, rows, m);
    if (held.grouping === RANGE_GROUPING) return intervalOf(held);
  }
  return undefined;
}

/** The hull of a range and a spread it has to be at least as wide as, with `code` where it widens. */
function floorToSpread(
  interval: RatioInterval,
  codes: CalibrationCode[],
  spread: RatioInterval | undefined,
  code: CalibrationCode = 'range-floored-to-class-spread',
): RatioInterval {
  if (spread === undefined) return interval;
  if (spread.low < interval.low || spread.high > interval.high) codes.push(code);
  return {
    low: Math.min(interval.low, spread.low),
    high: Math.max(interval.high, spread.high),
    n: interval.n,
  };
}

function withWidthCheck(c: MetricCalibration): MetricCalibration {
  const wide = !(c.interval.high / c.interval.low <= MAX_RANGE_WIDTH);
  return wide ? { ...c, codes: [...c.codes, 'not-enough-data'] } : c;
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
  const own = heldOutResiduals(engine, vendor, rows, metric);
  let interval = intervalOf(own);
  if (own.grouping !== RANGE_GROUPING) {
    codes.push('range-within-source');
    const cls = ENGINES[engine].engineClass;
    interval = floorToSpread(interval, codes, classSpread(cls, vendor, rows, metric));
  }
  if (pool.basis !== 'engine-vendor' && !isGenericEngine(engine)) {
    const generic = ENGINES[engine].engineClass;
    const wide = intervalOf(heldOutResiduals(generic, vendor, rows, metric));
    if (wide.low < interval.low || wide.high > interval.high) codes.push('range-widened-to-class');
    interval = {
      low: Math.min(interval.low, wide.low),
      high: Math.max(interval.high, wide.high),
      n: interval.n,
    };
  }
  return withWidthCheck({
    basis: pool.basis,
    poolRows: pool.rows.length,
    poolGpus: pool.gpus,
    interval,
    codes,
  });
}

/**
 * How far a browser harness the fit has not seen lands: each named browser engine's decode rows
 * predicted by the class fitted without any of that engine's rows, the interval counting the
 * harnesses left out (each harness's rows share its fixed costs), not their rows. Undefined with
 * fewer than two harnesses. A TTFT range fitted on no prefill row of its own harness (this
 * benchmark's decoder before the gallery has runs), or of "browser, harness unknown" fitted on one
 * harness alone, is at least this wide (code 'prefill-of-another-harness'): issue 34 measured
 * browser TTFT ranges fitted on one harness 1.31 wide, holding 19 % of unseen measurements.
 */
export function harnessSpread(rows: readonly CalibrationRow[]): RatioInterval | undefined {
  const residuals: number[] = [];
  const harnesses = new Set<EngineId>();
  const browserDecode = rows.filter(
    (r) => r.metric === 'decode' && ENGINES[r.engine].engineClass === 'browser',
  );
  for (const engine of new Set(browserDecode.map((r) => r.engine))) {
    const rest = rows.filter((r) => r.engine !== engine);
    const mine = browserDecode.filter((r) => r.engine === engine);
    for (const vendor of new Set(mine.map((r) => r.vendor))) {
      const params = tryFit('browser', vendor, rest, 'decode');
      if (params === undefined) continue;
      for (const r of mine.filter((x) => x.vendor === vendor)) {
        residuals.push(Math.log(r.ms / predictRow(params, r)));
      }
      harnesses.add(engine);
    }
  }
  if (harnesses.size < 2) return undefined;
  return residualInterval(residuals, Math.min(residuals.length, harnesses.size));
}

/** A browser TTFT pool that holds no prefill row of the engine's own harness (or of several). */
const prefillOfAnotherHarness = (engine: EngineId, pool: Pool): boolean => {
  const harnesses = new Set(pool.rows.map((r) => r.engine));
  return isGenericEngine(engine) ? harnesses.size < 2 : !harnesses.has(engine);
};

/**
 * Browser engines: the range of a vendor with rows is the 'seen' residuals' interval (GPUs held out
 * while another GPU of their vendor stays in the fit); a vendor without rows, or too few seen
 * residuals, takes the hull with the leave-one-vendor-out interval, and says so. For a vendor
 * without rows that interval counts the vendors left out, not their rows: each vendor's rows share
 * its fixed cost, so three vendors are three cases. Measured with the grouped validation (`npm run
 * calibrate`): counted by rows, the Arc B580 held out by family got a 2.0× range and decoded 2–3×
 * slower than it (0 of 10 inside); counted by vendors, it says "not enough data".
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
  const held = vendorHeldOutResiduals(engine, rows, metric, 'seen');
  const { residuals: seen, groups: seenGpus } = held;
  let interval = residualInterval(seen, held.rows);
  // The generic engine's own pool is the class: only a named engine borrowing it is widened.
  const borrowed = pool.basis === 'class' && !isGenericEngine(engine);
  if (!seenVendor || seenGpus < MIN_SEEN_GPUS || borrowed) {
    const unseen = vendorHeldOutResiduals(engine, rows, metric, 'unseen');
    // A vendor without rows: how far off its first GPU lands is known from as many cases as
    // vendors were left out (each vendor's rows share its offset), not from their rows.
    const wide = seenVendor
      ? intervalOf(unseen)
      : residualInterval(unseen.residuals, Math.min(unseen.rows, unseen.vendors));
    if (seen.length > 0) codes.push('range-widened-to-class');
    interval = {
      low: Math.min(seen.length > 0 ? interval.low : 1, wide.low),
      high: Math.max(seen.length > 0 ? interval.high : 1, wide.high),
      n: wide.n,
    };
  }
  if (held.grouping !== RANGE_GROUPING) {
    codes.push('range-within-source');
    const cls = ENGINES[engine].engineClass;
    interval = floorToSpread(interval, codes, classSpread(cls, vendor, rows, metric));
  }
  if (metric === 'ttft' && prefillOfAnotherHarness(engine, pool)) {
    const spread = harnessSpread(rows);
    interval = floorToSpread(interval, codes, spread, 'prefill-of-another-harness');
  }
  return withWidthCheck({
    basis: pool.basis,
    poolRows: pool.rows.length,
    poolGpus: pool.gpus,
    interval,
    codes,
  });
}

/**
 * A browser engine with no public measurement of its own (it borrows the class's profile): its
 * decode and TTFT ranges at least as wide as the spread between harnesses (harnessSpread), with
 * the code 'harness-not-in-data'; "not enough data" where that is past MAX_RANGE_WIDTH.
 */
export function withHarnessSpread(profile: EngineProfile, spread: RatioInterval): EngineProfile {
  const widen = (c: MetricCalibration): MetricCalibration => {
    const codes = c.codes.filter((code) => code !== 'not-enough-data');
    const interval = floorToSpread(c.interval, codes, spread, 'harness-not-in-data');
    return withWidthCheck({ ...c, interval, codes });
  };
  return { ...profile, decode: widen(profile.decode), ttft: widen(profile.ttft) };
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
