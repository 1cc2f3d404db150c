// Predictions: decode ITL (batch 1 and B), ITL vs context, prefill TTFT, E2E and memory, from an
// Estimator (spec mode: datasheet + runtime profile; measured mode: see measured.ts).

import type { WeightFormat } from '../core/formats';
import type { GpuSpec } from './gpus';
import { KV_FORMATS, type KvBits } from './kv-format';
import {
  decodeFlops,
  decodeWeightBytes,
  distinctExperts,
  kvCacheBytes,
  kvElementsPerLayer,
  layerWindows,
  type ModelConfig,
  prefillFlops,
  weightMemoryBytes,
} from './llm';
import { type Note, uniqueNotes } from './notes';
import type { ProfileId, RuntimeProfile } from './profiles';
import { perSecond, type Range, range } from './range';

export type PredictionMode = 'spec' | 'measured';
/** What produced the numbers: the datasheet, measured kernels, or the roofline fallback. */
export type PredictionSource = 'spec' | 'measured' | 'roofline';
export type Bound = 'memory' | 'compute';

export interface StepEstimate {
  ms: Range;
  bound: Bound;
  source: PredictionSource;
  notes: Note[];
}

/** A machine that times one forward pass; spec and measured modes each provide one. */
export interface Estimator {
  mode: PredictionMode;
  /** ms for one decode step of `batch` sequences with `context` tokens already cached. */
  decode(batch: number, context: number): StepEstimate;
  /** ms to prefill one prompt of `promptTokens` tokens. */
  prefill(promptTokens: number): StepEstimate;
  /** Bytes per token at 100 % of the bandwidth ceiling: the floor no engine beats. */
  floorMs(batch: number, context: number): number;
  capacityBytes: number | undefined;
  capacityNotes: Note[];
  assumptions: Note[];
  gpu: string;
  profile?: ProfileId;
}

export interface PredictOptions {
  /** Prompt length for TTFT (default 512, the chapter's). */
  promptTokens?: number;
  /** Output length for E2E (default 256). */
  outputTokens?: number;
  /** Concurrent sequences for ITL(B) (default 1). */
  batch?: number;
  /** Cached tokens when ITL is taken; default prompt + output/2 (the mean over generation). */
  context?: number;
  /** KV cache element size in bytes (default 2: fp16; or from kvBits). */
  kvBytesPerElement?: number;
  /** KV cache bits: 16, or 8/4 with one f16 scale per 32 values (./kv-format.ts). */
  kvBits?: KvBits;
  /** Contexts for the ITL-vs-context curve. */
  contexts?: readonly number[];
  /** Batches for the latency–throughput curve. */
  batches?: readonly number[];
}

export interface CurvePoint {
  batch: number;
  context: number;
  msPerToken: Range;
  /** Per user: 1000 / ITL. */
  tokensPerSecond: Range;
  /** Whole system: batch × 1000 / ITL. */
  systemTokensPerSecond: Range;
  source: PredictionSource;
}

export interface MemoryEstimate {
  weightBytes: number;
  /** KV cache at prompt + output tokens for every sequence of the batch. */
  kvBytes: number;
  totalBytes: number;
  capacityBytes: number | undefined;
  /** Undefined when the capacity is unknown. */
  fits: boolean | undefined;
  /** What is known of the capacity, and what is not counted. */
  notes: Note[];
}

export interface Prediction {
  mode: PredictionMode;
  source: PredictionSource;
  model: string;
  weights: string;
  bitsPerWeight: number;
  gpu: string;
  profile?: ProfileId;
  promptTokens: number;
  outputTokens: number;
  batch: number;
  context: number;
  weightBytes: number;
  kvBytes: number;
  decode: {
    msPerToken: Range;
    tokensPerSecond: Range;
    systemTokensPerSecond: Range;
    bound: Bound;
    /** At 100 % of the bandwidth ceiling, no fixed cost. */
    floorMsPerToken: number;
  };
  prefill: { ttftMs: Range; tokensPerSecond: Range; bound: Bound };
  e2eMs: Range;
  memory: MemoryEstimate;
  itlVsContext: CurvePoint[];
  latencyThroughput: CurvePoint[];
  assumptions: Note[];
  notes: Note[];
}

export const DEFAULT_PROMPT_TOKENS = 512;
export const DEFAULT_OUTPUT_TOKENS = 256;
export const DEFAULT_CONTEXTS: readonly number[] = [512, 2048, 8192, 32768];
export const DEFAULT_BATCHES: readonly number[] = [1, 4, 16, 64];

/** The chapter's formula: E2E ≈ TTFT + (output − 1) × ITL. */
export function e2eMs(ttftMs: number, itlMs: number, outputTokens: number): number {
  return ttftMs + Math.max(0, outputTokens - 1) * itlMs;
}

