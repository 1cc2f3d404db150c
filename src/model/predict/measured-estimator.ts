// Measured mode: predict from the kernels as measured on this GPU. Each of the model's matrices
// takes the time of the measured GEMV (M = 1) or GEMM (M = batch / prompt) at that format,
// interpolated by weight bytes between measured shapes, times the layer count; KV-cache reads
// go at the measured read bandwidth; a per-token fixed cost comes from the dispatch overhead, or,
// where the document holds whole-model decode runs, from what those runs measured of this host
// (measured-host-cost.ts).
// A shape or format the results lack falls back to the roofline, and the prediction says so.

import { adapterName } from '../../core/adapter-name';
import { nearestKernel, WEIGHT_FORMATS, type WeightFormat } from '../../core/formats';
import type { ResultRow, ResultsDocument } from '../../core/results';
import {
  decodeWeightBytes,
  findModel,
  kvCacheBytes,
  layerWindows,
  linearFlopsPerToken,
  type MatrixShape,
  type ModelConfig,
  matrixUse,
  modelMatrices,
  prefillAttentionFlops,
} from '../llm/models';
import { computeCeilingFor, fitRoofline, verifiedRows } from '../measured/roofline';
import { type MeasuredHostCost, measuredHostCost, type TimedDecodeRun } from './measured-host-cost';
import type { Note } from './notes';
import {
  type Bound,
  buildPrediction,
  type Estimator,
  kvElementBytes,
  type Prediction,
  type PredictionSource,
  type PredictOptions,
  type StepEstimate,
} from './predictor';
import { addRanges, point, type Range, range, scaleRange } from './range';
import {
  layerSmallKernels,
  type MeasuredAttention,
  type SmallKernelRates,
  type SmallKernelShape,
  tokenSmallKernels,
  totalDispatches,
  totalMs,
} from './small-kernels';

export class InsufficientResultsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InsufficientResultsError';
  }
}

/**
 * A roofline-only kernel reaches this fraction of min(π, I·β): the read probe is the best case
 * (low end of the time), real GEMV kernels typically land at 60–100 % of it.
 */
export const ROOFLINE_KERNEL_EFFICIENCY: Range = { low: 0.6, expected: 0.85, high: 1 };

/** Small dispatches per layer besides the four matrices: 2 norms, RoPE, KV append, QKᵀ, softmax, ·V, SiLU·mul, 2 residual adds. */
export const OTHER_DISPATCHES_PER_LAYER = 10;
/** Per token outside the layers: embedding lookup, final norm, sampling. */
export const OTHER_DISPATCHES_PER_TOKEN = 3;
/** Used when the read sweep has a single size and the overhead cannot be measured. */
export const ASSUMED_DISPATCH_MS = 0.01;

interface MeasuredShape {
  n: number;
  k: number;
  bytes: number;
  ms: Range;
}

const rowRange = (r: ResultRow): Range =>
  range(r.medianMs, r.minMs > 0 ? r.minMs : r.medianMs, r.p95Ms > 0 ? r.p95Ms : r.medianMs);

/** The fastest verified GEMV/GEMM per (n, k) at this kernel format and M. */
function measuredShapes(
  rows: readonly ResultRow[],
  kernelFormat: string,
  m: number,
): MeasuredShape[] {
  const bpw = WEIGHT_FORMATS[kernelFormat as keyof typeof WEIGHT_FORMATS]?.bitsPerWeight;
  if (bpw === undefined) return [];
  const best = new Map<string, ResultRow>();
  for (const r of rows) {
    if (r.kernel !== 'gemv' && r.kernel !== 'gemm') continue;
    if (r.format !== kernelFormat || (r.shape.m ?? 1) !== m) continue;
    const { n, k } = r.shape;
    if (n === undefined || k === undefined) continue;
    const key = `${n}x${k}`;
    const prev = best.get(key);
    if (prev === undefined || r.medianMs < prev.medianMs) best.set(key, r);
  }
  return [...best.values()]
    .map((r) => {
      const n = r.shape.n ?? 0;
      const k = r.shape.k ?? 0;
      return { n, k, bytes: (n * k * bpw) / 8, ms: rowRange(r) };
    })
    .sort((a, b) => a.bytes - b.bytes);
}

