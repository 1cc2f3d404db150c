// Spec mode: a datasheet and an engine profile (./engines) time one forward pass. The profile is
// fitted on public measurements of that engine on that vendor (or, where there are too few, on a
// wider pool, and then says so; or, for an engine that borrows another's profile, the lender's,
// said as borrowed); its [low, high] is the cross-validated residual interval. Every
// spec prediction goes through here: `--runtime native|browser` are the generic engines.

import type { WeightFormat } from '../../core/formats';
import { RANGE_LEVEL } from '../engines/calibrate';
import type { CalibrationSummary } from '../engines/cross-validation';
import {
  ENGINES,
  type EngineId,
  getEngine,
  isGenericEngine,
  profileEngine,
  type Vendor,
} from '../engines/ids';
import {
  decodeBound,
  decodeMs,
  decodeTerms,
  prefillPeak,
  type Situation,
  ttftMs,
  ttftTerms,
} from '../engines/physics';
import { engineCalibration, engineProfile } from '../engines/predict';
import type { ModelConfig } from '../llm/models';
import { layoutMemoryBytes, type WeightLayout } from '../llm/weight-layout';
import { capacityBytes } from './capacity';
import { formatLayout } from './format-layout';
import type { Note } from './notes';
import {
  buildPrediction,
  type CalibrationFigures,
  type EngineCalibration,
  type Estimator,
  kvElementBytes,
  type Prediction,
  type PredictOptions,
} from './predictor';
import type { Range } from './range';
import { ALL_REDUCES_PER_LAYER, checkTp, linkFor } from './tensor-parallel';

/** A datasheet: a catalogue GPU, or numbers typed by the user. */
export interface SpecHardware {
  id: string;
  name: string;
  vendor: Vendor;
  bandwidthGBps: number;
  /** Dense FP16 tensor rate (Apple: the ALU rate), TFLOP/s. */
  fp16Tflops: number;
  /** FP32 shader rate, what WebGPU engines run prefill on. */
  fp32Tflops?: number;
  /** Dense FP8 tensor rate, where the GPU has one. */
  fp8Tflops?: number;
  /** FP16-accumulate tensor rate where it is above fp16Tflops (GeForce), TFLOP/s. */
  fp16AccTflops?: number;
  /** VRAM label, GB (read as GiB). */
  memoryGB?: number;
}

export interface SpecOptions {
  kvBytesPerElement?: number;
  /** GPUs in tensor parallel (default 1). */
  tp?: number;
}

const figures = (s: CalibrationSummary): CalibrationFigures => ({
  n: s.n,
  noFit: s.noFit,
  notEnoughData: s.notEnoughData,
  mape: s.mape,
  coverage: s.coverage,
  width: s.width,
});

const ranged = (expected: number, i: { low: number; high: number }): Range => ({
  expected,
  low: expected * i.low,
  high: expected * i.high,
});

/** What a spec-mode estimate assumes: the datasheet, the engine profile and its ranges, the layout, TP. */
function specAssumptions(
  hw: SpecHardware,
  engine: EngineId,
  profile: ReturnType<typeof engineProfile>,
  peak: ReturnType<typeof prefillPeak>,
  format: WeightFormat,
  layout: WeightLayout,
  tp: number,
  link: ReturnType<typeof linkFor>,
): Note[] {
  const p = profile.params;
  // A borrowed profile's codes and figures are the lender's, and are worded as the lender's.
  const lender = profileEngine(engine);
  const rangeNotes: Note[] = (['decode', 'ttft'] as const).flatMap((metric) =>
    profile[metric].codes.map((code) => ({
      id: 'engine-range' as const,
      engine: lender,
      vendor: hw.vendor,
      metric,
      code,
    })),
  );
  return [
    {
      id: 'datasheet',
      gpu: hw.name,
      bandwidthGBps: hw.bandwidthGBps,
      tflops: peak.tflops,
      peak: peak.kind,
    },
    ...(lender === engine ? [] : [{ id: 'engine-borrowed' as const, engine, from: lender }]),
    {
      id: 'engine-profile',
      engine: lender,
      vendor: hw.vendor,
      eta: p.eta,
      cLayerMs: p.cLayerMs,
      consumeMsPerGB: p.consumeMsPerGB,
      tokenMs: p.tokenMs,
      attnFactor: p.attnFactor,
      eps: p.eps,
      blockUnpack: p.blockUnpack,
      kQuantUnpack: p.kQuantUnpack,
      fixedMs: p.fixedMs,
      level: RANGE_LEVEL,
      decode: profile.decode.interval,
      ttft: profile.ttft.interval,
    },
    ...rangeNotes,
    ...(ENGINES[engine].readsGguf && !isGenericEngine(engine)
      ? [{ id: 'build-era-in-range' as const, engine }]
      : []),
    {
      id: 'weight-layout',
      format: format.id,
      bodyBits: layout.bodyBits,
      headBits: layout.headBits,
      embeddingBits: layout.embeddingBits,
    },
    ...(tp > 1
      ? [
          {
            id: 'tensor-parallel' as const,
            tp,
            link: link.kind,
            bandwidthGBps: link.bandwidthGBps,
            latencyMs: link.latencyMs,
            allReduces: ALL_REDUCES_PER_LAYER,
          },
        ]
      : []),
    { id: 'pass-max' },
  ];
}