export function e2eRange(ttft: Range, itl: Range, outputTokens: number): Range {
  return {
    expected: e2eMs(ttft.expected, itl.expected, outputTokens),
    low: e2eMs(ttft.low, itl.low, outputTokens),
    high: e2eMs(ttft.high, itl.high, outputTokens),
  };
}

/** Bytes per KV element: as given, else the KV format's (scales included), else 2. */
export function kvElementBytes(opts: Pick<PredictOptions, 'kvBits' | 'kvBytesPerElement'>): number {
  if (opts.kvBytesPerElement !== undefined) return opts.kvBytesPerElement;
  return opts.kvBits === undefined ? 2 : KV_FORMATS[opts.kvBits].bytesPerElement;
}

/** What the model's shape adds to the assumptions: KV format, MoE routing, windows, MLA. */
function shapeAssumptions(model: ModelConfig, opts: PredictOptions, batch: number): Note[] {
  const notes: Note[] = [];
  const kv = opts.kvBits === undefined ? undefined : KV_FORMATS[opts.kvBits];
  if (kv !== undefined && kv.block > 0 && opts.kvBytesPerElement === undefined) {
    const { bits, block, scaleBits, bytesPerElement } = kv;
    notes.push({ id: 'kv-quant', bits, block, scaleBits, bytesPerElement });
  }
  const moe = model.moe;
  if (moe !== undefined) {
    notes.push({
      id: 'moe-routing',
      experts: moe.experts,
      perToken: moe.expertsPerToken,
      shared: moe.sharedExperts,
      batch,
      distinct: distinctExperts(moe.experts, moe.expertsPerToken, batch),
    });
  }
  const sliding = layerWindows(model).filter((w) => Number.isFinite(w)).length;
  if (model.slidingWindow !== undefined && sliding > 0) {
    notes.push({
      id: 'sliding-window',
      window: model.slidingWindow,
      slidingLayers: sliding,
      layers: model.layers,
    });
  }
  if (model.mla !== undefined) notes.push({ id: 'mla-cache', elements: kvElementsPerLayer(model) });
  return notes;
}

function positiveInt(name: string, v: number): number {
  if (!Number.isInteger(v) || v < 1) throw new RangeError(`${name} must be a positive integer`);
  return v;
}

function curvePoint(est: Estimator, batch: number, context: number): CurvePoint {
  const step = est.decode(batch, context);
  return {
    batch,
    context,
    msPerToken: step.ms,
    tokensPerSecond: perSecond(step.ms),
    systemTokensPerSecond: perSecond(step.ms, batch),
    source: step.source,
  };
}

/** Runs an estimator over the model and assembles every output. */
export function buildPrediction(
  est: Estimator,
  model: ModelConfig,
  format: WeightFormat,
  opts: PredictOptions = {},
): Prediction {
  const P = positiveInt('prompt tokens', opts.promptTokens ?? DEFAULT_PROMPT_TOKENS);
  const out = positiveInt('output tokens', opts.outputTokens ?? DEFAULT_OUTPUT_TOKENS);
  const batch = positiveInt('batch', opts.batch ?? 1);
  const context = opts.context ?? P + Math.floor(out / 2);
  if (!Number.isInteger(context) || context < 0) throw new RangeError('context must be ≥ 0');
  const kvElem = kvElementBytes(opts);

  const step = est.decode(batch, context);
  const pre = est.prefill(P);
  const weightBytes = weightMemoryBytes(model, format);
  const kvBytes = kvCacheBytes(model, P + out, batch, kvElem);
  const total = weightBytes + kvBytes;
  const cap = est.capacityBytes;
  const memory: MemoryEstimate = {
    weightBytes,
    kvBytes,
    totalBytes: total,
    capacityBytes: cap,
    fits: cap === undefined ? undefined : total <= cap,
    notes: est.capacityNotes,
  };

  const itlVsContext = (opts.contexts ?? DEFAULT_CONTEXTS).map((c) => curvePoint(est, batch, c));
  const latencyThroughput = (opts.batches ?? DEFAULT_BATCHES).map((b) =>
    curvePoint(est, b, context),
  );
  const sources = [step.source, pre.source];
  const source: PredictionSource =
    est.mode === 'spec' ? 'spec' : sources.includes('roofline') ? 'roofline' : 'measured';

  const assumptions: Note[] = [
    ...est.assumptions,
    { id: 'itl-context', context, defaulted: opts.context === undefined },
    { id: 'kv-cache', bits: opts.kvBits ?? kvElem * 8, tokens: P + out, batch },
    ...shapeAssumptions(model, opts, batch),
    { id: 'e2e-formula' },
  ];
  if (batch > 1) assumptions.push({ id: 'ttft-alone' });

  return {
    mode: est.mode,
    source,
    model: model.id,
    weights: format.id,
    bitsPerWeight: format.bitsPerWeight,
    gpu: est.gpu,
    ...(est.profile === undefined ? {} : { profile: est.profile }),
    promptTokens: P,
    outputTokens: out,
    batch,
    context,
    weightBytes,
    kvBytes,
    decode: {
      msPerToken: step.ms,
      tokensPerSecond: perSecond(step.ms),
      systemTokensPerSecond: perSecond(step.ms, batch),
      bound: step.bound,
      floorMsPerToken: est.floorMs(batch, context),
    },
    prefill: { ttftMs: pre.ms, tokensPerSecond: perSecond(pre.ms, P), bound: pre.bound },
    e2eMs: e2eRange(pre.ms, step.ms, out),
    memory,
    itlVsContext,
    latencyThroughput,
    assumptions,
    notes: uniqueNotes([...step.notes, ...pre.notes]),
  };
}

