// Predictions: decode ITL (batch 1 and B), ITL vs context, prefill TTFT, E2E and memory, from an
// Estimator (spec mode: datasheet + an engine profile, ./spec-estimator.ts; measured mode:
// ./measured.ts). Memory is per GPU in GiB units; contexts stop at the model's limit.

import type { WeightFormat } from '../../core/formats';
import type { EngineId, Vendor } from '../engines/ids';
import { KV_FORMATS, type KvBits } from '../llm/kv-format';
import {
  distinctExperts,
  kvCacheBytes,
  kvElementsPerLayer,
  layerWindows,
  type ModelConfig,
  weightMemoryBytes,
} from '../llm/models';
import { GIB } from './capacity';
import { type Note, uniqueNotes } from './notes';
import { perSecond, type Range } from './range';

export type PredictionMode = 'spec' | 'measured';
/** What produced the numbers: the datasheet, measured kernels, or the roofline fallback. */
export type PredictionSource = 'spec' | 'measured' | 'roofline';
/**
 * What a step's time is mostly spent on: reading weights and KV ('memory'), multiply-adds
 * ('compute'), or the fixed costs per layer and per token — launches, submits, host round trips —
 * where they exceed both ('overhead': a browser engine's decode of a small model on a fast GPU).
 */
export type Bound = 'memory' | 'compute' | 'overhead';

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
  /** Memory of one GPU, bytes; undefined where unknown. */
  capacityBytes: number | undefined;
  capacityNotes: Note[];
  assumptions: Note[];
  gpu: string;
  /** Spec mode: the engine the profile stands for, and its calibration. */
  engine?: EngineCalibration;
  /** GPUs in tensor parallel (default 1). */
  tp?: number;
  /** Bytes the weights take, where the estimator knows the file layout (head at its own bits). */
  weightBytes?: number;
}

/** Cross-validated figures of one metric (model/engines/cross-validation). */
export interface CalibrationFigures {
  n: number;
  /** Measurements no fit could predict with their source held out (all from one source). */
  noFit: number;
  /** Measurements whose held-out range was wider than 3× ("not enough data"): not in coverage. */
  notEnoughData: number;
  mape: number;
  coverage: number;
  width: number;
}

