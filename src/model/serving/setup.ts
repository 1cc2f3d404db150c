// What a page section or the CLI needs before simulating: step times and a KV-cache size from a
// predictor Estimator (spec or measured mode), with the KV size from the GPU's memory when the
// estimator knows it, or from a setting.

import type { WeightFormat } from '../../core/formats';
import type { ModelConfig } from '../llm/models';
import type { Estimator } from '../predict/predictor';
import { type EstimatorStepTimesOptions, stepTimesFromEstimator } from './from-estimator';
import { kvCapacityFromMemory } from './kv-capacity';
import type { KvNote } from './notes';
import type { StepTimes } from './step-times';

export interface ServingHardware {
  stepTimes: StepTimes;
  kvCapacityTokens: number;
  kvNote: KvNote;
}

export interface ServingHardwareOptions extends EstimatorStepTimesOptions {
  /** KV-cache room in tokens; overrides the memory-based figure. */
  kvCapacityTokens?: number;
  /** GPU memory in bytes when the estimator does not know it (measured mode). */
  memoryBytes?: number;
  memoryUtilization?: number;
  kvBytesPerElement?: number;
}

export class UnknownKvCapacityError extends Error {
  constructor(gpu: string) {
    super(
      `the memory of ${gpu} is unknown (WebGPU does not report it), so the KV-cache size cannot be derived: give the memory in GB or the KV-cache size in tokens`,
    );
    this.name = 'UnknownKvCapacityError';
  }
}

export function servingHardware(
  est: Estimator,
  model: ModelConfig,
  format: WeightFormat,
  opts: ServingHardwareOptions = {},
): ServingHardware {
  const stepTimes = stepTimesFromEstimator(est, opts);
  if (opts.kvCapacityTokens !== undefined) {
    const t = opts.kvCapacityTokens;
    if (!Number.isInteger(t) || t < 1) {
      throw new RangeError(`KV-cache size must be a whole number of tokens ≥ 1, got ${t}`);
    }
    return { stepTimes, kvCapacityTokens: t, kvNote: { id: 'kv-set', tokens: t } };
  }
  const bytes = opts.memoryBytes ?? est.capacityBytes;
  if (bytes === undefined) throw new UnknownKvCapacityError(est.gpu);
  const kv = kvCapacityFromMemory(bytes, model, format, {
    ...(opts.memoryUtilization === undefined ? {} : { memoryUtilization: opts.memoryUtilization }),
    ...(opts.kvBytesPerElement === undefined ? {} : { kvBytesPerElement: opts.kvBytesPerElement }),
  });
  return { stepTimes, kvCapacityTokens: kv.tokens, kvNote: kv.note };
}
