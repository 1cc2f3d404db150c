// One serving run: a workload, step times, a scheduler and a KV budget in; latency percentiles,
// throughput, goodput per SLA and the queue over time out. Deterministic for a seed.

import type { SlaThresholds } from '../predict/chapter';
import type { RequestRecord } from './batching/finished-log';
import { type SchedulerConfig, type SchedulerKind, schedulerPolicy } from './batching/schedulers';
import { ServingEngine } from './batching/server';
import { type RunMetrics, runMetrics } from './metrics';
import type { ServingNote, StepTimesSource } from './notes';
import { requestSource, type WorkloadSpec } from './requests/workload';
import type { StepTimes } from './step-times';

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
  stepTimesSource: StepTimesSource;
  kvCapacityTokens: number;
  /** The policies and approximations this run rests on, as codes (./notes.ts). */
  assumptions: ServingNote[];
  requests?: RequestRecord[];
}

function arrivalNote(w: WorkloadSpec): ServingNote {
  const a = w.arrivals;
  switch (a.kind) {
    case 'poisson':
      return { id: 'arrivals-poisson', requests: w.requests, ratePerS: a.ratePerS };
    case 'closed':
      return { id: 'arrivals-closed', requests: w.requests, users: a.users, thinkMs: a.thinkMs };
    case 'trace':
      return { id: 'arrivals-trace', requests: Math.min(w.requests, a.requests.length) };
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
  const lengths: ServingNote[] =
    w.arrivals.kind === 'trace' ? [] : [{ id: 'lengths', prompt: w.prompt, output: w.output }];
  return {
    scheduler: config.scheduler.kind,
    stepTimesSource: config.stepTimes.source,
    kvCapacityTokens: kv,
    ...runMetrics(engine, config.slas),
    assumptions: [
      arrivalNote(w),
      ...lengths,
      { id: 'seed', seed: w.seed },
      { id: 'scheduler', scheduler: config.scheduler },
      { id: 'admission' },
      { id: 'ttft-includes-queue' },
      {
        id: 'step-times',
        source: config.stepTimes.source,
        stepOverheadMs: config.stepTimes.stepOverheadMs,
      },
    ],
    ...(config.keepRequests === true ? { requests: engine.finished.toRecords() } : {}),
  };
}