/** The engine a spec prediction stands for, and how far its ranges can be trusted. */
export interface EngineCalibration {
  id: EngineId;
  /** 'native' or 'browser'. */
  engineClass: 'native' | 'browser';
  /** The engine whose profile and figures stand for `id`, where it borrows them (engines/ids.ts). */
  borrowedFrom?: EngineId;
  vendor: Vendor;
  decode: CalibrationFigures;
  ttft: CalibrationFigures;
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
  /** GPUs in tensor parallel (spec mode; default 1). */
  tp?: number;
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
  /** GPUs the weights and KV are split over. */
  tp: number;
  /** What each GPU holds: totalBytes / tp. */
  perGpuBytes: number;
  /** perGpuBytes in the unit of a VRAM label (GiB: an "80 GB" GPU holds 80 × 2³⁰ bytes). */
  needGB: number;
  /** One GPU's memory, bytes. */
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
  /** Spec mode: the engine and its calibration. */
  engine?: EngineCalibration;
  tp: number;
  promptTokens: number;
  outputTokens: number;
  batch: number;
  /** Cached tokens when ITL is taken. */
  context: number;
  weightBytes: number;
  /** KV cache at prompt + output tokens for every sequence of the batch. */
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

/** A prompt, reply or context beyond the model's context limit. */
export class ContextLimitError extends RangeError {
  constructor(
    readonly model: string,
    readonly limit: number,
    readonly asked: number,
    readonly what: 'prompt-output' | 'context',
  ) {
    super(`${model} takes at most ${limit} tokens of context; ${what} asks for ${asked}`);
    this.name = 'ContextLimitError';
  }
}

/** The ITL-vs-context points within the model's limit, ending at the limit where some are cut. */
export function contextsWithin(model: ModelConfig, contexts: readonly number[]): number[] {
  const max = model.maxContextTokens;
  const kept = contexts.filter((c) => c <= max);
  return kept.length < contexts.length && !kept.includes(max) ? [...kept, max] : kept;
}

/**
 * The options capped to the model's context limit: the prompt kept (up to the limit less one
 * token), the output cut to what is left, the context capped. The page caps; the CLI refuses.
 */
export function capToContext(
  model: ModelConfig,
  opts: PredictOptions,
): { options: PredictOptions; capped: boolean } {
  const max = model.maxContextTokens;
  const prompt = opts.promptTokens ?? DEFAULT_PROMPT_TOKENS;
  const output = opts.outputTokens ?? DEFAULT_OUTPUT_TOKENS;
  const context = opts.context;
  if (prompt + output <= max && (context === undefined || context <= max)) {
    return { options: opts, capped: false };
  }
  const p = Math.min(prompt, max - 1);
  return {
    options: {
      ...opts,
      promptTokens: p,
      outputTokens: Math.min(output, max - p),
      ...(context === undefined ? {} : { context: Math.min(context, max) }),
    },
    capped: true,
  };
}

/** Bytes per KV element: as given, else the KV encoding's (scales included), else 2. */
export function kvElementBytes(opts: Pick<PredictOptions, 'kvBits' | 'kvBytesPerElement'>): number {
  if (opts.kvBytesPerElement !== undefined) return opts.kvBytesPerElement;
  return opts.kvBits === undefined ? 2 : KV_FORMATS[opts.kvBits].bytesPerElement;
}

/** What the model's shape adds to the assumptions: KV encoding, MoE routing, windows, MLA. */
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

/**
 * A batch curve never claims that adding sequences makes each step faster: each point is at
 * least the one before it (measured mode mixes measured batches with roofline ones).
 */
export function monotoneInBatch(points: readonly CurvePoint[]): CurvePoint[] {
  const sorted = [...points].sort((a, b) => a.batch - b.batch);
  let prev: Range | undefined;
  return sorted.map((p) => {
    const ms: Range =
      prev === undefined
        ? p.msPerToken
        : {
            expected: Math.max(p.msPerToken.expected, prev.expected),
            low: Math.max(p.msPerToken.low, prev.low),
            high: Math.max(p.msPerToken.high, prev.high),
          };
    prev = ms;
    return {
      ...p,
      msPerToken: ms,
      tokensPerSecond: perSecond(ms),
      systemTokensPerSecond: perSecond(ms, p.batch),
    };
  });
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
  const limit = model.maxContextTokens;
  if (P + out > limit) throw new ContextLimitError(model.id, limit, P + out, 'prompt-output');
  if (context > limit) throw new ContextLimitError(model.id, limit, context, 'context');
  const kvElem = kvElementBytes(opts);
  const tp = est.tp ?? 1;

  const batchCurve = (batches: readonly number[]) => {
    const pts = batches.map((b) => curvePoint(est, b, context));
    return est.mode === 'measured' ? monotoneInBatch(pts) : pts;
  };
  // The headline step at batch B is the curve's point at B (never faster than batch 1).
  const headline = batchCurve(batch === 1 ? [1] : [1, batch]).at(-1);
  const raw = est.decode(batch, context);
  const step: StepEstimate = { ...raw, ms: headline?.msPerToken ?? raw.ms };
  const pre = est.prefill(P);
  const weightBytes = est.weightBytes ?? weightMemoryBytes(model, format);
  const kvBytes = kvCacheBytes(model, P + out, batch, kvElem);
  const total = weightBytes + kvBytes;
  const cap = est.capacityBytes;
  const memory: MemoryEstimate = {
    weightBytes,
    kvBytes,
    totalBytes: total,
    tp,
    perGpuBytes: total / tp,
    needGB: total / tp / GIB,
    capacityBytes: cap,
    fits: cap === undefined ? undefined : total / tp <= cap,
    notes: est.capacityNotes,
  };

  const contexts = contextsWithin(model, opts.contexts ?? DEFAULT_CONTEXTS);
  const itlVsContext = contexts.map((c) => curvePoint(est, batch, c));
  const latencyThroughput = batchCurve(opts.batches ?? DEFAULT_BATCHES);
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
    ...(est.engine === undefined ? {} : { engine: est.engine }),
    tp,
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
