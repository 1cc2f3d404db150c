// A serving simulation or λ sweep described by plain, structured-cloneable inputs (ids, numbers,
// a results document), so the page can hand it to its worker; and its answer. Resolving the ids
// and building the step times happens here, where the simulator lives.

import { resolveFormat } from '../../core/formats';
import type { ResultsDocument } from '../../core/results';
import type { EngineId } from '../engines/ids';
import { getGpu } from '../hardware/gpus';
import { getModel } from '../llm/models';
import { measuredEstimator } from '../predict/measured-estimator';
import { specEstimator } from '../predict/spec-estimator';
import type { SchedulerConfig } from './batching/schedulers';
import type { KvNote } from './notes';
import type { LengthDist } from './requests/lengths';
import type { ArrivalSpec } from './requests/workload';
import { servingHardware } from './setup';
import type { SimulationResult } from './simulate';
import type { RateSweep, SweepConfig, SweepOptions } from './sweep';

export type LoadSource =
  /** `engine`: the engine profile a reference GPU's step times stand for. */
  | { kind: 'spec'; gpu: string; engine: EngineId }
  /** `memoryBytes`: the GPU's memory, which WebGPU does not report (or give kvTokens). */
  | { kind: 'measured'; results: ResultsDocument; memoryBytes?: number };

export interface LoadRequest {
  model: string;
  format: string;
  source: LoadSource;
  /** KV-cache room in tokens; default: the memory left after the weights. */
  kvTokens?: number;
  workload: { requests: number; prompt: LengthDist; output: LengthDist; seed: number };
  scheduler: SchedulerConfig;
  /** One run with these arrivals (Poisson at a rate, or a closed loop); absent: a sweep of λ. */
  single?: Exclude<ArrivalSpec, { kind: 'trace' }>;
  sweep?: Omit<SweepOptions, 'onPoint'>;
}

export interface LoadAnswer {
  kvCapacityTokens: number;
  kvNote: KvNote;
  sweep?: RateSweep;
  run?: SimulationResult;
}

/** The sweep configuration (step times, KV size, workload) of a request. */
export function loadConfig(req: LoadRequest): { config: SweepConfig; kvNote: KvNote } {
  const model = getModel(req.model);
  const format = resolveFormat(req.format);
  const s = req.source;
  const est =
    s.kind === 'spec'
      ? specEstimator(getGpu(s.gpu), s.engine, model, format)
      : measuredEstimator(s.results, model, format);
  const hw = servingHardware(est, model, format, {
    ...(req.kvTokens === undefined ? {} : { kvCapacityTokens: req.kvTokens }),
    ...(s.kind === 'measured' && s.memoryBytes !== undefined ? { memoryBytes: s.memoryBytes } : {}),
  });
  return {
    config: {
      stepTimes: hw.stepTimes,
      scheduler: req.scheduler,
      kvCapacityTokens: hw.kvCapacityTokens,
      workload: req.workload,
    },
    kvNote: hw.kvNote,
  };
}