/** Datasheet + engine profile → ranges, per GPU of a tensor-parallel group. */
export function specEstimator(
  hw: SpecHardware,
  engineName: string,
  model: ModelConfig,
  format: WeightFormat,
  opts: SpecOptions = {},
): Estimator {
  const engine = getEngine(engineName, hw.vendor).id;
  const tp = opts.tp ?? 1;
  checkTp(model, tp);
  const kvElem = opts.kvBytesPerElement ?? 2;
  const profile = engineProfile(engine, hw.vendor);
  const p = profile.params;
  const layout = formatLayout(model, format, engine);
  const peak = prefillPeak(engine, hw, layout);
  const link = linkFor(hw);
  const situation = (batch: number, context: number, promptTokens: number): Situation => ({
    engine,
    model,
    layout,
    tp,
    link,
    bandwidthGBps: hw.bandwidthGBps,
    peakTflops: peak.tflops,
    contextTokens: context,
    promptTokens,
    batch,
    kvBytesPerElement: kvElem,
  });
  const assumptions = specAssumptions(hw, engine, profile, peak, format, layout, tp, link);
  return {
    mode: 'spec',
    gpu: hw.id,
    engine: {
      id: engine,
      engineClass: ENGINES[engine].engineClass,
      ...(profileEngine(engine) === engine ? {} : { borrowedFrom: profileEngine(engine) }),
      vendor: hw.vendor,
      decode: figures(engineCalibration(engine, 'decode')),
      ttft: figures(engineCalibration(engine, 'ttft')),
    } satisfies EngineCalibration,
    tp,
    weightBytes: layoutMemoryBytes(model, layout),
    decode(batch, context) {
      const s = situation(batch, context, 0);
      return {
        ms: ranged(decodeMs(p, s), profile.decode.interval),
        bound: decodeBound(p, s),
        source: 'spec',
        notes: [],
      };
    },
    prefill(promptTokens) {
      const s = situation(1, 0, promptTokens);
      const t = ttftTerms(s);
      return {
        ms: ranged(ttftMs(p, s), profile.ttft.interval),
        bound: t.flopMs / p.eps >= t.streamMs / p.eta ? 'compute' : 'memory',
        source: 'spec',
        notes: [],
      };
    },
    floorMs(batch, context) {
      return decodeTerms(situation(batch, context, 0)).streamMs;
    },
    capacityBytes: hw.memoryGB === undefined ? undefined : capacityBytes(hw.memoryGB),
    capacityNotes:
      hw.memoryGB === undefined
        ? [{ id: 'capacity-not-given' }]
        : [{ id: 'capacity-datasheet', gb: hw.memoryGB }],
    assumptions,
  };
}

/** Spec-mode prediction for a GPU (or `tp` of them) and an engine. */
export function predictSpec(
  hw: SpecHardware,
  engine: string,
  model: ModelConfig,
  format: WeightFormat,
  opts: PredictOptions = {},
): Prediction {
  return buildPrediction(
    specEstimator(hw, engine, model, format, {
      kvBytesPerElement: kvElementBytes(opts),
      ...(opts.tp === undefined ? {} : { tp: opts.tp }),
    }),
    model,
    format,
    opts,
  );
}
