// The prediction as one plain object of numbers and codes: what the page shows and what
// `npm run predict` prints (worded in English by src/cli/render/report-json.ts). Pure: no I/O.

import { adapterName } from '../../core/adapter-name';
import type { WeightFormat } from '../../core/formats';
import type { ResultsDocument } from '../../core/results';
import type { EngineId } from '../engines/ids';
import { type ModelConfig, paramCount } from '../llm/models';
import type { ChapterBatch, SlaId } from './chapter';
import { type A100Contrast, a100Contrast, type GapFacts } from './contrast';
import { type FitAdvice, fitAdvice } from './fit-advice';
import { predictMeasured } from './measured-estimator';
import type { Note } from './notes';
import type { CalibrationFigures, Prediction, PredictionSource, PredictOptions } from './predictor';
import type { Range } from './range';
import { predictSpec, type SpecHardware } from './spec-estimator';
import { type Feel, firstTokenFeelsFast, itlFeel, slaVerdicts, type Verdict } from './verdicts';

export interface PredictReport
  extends Pick<
    Prediction,
    'promptTokens' | 'outputTokens' | 'batch' | 'context' | 'weightBytes' | 'kvBytes'
  > {
  model: string;
  modelName: string;
  /** Parameters (every expert) and those one token runs through (MoE: k + shared experts). */
  params: { total: number; activePerToken: number; moe: boolean };
  /** KV-cache bits per value (8 and 4: plus a scale per block, see the assumptions). */
  kvBits: number;
  weights: string;
  bitsPerWeight: number;
  /** Bits per weight of the whole file as stored: output head and embedding at their own bits. */
  fileBitsPerWeight: number;
  /** The GPU predicted for: a datasheet's name, or the measured adapter. */
  gpu: string;
  /** The catalogue id of a datasheet GPU ('datasheet' for --bandwidth-gbps/--tflops); null when measured. */
  gpuId: string | null;
  /** 'measured': from a results document (see rooflineFallback); 'spec': from a datasheet. */
  source: 'measured' | 'spec';
  /** True when measured mode lacked a kernel shape or format and used the roofline (β, π). */
  rooflineFallback: boolean;
  /** The spec-mode engine's class ('native' | 'browser'); null in measured mode. */
  runtime: 'native' | 'browser' | null;
  /** The engine the spec-mode prediction stands for; null in measured mode. */
  engine: EngineId | null;
  /**
   * The engine whose fitted profile and held-out figures the prediction uses because `engine`
   * borrows them (engines/ids.ts); null where it has its own, and in measured mode.
   */
  profileBorrowedFrom: EngineId | null;
  /** GPUs in tensor parallel: weights and KV split over them. */
  tp: number;
  /** Whether weights + KV fit each GPU; null where its memory is unknown. */
  fits: boolean | null;
  /** Memory each GPU needs, in the unit of a VRAM label (GiB). */
  needGB: number;
  /** Where it does not fit: what would (more GPUs in TP, or a smaller format); else null. */
  doesNotFit: FitAdvice | null;
  /** The engine's cross-validated decode figures (held out by source); null in measured mode. */
  calibration: CalibrationFigures | null;
  /** The same for TTFT. */
  calibrationTtft: CalibrationFigures | null;
  /**
   * Whether the engine's range is stated, for decode (ITL, tokens/s, the latency–throughput and
   * ITL-vs-context points) and for TTFT: false where it would be wider than MAX_RANGE_WIDTH (the
   * profile's 'not-enough-data'), and the page and the CLI then give the expected value with
   * "not enough data" and its reason, never a low and a high.
   */
  rangeStated: { decode: boolean; ttft: boolean };
  /**
   * As the prediction gives them (floor: weights + KV once at 100 % of the bandwidth ceiling);
   * null, like every time and verdict below, where the model does not fit.
   */
  decode: Prediction['decode'] | null;
  prefill: Prediction['prefill'] | null;
  e2eMs: Range | null;
  memory: {
    weightBytes: number;
    kvBytes: number;
    totalBytes: number;
    /** What each GPU holds (totalBytes / tp). */
    perGpuBytes: number;
    capacityBytes: number | null;
    /** null where the capacity is unknown (always in measured mode: WebGPU does not report it). */
    fits: boolean | null;
    /** GPUs of this capacity the weights and KV need between them (a lower bound); null where unknown. */
    gpusNeeded: number | null;
    notes: Note[];
  };
  /** Up to the model's context limit; each point says whence it came. */
  itlVsContext: {
    context: number;
    msPerToken: Range;
    tokensPerSecond: Range;
    source: PredictionSource;
  }[];
  /** Never faster per step at B + 1 than at B; each point says whence it came. */
  latencyThroughput: {
    batch: number;
    msPerToken: Range;
    tokensPerSecond: Range;
    systemTokensPerSecond: Range;
    source: PredictionSource;
  }[];
  verdicts: {
    /** The high end of each range stands in for a P95. */
    sla: {
      id: SlaId;
      ttftP95Ms: number | null;
      itlP95Ms: number | null;
      ttft: Verdict;
      itl: Verdict;
      overall: Verdict;
    }[];
    perception: { firstTokenFast: boolean; itlFeel: Feel };
  } | null;
  a100: {
    gpu: string;
    runtime: 'native';
    /** A100s in tensor parallel (the chapter's 8 for Llama-3-70B). */
    tp: number;
    msPerToken: Range;
    tokensPerSecond: Range;
    ttftMs: Range;
    floorMsPerToken: number;
    /** The chapter's reported numbers, exactly as it gives them; null where it gives none. */
    chapter: {
      source: string;
      itlMs: { min: number; max: number };
      ttftMs: { min: number; max: number } | null;
      systemTokensPerSecond: { min: number; max: number } | null;
      /** The chapter's scenario (by its batch) these come from; null for its by-precision table. */
      scenarioBatch: ChapterBatch | null;
      /** The chapter's model and A100 count ('llama-3-70b' at TP 8). */
      model: 'llama-3-8b' | 'llama-3-70b';
      tp: number;
    } | null;
    /** How far the chapter's ITL is above the floor, where it is far above; else null. */
    gap: GapFacts | null;
  };
  assumptions: Note[];
  notes: Note[];
}