/** Distinct M values measured for a kernel format, GEMM only (M ≥ 2). */
function measuredGemmMs(rows: readonly ResultRow[], kernelFormat: string): number[] {
  const ms = new Set<number>();
  for (const r of rows) {
    if (r.kernel === 'gemm' && r.format === kernelFormat && (r.shape.m ?? 1) >= 2) {
      ms.add(r.shape.m ?? 1);
    }
  }
  return [...ms].sort((a, b) => a - b);
}

const lerp = (a: Range, b: Range, t: number): Range =>
  range(
    a.expected + (b.expected - a.expected) * t,
    a.low + (b.low - a.low) * t,
    a.high + (b.high - a.high) * t,
  );

/** Time of one matrix from measured shapes: exact, interpolated by bytes, or scaled from an end. */
export function interpolateByBytes(
  shapes: readonly MeasuredShape[],
  target: { n: number; k: number; bytes: number },
): { ms: Range; how: 'exact' | 'interpolated' | 'extrapolated' } | undefined {
  const first = shapes[0];
  const last = shapes[shapes.length - 1];
  if (first === undefined || last === undefined) return undefined;
  const exact = shapes.find(
    (s) => s.n === target.n && s.k === target.k && s.bytes === target.bytes,
  );
  if (exact !== undefined) return { ms: exact.ms, how: 'exact' };
  if (target.bytes <= first.bytes) {
    return { ms: scaleRange(first.ms, target.bytes / first.bytes), how: 'extrapolated' };
  }
  if (target.bytes >= last.bytes) {
    return { ms: scaleRange(last.ms, target.bytes / last.bytes), how: 'extrapolated' };
  }
  let lo = first;
  let hi = last;
  for (const s of shapes) {
    if (s.bytes <= target.bytes) lo = s;
    if (s.bytes >= target.bytes && s.bytes < hi.bytes) hi = s;
  }
  if (hi.bytes === lo.bytes) return { ms: lo.ms, how: 'interpolated' };
  return {
    ms: lerp(lo.ms, hi.ms, (target.bytes - lo.bytes) / (hi.bytes - lo.bytes)),
    how: 'interpolated',
  };
}

/**
 * Per-dispatch overhead: the intercept of medianMs against bytes over the read sweep (clamped
 * to [0, the smallest read time]); undefined when the sweep has fewer than two sizes.
 */
export function dispatchOverheadMs(rows: readonly ResultRow[]): number | undefined {
  const reads = rows.filter((r) => r.kernel === 'read');
  const sizes = reads.map((r) => r.bytes);
  // Reads that all move about the same bytes (the sweeps walk small sets several times per
  // dispatch) have no slope to fit: their intercept would be noise.
  if (sizes.length < 2 || Math.max(...sizes) < 2 * Math.min(...sizes)) return undefined;
  const n = reads.length;
  const mx = reads.reduce((s, r) => s + r.bytes, 0) / n;
  const my = reads.reduce((s, r) => s + r.medianMs, 0) / n;
  let sxy = 0;
  let sxx = 0;
  for (const r of reads) {
    sxy += (r.bytes - mx) * (r.medianMs - my);
    sxx += (r.bytes - mx) ** 2;
  }
  const intercept = my - (sxy / sxx) * mx;
  const smallest = Math.min(...reads.map((r) => r.medianMs));
  return Math.min(Math.max(intercept, 0), smallest);
}

/**
 * What a whole-model decode run teaches the predictor about our decoder: the cost of one small
 * dispatch, measured on this adapter, and how many small (non-matrix) dispatches it makes per
 * layer and per token outside the layers. Without it the default counts and the read sweep's
 * overhead stand in.
 */
