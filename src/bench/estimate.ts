// How long a plan takes on a GPU that is not here: each case's kernel time from its exact bytes
// and FLOPs at a GPU's bandwidth and compute rate, spent the way the runner spends it (tuning
// candidates, calibration, samples of at least sampleTargetMs), plus an assumed fixed cost per
// case for setup. Sizes the full plan ("under a minute on a typical discrete or Apple GPU")
// without one; a real run's progress bar gives the real figure.

import type { ResultsDocument } from '../core/results';
import type { KernelCase } from '../kernels/types';
import { getModel } from '../model/llm/models';
import { fitRoofline } from '../model/measured/roofline';
import { bytesPerToken, type DecodeSpec, layersThatFit } from './decode-spec';
import { buildPlan, isTuned, type Plan, type PlanInputs, tuningTrials } from './plan';
import { CALIBRATION_MS, TUNING_TIMING } from './runner';

export interface EstimateTarget {
  bandwidthGBps: number;
  gflops: number;
  /**
   * Per case, outside the kernel: pipeline compile, filling the weights on the GPU, the
   * verification read-back. An assumption (tens of ms on a GPU), not a measurement.
   */
  setupMs?: number;
}

export const ASSUMED_SETUP_MS = 60;
/** Calibration doubles the dispatches per submit until one lasts CALIBRATION_MS: about twice that. */
const CALIBRATING_MS = 2 * CALIBRATION_MS;

export interface PlanEstimate {
  seconds: number;
  cases: number;
  /** Variants timed briefly while tuning. */
  tuningCandidates: number;
  /** One measured pass over every case (what samples repeat). */
  gpuBytes: number;
  gpuFlops: number;
}

/** One dispatch of a case at the target's roofline: bytes at the bandwidth or FLOPs at compute. */
export const kernelMs = (c: Pick<KernelCase, 'bytes' | 'flops'>, t: EstimateTarget): number =>
  Math.max(c.bytes / (t.bandwidthGBps * 1e6), c.flops / (t.gflops * 1e6));

export function estimatePlan(plan: Plan, target: EstimateTarget): PlanEstimate {
  const setup = target.setupMs ?? ASSUMED_SETUP_MS;
  const timed = (k: number, samples: number, sampleMs: number) =>
    setup + CALIBRATING_MS + k + samples * Math.max(sampleMs, k);
  const tuned = new Set<string>();
  let ms = 0;
  let tuningCandidates = 0;
  let gpuBytes = 0;
  let gpuFlops = 0;
  for (const item of plan.cases) {
    const kcase = isTuned(item) ? item.make(item.variants[0] ?? '') : item;
    const k = kernelMs(kcase, target);
    if (isTuned(item) && !tuned.has(item.family)) {
      tuned.add(item.family);
      tuningCandidates += tuningTrials(item);
      ms += tuningTrials(item) * timed(k, TUNING_TIMING.samples, TUNING_TIMING.sampleTargetMs);
    }
    ms += timed(k, plan.timing.samples, plan.timing.sampleTargetMs);
    gpuBytes += kcase.bytes;
    gpuFlops += kcase.flops;
  }
  for (const spec of plan.decode ?? []) ms += decodeRunMs(spec, target, setup);
  return { seconds: ms / 1000, cases: plan.cases.length, tuningCandidates, gpuBytes, gpuFlops };
}

/**
 * A decode run: its k-layer step reads its weights and KV cache once per token, for the timed
 * tokens plus the prompt, the warm-up and the head-only and probe timings (about 8 more steps);
 * setup per projection fill and per verification.
 */
function decodeRunMs(spec: DecodeSpec, target: EstimateTarget, setup: number): number {
  const model = spec.config ?? getModel(spec.model);
  const layers = layersThatFit(spec, model);
  const stepMs =
    bytesPerToken(model, layers, spec.format, spec.context) / (target.bandwidthGBps * 1e6);
  return 4 * setup + (spec.tokens + 8) * stepMs;
}

/**
 * A plan's time on this adapter, calibrated by a run of another plan that just took `measuredMs`:
 * whatever that run spent beyond its kernels' estimate (compiles, fills, read-backs — far more on
 * a software adapter than the assumed 60 ms) is spread over its cases and tuning candidates, and
 * charged at the same rate to the other plan's. Both estimates must be made with setupMs 0.
 */
export function calibratedSeconds(
  target: PlanEstimate,
  measured: PlanEstimate,
  measuredMs: number,
): number {
  const slots = (e: PlanEstimate) => e.cases + e.tuningCandidates;
  const setupMs = Math.max(0, (measuredMs - measured.seconds * 1000) / slots(measured));
  return target.seconds + (setupMs * slots(target)) / 1000;
}

/**
 * Seconds the Full plan would take on the adapter that just produced `doc` in `measuredMs`: its
 * kernels at the run's own β and π, the per-case cost calibrated by the run itself. Null when
 * the run measured no ceilings.
 */
export function fullPlanSeconds(
  doc: ResultsDocument,
  inputs: PlanInputs,
  measuredMs: number,
): number | null {
  const roof = fitRoofline(doc);
  const pi = Math.max(0, ...Object.values(roof.computeGflops));
  if (roof.bandwidthGBps === undefined || pi <= 0) return null;
  const rates = { bandwidthGBps: roof.bandwidthGBps, gflops: pi, setupMs: 0 };
  const kernelsOnly = (name: Plan['name']) =>
    estimatePlan(buildPlan(name, inputs, doc.settings ?? {}), rates);
  return calibratedSeconds(kernelsOnly('full'), kernelsOnly(doc.plan), measuredMs);
}