export interface ReportInput {
  prediction: Prediction;
  model: ModelConfig;
  format: WeightFormat;
  gpuName: string;
  options: PredictOptions;
  results?: ResultsDocument;
  /** Spec mode: the datasheet, for what would fit where the model does not. */
  hw?: SpecHardware;
}

function chapterOf(c: A100Contrast['chapter']): PredictReport['a100']['chapter'] {
  if (c === undefined) return null;
  return {
    source: c.source,
    itlMs: c.itlMs,
    ttftMs: c.scenario?.ttftMs ?? null,
    systemTokensPerSecond: c.scenario?.systemTokensPerSecond ?? null,
    scenarioBatch: c.scenario === undefined ? null : c.scenario.batch,
    model: c.model,
    tp: c.tp,
  };
}

export function buildReport(input: ReportInput): PredictReport {
  const { prediction: p, model, format, options, results } = input;
  const contrast = a100Contrast(model, format, options);
  const measured = p.mode === 'measured';
  const rooflineFallback = p.source === 'roofline';
  const assumptions = reportAssumptions(p, results);
  const fitsAll = p.memory.fits ?? null;
  const shown = fitsAll !== false;
  const engine = p.engine;
  const counts = paramCount(model);
  return {
    model: model.id,
    modelName: model.name,
    params: { total: counts.total, activePerToken: counts.active, moe: model.moe !== undefined },
    kvBits: options.kvBits ?? 16,
    weights: format.id,
    bitsPerWeight: format.bitsPerWeight,
    fileBitsPerWeight: (p.weightBytes * 8) / paramCount(model).total,
    gpu: input.gpuName,
    gpuId: measured ? null : p.gpu,
    source: measured ? 'measured' : 'spec',
    rooflineFallback,
    runtime: engine?.engineClass ?? null,
    engine: engine?.id ?? null,
    profileBorrowedFrom: engine?.borrowedFrom ?? null,
    tp: p.tp,
    fits: fitsAll,
    needGB: p.memory.needGB,
    doesNotFit:
      fitsAll === false && input.hw !== undefined && engine !== undefined
        ? fitAdvice(model, format, input.hw, engine.id, p)
        : null,
    calibration: engine?.decode ?? null,
    calibrationTtft: engine?.ttft ?? null,
    rangeStated: {
      decode: rangeStated(assumptions, 'decode'),
      ttft: rangeStated(assumptions, 'ttft'),
    },
    promptTokens: p.promptTokens,
    outputTokens: p.outputTokens,
    batch: p.batch,
    context: p.context,
    weightBytes: p.weightBytes,
    kvBytes: p.kvBytes,
    decode: shown
      ? {
          msPerToken: p.decode.msPerToken,
          tokensPerSecond: p.decode.tokensPerSecond,
          systemTokensPerSecond: p.decode.systemTokensPerSecond,
          floorMsPerToken: p.decode.floorMsPerToken,
          bound: p.decode.bound,
        }
      : null,
    prefill: shown ? p.prefill : null,
    e2eMs: shown ? p.e2eMs : null,
    memory: reportMemory(p, fitsAll),
    itlVsContext: shown ? reportItlVsContext(p) : [],
    latencyThroughput: shown ? reportLatencyThroughput(p) : [],
    verdicts: shown ? reportVerdicts(p) : null,
    a100: reportA100(contrast),
    assumptions,
    notes: p.notes,
  };
}

