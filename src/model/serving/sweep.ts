// Sweeps of the Poisson arrival rate λ from light load to past saturation: the latency–throughput
// frontier, and the highest λ that still meets each SLA.
//
// Saturation is measured, not guessed: a closed loop with as many users as the batch holds and no
// think time keeps the server full; its request rate is the most the server sustains. The grid
// runs at fractions of it. For each SLA, the answer is bracketed between the last grid rate that
// meets it (counting up from the lightest load) and the first that misses, then narrowed by
// bisection (geometric midpoints). Every run uses the same seed, so the arrival pattern is the
// same one stretched (workload.ts): meeting an SLA is then close to monotone in λ, which the
// bisection assumes. Past saturation the queue grows for the whole run, so latencies there
// depend on the request count.

import { SLAS, type SlaThresholds } from '../predict/chapter';
import type { Percentiles } from './batching/stats';
import type { RunCounts, SlaOutcome } from './metrics';
import type { WorkloadSpec } from './requests/workload';
import { type SimulationConfig, simulate } from './simulate';

export interface SweepPoint {
  ratePerS: number;
  ttftMs: Percentiles;
  itlMs: Percentiles;
  e2eMs: Percentiles;
  outputTokensPerS: number;
  requestsPerS: number;
  counts: RunCounts;
  sla: SlaOutcome[];
}

export interface SlaCapacity {
  sla: SlaThresholds;
  /** Highest λ found to meet the SLA; undefined when even the lightest rate tried misses it. */
  maxRatePerS: number | undefined;
  /** The next rate up that missed it (undefined when none tried did). */
  missedAtRatePerS: number | undefined;
  /** What the missing run failed on. */
  limitedBy: 'ttft' | 'itl' | 'both' | undefined;
  /**
   * How the answer was found: the SLA sets no limit (the ceiling is the saturation rate), it was
   * missed even at the lightest rate tried, met at every rate tried (the true ceiling is higher),
   * or bracketed between maxRatePerS and missedAtRatePerS.
   */
  finding: 'no-limit' | 'missed-at-lightest' | 'met-everywhere' | 'bracketed';
}

export interface RateSweep {
  saturationRatePerS: number;
  /** Grid points, then refinement points, sorted by rate; each rate once. */
  points: SweepPoint[];
  capacity: SlaCapacity[];
  /**
   * The method: Poisson λ on a grid of `fractions` of the saturation rate (a closed loop of
   * `saturationUsers` users, no think time), then `refineSteps` bisection steps per SLA between
   * the last rate meeting it and the first missing it; an SLA is met when P95 TTFT and P95 ITL
   * are under its limits.
   */
  method: { fractions: number; saturationUsers: number; refineSteps: number };
}

/** The workload without its arrivals: the sweep supplies Poisson arrivals at each rate. */
export type SweepConfig = Omit<SimulationConfig, 'workload' | 'keepRequests'> & {
  workload: Omit<WorkloadSpec, 'arrivals'>;
};

export interface SweepOptions {
  /** Rates as fractions of the saturation rate (default 0.05 … 1.5). */
  fractions?: readonly number[];
  /** Bisection steps per SLA between its bracketing grid rates (default 6). */
  refineSteps?: number;
  /** Called after each run, for progress. */
  onPoint?: (p: SweepPoint, done: number) => void;
}

export const DEFAULT_FRACTIONS: readonly number[] = [
  0.05, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.85, 0.9, 0.95, 1, 1.1, 1.25, 1.5,
];

/** Requests/s a full server sustains: a closed loop of maxBatch users with no think time. */
export function saturationRate(config: SweepConfig): number {
  const r = simulate({
    ...config,
    workload: {
      ...config.workload,
      arrivals: { kind: 'closed', users: config.scheduler.maxBatch, thinkMs: 0 },
    },
  });
  return r.requestsPerS;
}

export function runAtRate(config: SweepConfig, ratePerS: number): SweepPoint {
  const r = simulate({
    ...config,
    workload: { ...config.workload, arrivals: { kind: 'poisson', ratePerS } },
  });
  return {
    ratePerS,
    ttftMs: r.ttftMs,
    itlMs: r.itlMs,
    e2eMs: r.e2eMs,
    outputTokensPerS: r.outputTokensPerS,
    requestsPerS: r.requestsPerS,
    counts: r.counts,
    sla: r.sla,
  };
}

const outcomeOf = (p: SweepPoint, sla: SlaThresholds) => p.sla.find((o) => o.sla.id === sla.id);