export interface DecoderCosts {
  dispatchMs: number;
  perLayer: number;
  perToken: number;
  /**
   * Our decoder's small kernels, where it says how its shaders run them: each is then costed as
   * a dispatch plus max(bytes ÷ read bandwidth, FLOPs ÷ FMA rate) (src/model/predict/small-kernels.ts)
   * instead of a bare dispatch, and the KV cache as its attention pass reads it.
   */
  small?: SmallKernelShape;
}

/**
 * Read bandwidth (GB/s) of the verified read row whose working set is nearest `bytes` (by
 * ratio), with the row's statistic: what a kernel touching that much data can expect.
 */
export function readBandwidthNear(
  rows: readonly ResultRow[],
  bytes: number,
  stat: 'median' | 'min' = 'median',
): number | undefined {
  let best: { gbps: number; distance: number } | undefined;
  for (const r of rows) {
    if (r.kernel !== 'read' || r.medianMs <= 0) continue;
    const set = r.shape.workingSetBytes ?? r.bytes;
    const distance = Math.abs(Math.log(set / Math.max(1, bytes)));
    const ms = stat === 'min' && r.minMs > 0 ? r.minMs : r.medianMs;
    if (best === undefined || distance < best.distance)
      best = { gbps: r.bytes / (ms * 1e6), distance };
  }
  return best?.gbps;
}

/**
 * The same document with every row's fastest sample as its time (medianMs := minMs, rates
 * recomputed): the predictor's inputs as minimums, to set beside a measured minimum. On a
 * loaded machine the minimum is the steadier estimate of what the kernel itself takes.
 */
export function atMinimums(doc: ResultsDocument): ResultsDocument {
  return {
    ...doc,
    results: doc.results.map((r) => {
      if (!(r.minMs > 0)) return r;
      return {
        ...r,
        medianMs: r.minMs,
        gbps: r.bytes / (r.minMs * 1e6),
        gflops: r.flops / (r.minMs * 1e6),
      };
    }),
  };
}

/**
 * The verified attention row nearest `positions` (by ratio), among those with this head size
 * (the ·V pass's lanes depend on it), else among all; of the cache encoding `kvFormat` where the
 * run has one.
 */
export function attentionRowNear(
  rows: readonly ResultRow[],
  headDim: number,
  positions: number,
  kvFormat?: string,
): MeasuredAttention | undefined {
  const any = rows.filter((r) => r.kernel === 'attention' && r.medianMs > 0);
  const sameKv = any.filter((r) => r.format === kvFormat);
  const all = sameKv.length > 0 ? sameKv : any;
  const same = all.filter((r) => r.shape.headDim === headDim);
  const distance = (r: ResultRow) => Math.abs(Math.log(((r.shape.context ?? 0) + 1) / positions));
  const best = (same.length > 0 ? same : all).sort((a, b) => distance(a) - distance(b))[0];
  if (best === undefined) return undefined;
  return {
    ms: best.medianMs,
    heads: best.shape.heads ?? 1,
    headDim: best.shape.headDim ?? headDim,
    positions: (best.shape.context ?? 0) + 1,
  };
}

/**
 * Small-kernel time of one decode step with `rows` rows: the layers, then the rest. A layer
 * with a window (`windows[l]` positions, Infinity or absent: all) attends to at most that many.
 */
export function smallKernelStepMs(
  small: SmallKernelShape,
  layers: number,
  context: number,
  rates: SmallKernelRates,
  embedBytesPerRow: number,
  counted: { perLayer: number; perToken: number },
  rows = 1,
  windows: readonly number[] = [],
): number {
  const token = tokenSmallKernels(small, rates, embedBytesPerRow);
  let ms = totalMs(token);
  // Dispatches the decoder counted beyond the modelled kernels cost a bare dispatch each.
  let extra = Math.max(0, counted.perToken - totalDispatches(token));
  for (let l = 0; l < layers; l++) {
    const seen = Math.min(context, (windows[l] ?? Number.POSITIVE_INFINITY) - 1);
    const layer = layerSmallKernels(small, seen, rates, rows);
    ms += totalMs(layer);
    extra += Math.max(0, counted.perLayer - totalDispatches(layer));
  }
  return ms + extra * rates.dispatchMs;
}

