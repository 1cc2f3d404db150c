// One serving run: a workload, step times, a scheduler and a KV budget in; latency percentiles,
// throughput, goodput per SLA and the queue over time out. Deterministic for a seed.

import type { SlaThresholds } from '../chapter';
import { ServingEngine } from './engine';
import type { RequestRecord } from './finished-log';
import { describeLengthDist } from './lengths';
import { type RunMetrics, runMetrics } from './metrics';
import {
  describeScheduler,
  SCHEDULER_LABELS,
  type SchedulerConfig,
  type SchedulerKind,
  schedulerPolicy,
} from './schedulers';
import type { StepTimes } from './step-times';
import { requestSource, type WorkloadSpec } from './workload';

export interface SimulationConfig {
  workload: WorkloadSpec;
  stepTimes: StepTimes;
  scheduler: SchedulerConfig;
  /** KV-cache room in tokens (see kv-capacity.ts); default unlimited. */
  kvCapacityTokens?: number;
  /** Requests arriving to this many waiting are rejected; default unlimited. */
  maxQueue?: number;
  /** Stop at this simulated time; what is still in flight is reported unfinished. */
  horizonMs?: number;
  /** Default: the chapter's SLAs. */
  slas?: readonly SlaThresholds[];
  /** Bins in the queue-length series (default 256). */
  queueBins?: number;
  /** Keep every finished request's timestamps in the result (for tests and exports). */
  keepRequests?: boolean;
}

export interface SimulationResult extends RunMetrics {
  scheduler: SchedulerKind;
  schedulerLabel: string;
  stepTimesSource: string;
  kvCapacityTokens: number;
  /** The policies and approximations this run rests on, in words. */
  assumptions: string[];
  requests?: RequestRecord[];
}

export const ADMISSION_POLICY =
  'FCFS admission: a request starts only when a batch slot is free and its prompt + output tokens fit in the free KV cache, reserved up front, so nothing is preempted; a request that could never fit is rejected on arrival';

function describeArrivals(w: WorkloadSpec): string {
  const a = w.arrivals;
  switch (a.kind) {
    case 'poisson':
      return `${w.requests} requests, Poisson arrivals at ${a.ratePerS} requests/s`;
    case 'closed':
      return `${w.requests} requests from ${a.users} users in a closed loop, think time ${a.thinkMs > 0 ? `exponential, mean ${a.thinkMs} ms` : 'none'}`;
    case 'trace':
      return `${Math.min(w.requests, a.requests.length)} requests replayed from a trace`;
  }
}

export function simulate(config: SimulationConfig): SimulationResult {
  const kv = config.kvCapacityTokens ?? Number.POSITIVE_INFINITY;
  if (!(kv >= 1)) throw new RangeError(`KV capacity must be ≥ 1 token, got ${kv}`);
  const maxQueue = config.maxQueue ?? Number.POSITIVE_INFINITY;
  if (!(maxQueue >= 0)) throw new RangeError(`max queue must be ≥ 0, got ${maxQueue}`);
  const horizon = config.horizonMs ?? Number.POSITIVE_INFINITY;
  if (!(horizon > 0)) throw new RangeError(`horizon must be > 0 ms, got ${horizon}`);

  const source = requestSource(config.workload);
  const engine = new ServingEngine(
    source,
    config.stepTimes,
    { maxBatch: config.scheduler.maxBatch, kvCapacityTokens: kv, maxQueue },
    config.queueBins,
  );
  const policy = schedulerPolicy(engine, config.scheduler);
  for (;;) {
    engine.advanceTo(engine.now); // a closed loop's next request may arrive the moment one ends
    if (engine.now >= horizon || !policy.step()) break;
  }

  const w = config.workload;
  const lengths =
    w.arrivals.kind === 'trace'
      ? []
      : [
          `prompt lengths ${describeLengthDist(w.prompt)}; output lengths ${describeLengthDist(w.output)} (whole tokens ≥ 1)`,
        ];
  return {
    scheduler: config.scheduler.kind,
    schedulerLabel: SCHEDULER_LABELS[config.scheduler.kind],
    stepTimesSource: config.stepTimes.source,
    kvCapacityTokens: kv,
    ...runMetrics(engine, config.slas),
    assumptions: [
      describeArrivals(w),
      ...lengths,
      `seed ${w.seed}`,
      describeScheduler(config.scheduler),
      ADMISSION_POLICY,
      'the first output token comes with the end of its prompt’s prefill; TTFT includes queueing',
      `step times: ${config.stepTimes.source}; ${config.stepTimes.stepOverheadMs} ms overhead per step`,
    ],
    ...(config.keepRequests === true ? { requests: engine.finished.toRecords() } : {}),
  };
}
