// What `predict --engine E --tp N` and the page call: an engine profile fitted on the bundled
// calibration data, and decode / TTFT ranges for a GPU, model and weight layout, with the
// engine's cross-validated figures. A model that does not fit gets no times.

import type { ModelConfig } from '../llm/models';
import type { WeightLayout } from '../llm/weight-layout';
import { fits as fitsIn, memoryNeed } from '../predict/capacity';
import type { Range } from '../predict/range';
import { checkTp, type LinkSpec, linkFor } from '../predict/tensor-parallel';
import { type CalibrationCode, type EngineProfile, withHarnessSpread } from './calibrate';
import { type CalibrationSummary, summaryKey } from './cross-validation';
import { FITTED } from './fitted.generated';
import { profileKey } from './fitted-tables';
import { type DocGrouping, HEADLINE_GROUPING } from './groups';
import { ENGINES, type EngineId, getEngine, profileEngine, type Vendor } from './ids';
import type { Metric } from './measurements/rows';
import {
  decodeMs,
  type GpuRates,
  type PeakKind,
  prefillPeak,
  type Situation,
  ttftMs,
} from './physics';

/**
 * The profile of `engine` on `vendor`, as fitted on the bundled calibration rows; for an engine that
 * borrows its profile (ids.ts borrowsProfileFrom), the lender's.
 */
export function engineProfile(engine: EngineId, vendor: Vendor): EngineProfile {
  const lent = fitted(FITTED.profiles, profileKey(profileEngine(engine), vendor));
  const spread = FITTED.harnessSpread;
  if (!borrowsAsBrowserHarness(engine) || spread === null) return lent;
  const key = profileKey(engine, vendor);
  let widened = harnessProfiles.get(key);
  if (widened === undefined) {
    widened = withHarnessSpread(lent, spread);
    harnessProfiles.set(key, widened);
  }
  return widened;
}

/**
 * A browser engine with no measurement of its own borrows the class's profile, but not its
 * range: a harness never measured lands as far off as the harnesses do from each other.
 */
const borrowsAsBrowserHarness = (engine: EngineId): boolean =>
  ENGINES[engine].borrowsProfileFrom !== undefined && ENGINES[engine].engineClass === 'browser';

const harnessProfiles = new Map<string, EngineProfile>();

/**
 * The engine's held-out figures for one metric over every vendor's GPUs ({n, mape, coverage,
 * width, …}), each row predicted with its whole source and its whole GPU family left out of the
 * fit (default, HEADLINE_GROUPING), or with one of them. n = 0 where the calibration data has no
 * row of this engine (or none that a fit without its group could predict). An engine that borrows
 * its profile gets its lender's figures.
 */
export function engineCalibration(
  engine: EngineId,
  metric: Metric,
  grouping: DocGrouping = HEADLINE_GROUPING,
): CalibrationSummary {
  return fitted(FITTED.summaries[grouping], summaryKey(profileEngine(engine), metric));
}

function fitted<T>(table: Readonly<Record<string, T>>, key: string): T {
  const value = table[key];
  if (value === undefined) {
    throw new Error(`No fitted entry "${key}": run \`npm run calibrate -- --write\``);
  }
  return value;
}

/** A GPU as the engine model needs it; GpuSpec from gpus.ts fits this shape. */
export interface EngineGpu extends GpuRates {
  id?: string;
  name?: string;
  vendor: Vendor;
  /** The VRAM label, GB (read as GiB); undefined where unknown. */
  memoryGB?: number;
}

export interface EnginePredictInput {
  /** An engine id or alias (`native`, `browser`, …). */
  engine: string;
  gpu: EngineGpu;
  model: ModelConfig;
  layout: WeightLayout;
  /** GPUs in tensor parallel (default 1). */
  tp?: number;
  /** Tokens in the KV cache while decoding (default: the prompt). */
  contextTokens?: number;
  /** Prompt tokens for TTFT (default 512). */
  promptTokens?: number;
  /** Sequences decoded together (default 1). */
  batch?: number;
  /** Override the assumed link (default: NVLink for SXM parts, PCIe otherwise). */
  link?: LinkSpec;
}

export type PredictionCode = CalibrationCode | 'does-not-fit' | 'memory-unknown';

export interface EnginePrediction {
  engine: EngineId;
  /** The engine whose profile and figures stand for `engine`, where it borrows them. */
  borrowedFrom?: EngineId;
  vendor: Vendor;
  tp: number;
  link: LinkSpec;
  /** Undefined when the GPU's memory is unknown. */
  fits: boolean | undefined;
  /** Memory each GPU needs (weights + KV), GB as on VRAM labels (GiB). */
  needGB: number;
  /** ms per decoded token; undefined when the model does not fit. */
  decodeMs: Range | undefined;
  /** ms to first token; undefined when the model does not fit. */
  ttftMs: Range | undefined;
  prefillPeak: { tflops: number; kind: PeakKind };
  profile: EngineProfile;
  calibration: Record<Metric, CalibrationSummary>;
  codes: PredictionCode[];
}

export const DEFAULT_PROMPT = 512;

const ranged = (expected: number, interval: { low: number; high: number }): Range => ({
  expected,
  low: expected * interval.low,
  high: expected * interval.high,
});

export function predictEngine(input: EnginePredictInput): EnginePrediction {
  const engine = getEngine(input.engine, input.gpu.vendor).id;
  const tp = input.tp ?? 1;
  checkTp(input.model, tp);
  const promptTokens = input.promptTokens ?? DEFAULT_PROMPT;
  const contextTokens = input.contextTokens ?? promptTokens;
  const batch = input.batch ?? 1;
  const vendor = input.gpu.vendor;
  const profile = engineProfile(engine, vendor);
  const peak = prefillPeak(engine, input.gpu, input.layout);
  const link = input.link ?? linkFor(input.gpu);
  const need = memoryNeed(input.model, input.layout, {
    context: Math.max(contextTokens, promptTokens),
    batch,
    tp,
  });
  const fits = input.gpu.memoryGB === undefined ? undefined : fitsIn(need, input.gpu.memoryGB);
  const codes: PredictionCode[] = [...new Set([...profile.decode.codes, ...profile.ttft.codes])];
  if (fits === false) codes.push('does-not-fit');
  if (fits === undefined) codes.push('memory-unknown');
  const situation: Situation = {
    engine,
    model: input.model,
    layout: input.layout,
    tp,
    link,
    bandwidthGBps: input.gpu.bandwidthGBps,
    peakTflops: peak.tflops,
    contextTokens,
    promptTokens,
    batch,
  };
  const show = fits !== false;
  const lender = profileEngine(engine);
  return {
    engine,
    ...(lender === engine ? {} : { borrowedFrom: lender }),
    vendor,
    tp,
    link,
    fits,
    needGB: need.needGB,
    decodeMs: show
      ? ranged(decodeMs(profile.params, situation), profile.decode.interval)
      : undefined,
    ttftMs: show ? ranged(ttftMs(profile.params, situation), profile.ttft.interval) : undefined,
    prefillPeak: peak,
    profile,
    calibration: {
      decode: engineCalibration(engine, 'decode'),
      ttft: engineCalibration(engine, 'ttft'),
    },
    codes,
  };
}