/** What every step of a measured-mode estimate reads: the run's rows, its ceilings, the costs. */
interface MeasuredContext {
  rows: ResultRow[];
  model: ModelConfig;
  format: WeightFormat;
  kvBytesPerElement: number;
  decoder: DecoderCosts | undefined;
  /** β, GB/s, and π, GFLOP/s with the FMA format it came from. */
  beta: number;
  pi: NonNullable<ReturnType<typeof computeCeilingFor>>;
  computeGflops: ReturnType<typeof fitRoofline>['computeGflops'];
  /** The dispatch cost the run measured (undefined: not measured, ASSUMED_DISPATCH_MS used). */
  measuredOverhead: number | undefined;
  /** The host cost the document's own decode runs measured, where it holds any (and no decoder). */
  host: MeasuredHostCost | undefined;
  perDispatch: number;
  perLayer: number;
  perToken: number;
  fixedMs: number;
}

/**
 * A preset (or custom bits) as measured here: the kernel format nearest in bits where this run
 * measured a GEMV or GEMM of it, else the nearest it did measure (a run from before int5 times
 * Q5_K_M with int4's rows). A registered format keeps its own: unmeasured, it is a roofline.
 */
function withMeasuredKernel(format: WeightFormat, rows: readonly ResultRow[]): WeightFormat {
  const measured = (id: string) =>
    rows.some((r) => (r.kernel === 'gemv' || r.kernel === 'gemm') && r.format === id);
  if (format.id === format.kernel || measured(format.kernel)) return format;
  const kernel = nearestKernel(format.bitsPerWeight, measured);
  return kernel === undefined ? format : { ...format, kernel };
}

function measuredContext(
  doc: ResultsDocument,
  model: ModelConfig,
  requested: WeightFormat,
  kvBytesPerElement: number,
  decoder: DecoderCosts | undefined,
  hostCost: MeasuredHostCost | null | undefined,
): MeasuredContext {
  const rows = verifiedRows(doc);
  const standIn = withMeasuredKernel(requested, rows);
  const roof = fitRoofline(doc);
  const beta = roof.bandwidthGBps;
  if (beta === undefined) {
    throw new InsufficientResultsError(
      'the results have no verified read rows: no bandwidth ceiling',
    );
  }
  const pi = computeCeilingFor(roof.computeGflops, standIn.kernel);
  if (pi === undefined) {
    throw new InsufficientResultsError('the results have no verified FMA rows: no compute ceiling');
  }
  const host =
    decoder !== undefined || hostCost === null ? undefined : (hostCost ?? hostCostOf(doc));
  const measuredOverhead = decoder?.dispatchMs ?? host?.dispatchMs ?? dispatchOverheadMs(rows);
  const perDispatch = measuredOverhead ?? ASSUMED_DISPATCH_MS;
  const perLayer = decoder?.perLayer ?? OTHER_DISPATCHES_PER_LAYER;
  const perToken = decoder?.perToken ?? OTHER_DISPATCHES_PER_TOKEN;
  const hostLayerMs = host?.layerMs ?? 0;
  return {
    rows,
    model,
    format: standIn,
    kvBytesPerElement,
    decoder,
    beta,
    pi,
    computeGflops: roof.computeGflops,
    measuredOverhead,
    host,
    perDispatch,
    perLayer,
    perToken,
    fixedMs: perDispatch * (model.layers * perLayer + perToken) + model.layers * hostLayerMs,
  };
}

const hostCosts = new WeakMap<ResultsDocument, MeasuredHostCost | null>();

/** The document's measured host cost (measured-host-cost.ts), computed once per document. */
export function hostCostOf(doc: ResultsDocument): MeasuredHostCost | undefined {
  let host = hostCosts.get(doc);
  if (host === undefined) {
    host = measuredHostCost(doc, (run) => runPredictionMs(doc, run)) ?? null;
    hostCosts.set(doc, host);
  }
  return host ?? undefined;
}