function limitedBy(o: SlaOutcome | undefined): SlaCapacity['limitedBy'] {
  if (o === undefined || o.met) return undefined;
  return !o.ttftOk && !o.itlOk ? 'both' : o.ttftOk ? 'itl' : 'ttft';
}

type Runner = (rate: number) => Generator<number, SweepPoint, void>;

/** The highest λ meeting one SLA: from the grid, then bisection between its bracketing rates. */
function* slaCapacity(
  sla: SlaThresholds,
  grid: readonly SweepPoint[],
  saturation: number,
  steps: number,
  run: Runner,
): Generator<number, SlaCapacity, void> {
  const none = { missedAtRatePerS: undefined, limitedBy: undefined };
  if (sla.ttftP95Ms === undefined && sla.itlP95Ms === undefined) {
    return { sla, maxRatePerS: saturation, ...none, finding: 'no-limit' };
  }
  const firstMiss = grid.findIndex((p) => outcomeOf(p, sla)?.met !== true);
  if (firstMiss === 0) {
    const miss = grid[0];
    return {
      sla,
      maxRatePerS: undefined,
      missedAtRatePerS: miss?.ratePerS,
      limitedBy: miss === undefined ? undefined : limitedBy(outcomeOf(miss, sla)),
      finding: 'missed-at-lightest',
    };
  }
  if (firstMiss < 0) {
    return {
      sla,
      maxRatePerS: grid[grid.length - 1]?.ratePerS,
      ...none,
      finding: 'met-everywhere',
    };
  }
  let good = grid[firstMiss - 1] as SweepPoint;
  let bad = grid[firstMiss] as SweepPoint;
  for (let i = 0; i < steps; i++) {
    const p = yield* run(Math.sqrt(good.ratePerS * bad.ratePerS));
    if (outcomeOf(p, sla)?.met === true) good = p;
    else bad = p;
  }
  return {
    sla,
    maxRatePerS: good.ratePerS,
    missedAtRatePerS: bad.ratePerS,
    limitedBy: limitedBy(outcomeOf(bad, sla)),
    finding: 'bracketed',
  };
}

/** The most simulations a sweep runs (the saturation run included), for progress bars. */
export function maxSweepRuns(config: SweepConfig, opts: SweepOptions = {}): number {
  const slas = config.slas ?? SLAS;
  const limited = slas.filter((s) => s.ttftP95Ms !== undefined || s.itlP95Ms !== undefined);
  return (
    1 + (opts.fractions ?? DEFAULT_FRACTIONS).length + (opts.refineSteps ?? 6) * limited.length
  );
}

/**
 * The sweep one simulation at a time: yields the number of runs done after each, returns the
 * sweep. A caller can pause between runs (the page's worker does, so a sweep can be cancelled).
 */
export function* sweepSteps(
  config: SweepConfig,
  opts: SweepOptions = {},
): Generator<number, RateSweep, void> {
  const slas = config.slas ?? SLAS;
  const fractions = opts.fractions ?? DEFAULT_FRACTIONS;
  if (fractions.length === 0 || fractions.some((f) => !(f > 0))) {
    throw new RangeError('sweep fractions must be > 0');
  }
  const steps = opts.refineSteps ?? 6;
  const saturation = saturationRate(config);
  if (!(saturation > 0)) throw new RangeError('the server finished nothing: no saturation rate');
  yield 1;
  const points: SweepPoint[] = [];
  // SLAs with the same limits bisect the same bracket: each rate runs once.
  const byRate = new Map<number, SweepPoint>();
  const run: Runner = function* (rate) {
    const seen = byRate.get(rate);
    if (seen !== undefined) return seen;
    const p = runAtRate(config, rate);
    byRate.set(rate, p);
    points.push(p);
    opts.onPoint?.(p, points.length);
    yield 1 + points.length;
    return p;
  };
  const grid: SweepPoint[] = [];
  for (const f of [...fractions].sort((a, b) => a - b)) grid.push(yield* run(f * saturation));
  const capacity: SlaCapacity[] = [];
  for (const sla of slas) capacity.push(yield* slaCapacity(sla, grid, saturation, steps, run));

  return {
    saturationRatePerS: saturation,
    points: points.sort((a, b) => a.ratePerS - b.ratePerS),
    capacity,
    method: {
      fractions: fractions.length,
      saturationUsers: config.scheduler.maxBatch,
      refineSteps: steps,
    },
  };
}

export function sweepRates(config: SweepConfig, opts: SweepOptions = {}): RateSweep {
  const steps = sweepSteps(config, opts);
  for (;;) {
    const next = steps.next();
    if (next.done === true) return next.value;
  }
}