// ---- Spec mode ----

/** A datasheet: a catalogue GPU, or numbers typed by the user. */
export type SpecHardware = Pick<GpuSpec, 'id' | 'name' | 'bandwidthGBps' | 'fp16Tflops'> & {
  fp32Tflops?: number;
  memoryGB?: number;
};

/** Datasheet + runtime profile → ranges. Low times pair high efficiency with low overhead. */
export function specEstimator(
  hw: SpecHardware,
  profile: RuntimeProfile,
  model: ModelConfig,
  format: WeightFormat,
  kvBytesPerElement = 2,
): Estimator {
  const peakTflops =
    profile.computePeak === 'fp32' ? (hw.fp32Tflops ?? hw.fp16Tflops) : hw.fp16Tflops;
  const bw = profile.bandwidthEfficiency;
  const ce = profile.computeEfficiency;
  const ov = profile.overheadMsPerLayer;
  // Bytes of weights a step of T tokens reads (MoE: the experts they touch).
  const weightsRead = (tokens: number) => decodeWeightBytes(model, format, tokens);
  const layers = model.layers;
  // One pass: max(memory, compute) + fixed; for the three corners of the profile.
  const pass = (bytes: number, flops: number): { ms: Range; bound: Bound } => {
    const at = (e: number, c: number, o: number) =>
      Math.max(bytes / (e * hw.bandwidthGBps * 1e6), flops / (c * peakTflops * 1e9)) + o * layers;
    const memMs = bytes / (bw.expected * hw.bandwidthGBps * 1e6);
    const compMs = flops / (ce.expected * peakTflops * 1e9);
    return {
      ms: range(
        at(bw.expected, ce.expected, ov.expected),
        at(bw.high, ce.high, ov.low),
        at(bw.low, ce.low, ov.high),
      ),
      bound: memMs >= compMs ? 'memory' : 'compute',
    };
  };
  const capacityBytes = hw.memoryGB === undefined ? undefined : hw.memoryGB * 1e9;
  return {
    mode: 'spec',
    gpu: hw.id,
    profile: profile.id,
    decode(batch, context) {
      const bytes = weightsRead(batch) + kvCacheBytes(model, context, batch, kvBytesPerElement);
      const r = pass(bytes, batch * decodeFlops(model, context));
      return { ...r, source: 'spec', notes: [] };
    },
    prefill(promptTokens) {
      const bytes =
        weightsRead(promptTokens) + kvCacheBytes(model, promptTokens, 1, kvBytesPerElement);
      const r = pass(bytes, prefillFlops(model, promptTokens).total);
      return { ...r, source: 'spec', notes: [] };
    },
    floorMs(batch, context) {
      const bytes = weightsRead(batch) + kvCacheBytes(model, context, batch, kvBytesPerElement);
      return bytes / (hw.bandwidthGBps * 1e6);
    },
    capacityBytes,
    capacityNotes:
      hw.memoryGB === undefined
        ? [{ id: 'capacity-not-given' }]
        : [{ id: 'capacity-datasheet', gb: hw.memoryGB }],
    assumptions: [
      {
        id: 'datasheet',
        gpu: hw.name,
        bandwidthGBps: hw.bandwidthGBps,
        tflops: peakTflops,
        peak: profile.computePeak === 'fp32' ? 'fp32' : 'fp16',
      },
      {
        id: 'runtime-profile',
        profile: profile.id,
        bandwidth: bw,
        overheadMsPerLayer: ov,
        compute: ce,
      },
      { id: 'pass-max' },
    ],
  };
}

/** Spec-mode prediction for a GPU and runtime profile. */
export function predictSpec(
  hw: SpecHardware,
  profile: RuntimeProfile,
  model: ModelConfig,
  format: WeightFormat,
  opts: PredictOptions = {},
): Prediction {
  return buildPrediction(
    specEstimator(hw, profile, model, format, kvElementBytes(opts)),
    model,
    format,
    opts,
  );
}