/**
 * Measured mode's ms/token for a decode run's model, layers, format and context, with the run's own
 * dispatch probe and no host cost per layer: what the run took beyond it is that cost.
 */
function runPredictionMs(doc: ResultsDocument, run: TimedDecodeRun): number | undefined {
  const model = findModel(run.model);
  const format = (WEIGHT_FORMATS as Readonly<Record<string, WeightFormat | undefined>>)[run.format];
  if (model === undefined || format === undefined) return undefined;
  try {
    const k = { ...model, layers: run.layers };
    const probe = { dispatchMs: run.dispatchMs, layerMs: 0, runs: 1, models: [run.model] };
    const est = measuredEstimator(doc, k, format, run.kvBytesPerElement ?? 2, undefined, probe);
    return est.decode(1, run.context + Math.floor(run.tokens / 2)).ms.expected;
  } catch (e) {
    if (e instanceof InsufficientResultsError) return undefined;
    throw e;
  }
}

const weightBytesOf = (ctx: MeasuredContext, mat: MatrixShape) =>
  (mat.n * mat.k * ctx.format.bitsPerWeight) / 8;

/** A time from the roofline alone, at the efficiency a real kernel reaches. */
function rooflineMs(ctx: MeasuredContext, flops: number, bytes: number): Range {
  const t = Math.max(flops / (ctx.pi.gflops * 1e6), bytes / (ctx.beta * 1e6));
  const e = ROOFLINE_KERNEL_EFFICIENCY;
  return range(t / e.expected, t / e.high, t / e.low);
}

interface MatrixTime {
  ms: Range;
  source: PredictionSource;
  note: Note | undefined;
}

/** One matrix at M = m: measured when possible, else the roofline. */
function matrixMs(ctx: MeasuredContext, mat: MatrixShape, m: number, scaleM: boolean): MatrixTime {
  const kernelFormat = ctx.format.kernel;
  const target = { n: mat.n, k: mat.k, bytes: weightBytesOf(ctx, mat) };
  const exactM = interpolateByBytes(measuredShapes(ctx.rows, kernelFormat, m), target);
  if (exactM !== undefined) {
    const note: Note | undefined =
      exactM.how === 'exact'
        ? undefined
        : {
            id: 'matrix-by-bytes',
            matrix: mat.name,
            n: mat.n,
            k: mat.k,
            m,
            how: exactM.how,
            format: kernelFormat,
          };
    return { ms: exactM.ms, source: 'measured', note };
  }
  const scaled = scaleM ? scaledFromNearestM(ctx, mat, m, target) : undefined;
  if (scaled !== undefined) return scaled;
  return {
    ms: rooflineMs(ctx, 2 * m * mat.n * mat.k, target.bytes),
    source: 'roofline',
    note: {
      id: 'matrix-roofline',
      matrix: mat.name,
      m,
      format: kernelFormat,
      betaGBps: ctx.beta,
      piGflops: ctx.pi.gflops,
    },
  };
}

/** Prefill: compute-bound GEMM time grows with M; scale from the nearest measured M. */
function scaledFromNearestM(
  ctx: MeasuredContext,
  mat: MatrixShape,
  m: number,
  target: { n: number; k: number; bytes: number },
): MatrixTime | undefined {
  const near = measuredGemmMs(ctx.rows, ctx.format.kernel).sort(
    (a, b) => Math.abs(Math.log(a / m)) - Math.abs(Math.log(b / m)),
  )[0];
  if (near === undefined) return undefined;
  const r = interpolateByBytes(measuredShapes(ctx.rows, ctx.format.kernel, near), target);
  if (r === undefined) return undefined;
  return {
    ms: scaleRange(r.ms, m / near),
    source: 'measured',
    note: { id: 'matrix-scaled', matrix: mat.name, m, factor: m / near, near },
  };
}

interface MatrixPart {
  mat: MatrixShape;
  m: number;
  scaleM: boolean;
}