/** False where the engine's range for `metric` is "not enough data" (model/engines/calibrate.ts). */
const rangeStated = (assumptions: readonly Note[], metric: 'decode' | 'ttft'): boolean =>
  !assumptions.some(
    (n) => n.id === 'engine-range' && n.metric === metric && n.code === 'not-enough-data',
  );

/** The prediction's assumptions and the run's caveats: roofline, software adapter, unfinished. */
function reportAssumptions(p: Prediction, results: ResultsDocument | undefined): Note[] {
  const assumptions: Note[] = [...p.assumptions];
  if (p.source === 'roofline') assumptions.unshift({ id: 'roofline-fallback' });
  if (results?.adapter.isSoftware) {
    assumptions.unshift({ id: 'software-adapter', adapter: adapterName(results.adapter) });
  }
  if (results?.incomplete !== undefined) {
    assumptions.push({ id: 'run-unfinished', why: results.incomplete });
  }
  return assumptions;
}

function reportMemory(p: Prediction, fits: boolean | null): PredictReport['memory'] {
  return {
    weightBytes: p.memory.weightBytes,
    kvBytes: p.memory.kvBytes,
    totalBytes: p.memory.totalBytes,
    perGpuBytes: p.memory.perGpuBytes,
    capacityBytes: p.memory.capacityBytes ?? null,
    fits,
    gpusNeeded:
      p.memory.capacityBytes === undefined
        ? null
        : Math.ceil(p.memory.totalBytes / p.memory.capacityBytes),
    notes: p.memory.notes,
  };
}

function reportItlVsContext(p: Prediction): PredictReport['itlVsContext'] {
  return p.itlVsContext.map((c) => ({
    context: c.context,
    msPerToken: c.msPerToken,
    tokensPerSecond: c.tokensPerSecond,
    source: c.source,
  }));
}

function reportLatencyThroughput(p: Prediction): PredictReport['latencyThroughput'] {
  return p.latencyThroughput.map((c) => ({
    batch: c.batch,
    msPerToken: c.msPerToken,
    tokensPerSecond: c.tokensPerSecond,
    systemTokensPerSecond: c.systemTokensPerSecond,
    source: c.source,
  }));
}

function reportA100(contrast: A100Contrast): PredictReport['a100'] {
  return {
    gpu: contrast.a100.gpu,
    runtime: 'native',
    tp: contrast.a100.tp,
    msPerToken: contrast.a100.decode.msPerToken,
    tokensPerSecond: contrast.a100.decode.tokensPerSecond,
    ttftMs: contrast.a100.prefill.ttftMs,
    floorMsPerToken: contrast.a100FloorMsPerToken,
    chapter: chapterOf(contrast.chapter),
    gap: contrast.gap ?? null,
  };
}

function reportVerdicts(p: Prediction): NonNullable<PredictReport['verdicts']> {
  const sla = slaVerdicts(p.prefill.ttftMs, p.decode.msPerToken).map((v) => ({
    id: v.sla.id,
    ttftP95Ms: v.sla.ttftP95Ms ?? null,
    itlP95Ms: v.sla.itlP95Ms ?? null,
    ttft: v.ttft,
    itl: v.itl,
    overall: v.overall,
  }));
  return {
    sla,
    perception: {
      firstTokenFast: firstTokenFeelsFast(p.prefill.ttftMs.expected),
      itlFeel: itlFeel(p.decode.msPerToken.expected),
    },
  };
}

/** Where a prediction comes from: a results document (measured) or a datasheet (spec). */
export type ReportSource =
  | { kind: 'measured'; results: ResultsDocument }
  | { kind: 'spec'; hw: SpecHardware; engine: EngineId };

/**
 * Predicts in either mode and builds the report (throws InsufficientResultsError where a results
 * document lacks the read or FMA rows measured mode needs). The prediction is returned too: its
 * curves keep each point's source.
 */
export function predictReport(
  source: ReportSource,
  model: ModelConfig,
  format: WeightFormat,
  options: PredictOptions,
): { report: PredictReport; prediction: Prediction } {
  if (source.kind === 'measured') {
    const prediction = predictMeasured(source.results, model, format, options);
    const gpuName = adapterName(source.results.adapter);
    return {
      prediction,
      report: buildReport({
        prediction,
        model,
        format,
        gpuName,
        options,
        results: source.results,
      }),
    };
  }
  const prediction = predictSpec(source.hw, source.engine, model, format, options);
  return {
    prediction,
    report: buildReport({
      prediction,
      model,
      format,
      gpuName: source.hw.name,
      options,
      hw: source.hw,
    }),
  };
}