function sumMatrices(ctx: MeasuredContext, parts: readonly MatrixPart[]) {
  let ms = point(0);
  let source: PredictionSource = 'measured';
  const notes: Note[] = [];
  for (const { mat, m, scaleM } of parts) {
    const r = matrixMs(ctx, mat, m, scaleM);
    ms = addRanges(ms, scaleRange(r.ms, mat.count));
    if (r.source === 'roofline') source = 'roofline';
    if (r.note !== undefined) notes.push(r.note);
  }
  return { ms, source, notes };
}

/** A matrix in a step of `tokens` rows: MoE experts as many as are touched, at their share of rows. */
function stepPart(mat: MatrixShape, tokens: number, scaleM: boolean): MatrixPart {
  const use = matrixUse(mat, tokens);
  return { mat: { ...mat, count: use.count }, m: Math.max(1, Math.round(use.m)), scaleM };
}

function boundOf(ctx: MeasuredContext, flops: number, bytes: number): Bound {
  return flops / bytes < ctx.pi.gflops / ctx.beta ? 'memory' : 'compute';
}

/** The small kernels' rates: the KV cache at the read bandwidth of its working set. */
function smallRates(
  ctx: MeasuredContext,
  small: SmallKernelShape,
  context: number,
): SmallKernelRates {
  const layerKv = 2 * (context + 1) * small.kvHeads * small.headDim * small.kvBytesPerElement;
  const attention = attentionRowNear(ctx.rows, small.headDim, context + 1, small.kvFormat);
  return {
    dispatchMs: ctx.perDispatch,
    kvReadGBps: readBandwidthNear(ctx.rows, layerKv) ?? ctx.beta,
    readGBps: ctx.beta,
    gflops: ctx.computeGflops.f32 ?? ctx.pi.gflops,
    ...(attention === undefined ? {} : { attention }),
  };
}

/** Everything of a decode step but its matrices: the decoder's small kernels, or KV reads plus the fixed cost. */
function decodeSmallMs(ctx: MeasuredContext, batch: number, context: number): Range {
  const { model, format, decoder } = ctx;
  const small = decoder?.small;
  if (small === undefined) {
    const kvBytes = kvCacheBytes(model, context, batch, ctx.kvBytesPerElement);
    return addRanges(point(kvBytes / (ctx.beta * 1e6)), point(ctx.fixedMs));
  }
  return point(
    smallKernelStepMs(
      small,
      model.layers,
      context,
      smallRates(ctx, small, context),
      (model.hiddenSize * format.bitsPerWeight) / 8,
      { perLayer: ctx.perLayer, perToken: ctx.perToken },
      batch,
      layerWindows(model),
    ),
  );
}

function decodeStep(ctx: MeasuredContext, batch: number, context: number): StepEstimate {
  const { model, format } = ctx;
  const mats = sumMatrices(
    ctx,
    modelMatrices(model).map((mat) => stepPart(mat, batch, false)),
  );
  const kvBytes = kvCacheBytes(model, context, batch, ctx.kvBytesPerElement);
  const flops = batch * linearFlopsPerToken(model);
  return {
    ms: addRanges(mats.ms, decodeSmallMs(ctx, batch, context)),
    // The dispatches' fixed cost against the matrices' measured time: which one a token waits on.
    bound:
      ctx.fixedMs > mats.ms.expected
        ? 'overhead'
        : boundOf(ctx, flops, decodeWeightBytes(model, format, batch) + kvBytes),
    source: mats.source,
    notes: mats.notes,
  };
}

function prefillStep(ctx: MeasuredContext, promptTokens: number): StepEstimate {
  const { model, format } = ctx;
  // Logits only for the last prompt token: the head runs as a GEMV.
  const parts = modelMatrices(model).map((mat) =>
    mat.name === 'lm_head' ? { mat, m: 1, scaleM: false } : stepPart(mat, promptTokens, true),
  );
  const mats = sumMatrices(ctx, parts);
  const gemmRate = Math.max(
    0,
    ...ctx.rows
      .filter((r) => r.kernel === 'gemm' && r.format === format.kernel)
      .map((r) => r.gflops),
  );
  const rate = gemmRate > 0 ? gemmRate : ctx.pi.gflops;
  const notes: Note[] = [
    ...mats.notes,
    { id: 'attention-rate', gflops: rate, fmaFormat: gemmRate > 0 ? null : ctx.pi.from },
  ];
  const attentionMs = point(prefillAttentionFlops(model, promptTokens) / (rate * 1e6));
  const ms = addRanges(addRanges(mats.ms, attentionMs), point(ctx.fixedMs));
  const flops = promptTokens * linearFlopsPerToken(model);
  const bytes = decodeWeightBytes(model, format, promptTokens);
  return { ms, bound: boundOf(ctx, flops, bytes), source: mats.source, notes };
}

/** WebGPU reports no memory size; a matrix larger than one binding is worth a note. */
function capacityNotes(ctx: MeasuredContext, doc: ResultsDocument): Note[] {
  const maxBinding = doc.grantedLimits.maxStorageBufferBindingSize;
  const largest = Math.max(...modelMatrices(ctx.model).map((mat) => weightBytesOf(ctx, mat)));
  return [
    { id: 'no-capacity-in-webgpu' },
    ...(maxBinding !== undefined && maxBinding < largest
      ? [{ id: 'binding-too-small' as const, largestBytes: largest, bindingBytes: maxBinding }]
      : []),
  ];
}

function measuredAssumptions(ctx: MeasuredContext, roofNotes: readonly Note[]): Note[] {
  return [
    { id: 'bandwidth-ceiling', gbps: ctx.beta },
    { id: 'compute-ceiling', gflops: ctx.pi.gflops, from: ctx.pi.from },
    ctx.host !== undefined
      ? { id: 'host-cost-measured', ...ctx.host }
      : ctx.measuredOverhead === undefined
        ? { id: 'dispatch-assumed', ms: ASSUMED_DISPATCH_MS }
        : { id: 'dispatch-measured', ms: ctx.measuredOverhead },
    {
      id: 'fixed-cost',
      ms: ctx.fixedMs,
      perLayer: ctx.perLayer,
      layers: ctx.model.layers,
      perToken: ctx.perToken,
      hostLayerMs: ctx.host?.layerMs,
    },
    { id: 'measured-times' },
    { id: 'roofline-efficiency', ...ROOFLINE_KERNEL_EFFICIENCY },
    ...roofNotes,
  ];
}

export function measuredEstimator(
  doc: ResultsDocument,
  model: ModelConfig,
  format: WeightFormat,
  kvBytesPerElement = 2,
  decoder?: DecoderCosts,
  /**
   * The host cost: undefined to learn it from the document's decode runs, null for none (the read
   * sweep's dispatch overhead), or one given (while predicting those runs).
   */
  hostCost?: MeasuredHostCost | null,
): Estimator {
  const ctx = measuredContext(doc, model, format, kvBytesPerElement, decoder, hostCost);
  return {
    mode: 'measured',
    gpu: adapterName(doc.adapter),
    decode: (batch, context) => decodeStep(ctx, batch, context),
    prefill: (promptTokens) => prefillStep(ctx, promptTokens),
    floorMs: (batch, context) =>
      (decodeWeightBytes(model, format, batch) +
        kvCacheBytes(model, context, batch, kvBytesPerElement)) /
      (ctx.beta * 1e6),
    capacityBytes: undefined,
    capacityNotes: capacityNotes(ctx, doc),
    assumptions: measuredAssumptions(ctx, fitRoofline(doc).notes),
  };
}

/** Measured-mode prediction from a results document. */
export function predictMeasured(
  doc: ResultsDocument,
  model: ModelConfig,
  format: WeightFormat,
  opts: PredictOptions = {},
): Prediction {
  return buildPrediction(
    measuredEstimator(doc, model, format, kvElementBytes(opts)),
    model,
    format,
    opts,
  );
}
