// The outputs of one run: latency percentiles, throughput, goodput per SLA, counts, the queue.
//
// TTFT = first token − arrival (queueing included); E2E = last token − arrival; ITL = every gap
// between consecutive tokens of a request, pooled over all requests (token-weighted, as vLLM's
// benchmark reports ITL); TPOT = a request's mean gap, (E2E − TTFT) / (output − 1).
// Throughput counts every output token over the run (time 0 to the last event).
// An SLA is met by the run when P95 TTFT and P95 ITL are under its limits (the chapter's tables);
// a request counts towards goodput when its own TTFT and TPOT are under them (vLLM's --goodput).

import { SLAS, type SlaThresholds } from '../predict/chapter';
import type { QueueSeries } from './batching/queue-series';
import type { ServingEngine } from './batching/server';
import { type Percentiles, percentiles } from './batching/stats';

export interface SlaOutcome {
  sla: SlaThresholds;
  ttftOk: boolean;
  itlOk: boolean;
  /** Both P95s under the limits. */
  met: boolean;
  /** Finished requests with TTFT and TPOT under the limits. */
  goodRequests: number;
  goodputRequestsPerS: number;
  /** Output tokens of those requests per second. */
  goodputTokensPerS: number;
}

export interface RunCounts {
  arrived: number;
  finished: number;
  rejected: number;
  /** Arrived but neither finished nor rejected when the run stopped (a horizon was set). */
  unfinished: number;
}

export interface RunMetrics {
  counts: RunCounts;
  durationMs: number;
  ttftMs: Percentiles;
  itlMs: Percentiles;
  e2eMs: Percentiles;
  tpotMs: Percentiles;
  /** Arrival to admission. */
  queueWaitMs: Percentiles;
  outputTokensPerS: number;
  requestsPerS: number;
  /** Time-averaged requests in the system (waiting + running). */
  meanInSystem: number;
  /** Decode tokens per decode step. */
  meanDecodeBatch: number;
  sla: SlaOutcome[];
  queue: QueueSeries;
}

const under = (v: number, limit: number | undefined) => limit === undefined || v < limit;

export function runMetrics(e: ServingEngine, slas: readonly SlaThresholds[] = SLAS): RunMetrics {
  e.close();
  const log = e.finished;
  const n = log.length;
  const arrival = log.column('arrivalMs');
  const first = log.column('firstTokenMs');
  const finish = log.column('finishMs');
  const output = log.column('outputTokens');
  const admitted = log.column('admittedMs');
  const durationMs = e.now;
  const perS = (count: number) => (durationMs > 0 ? (count * 1000) / durationMs : 0);
  const ttft = new Float64Array(n);
  const e2e = new Float64Array(n);
  const wait = new Float64Array(n);
  const tpot = new Float64Array(n); // 0 for one-token replies: they have no gap
  const tpotMulti: number[] = [];
  for (let i = 0; i < n; i++) {
    const a = arrival[i] as number;
    const f = first[i] as number;
    const out = output[i] as number;
    ttft[i] = f - a;
    e2e[i] = (finish[i] as number) - a;
    wait[i] = (admitted[i] as number) - a;
    if (out > 1) {
      tpot[i] = ((finish[i] as number) - f) / (out - 1);
      tpotMulti.push(tpot[i] as number);
    }
  }
  const ttftMs = percentiles(ttft);
  const itlMs = e.gaps.summary();
  const sla = slas.map((s): SlaOutcome => {
    const ttftOk = under(ttftMs.p95, s.ttftP95Ms);
    const itlOk = itlMs.count === 0 || under(itlMs.p95, s.itlP95Ms);
    let good = 0;
    let goodTokens = 0;
    for (let i = 0; i < n; i++) {
      if (under(ttft[i] as number, s.ttftP95Ms) && under(tpot[i] as number, s.itlP95Ms)) {
        good++;
        goodTokens += output[i] as number;
      }
    }
    return {
      sla: s,
      ttftOk,
      itlOk,
      met: ttftOk && itlOk,
      goodRequests: good,
      goodputRequestsPerS: perS(good),
      goodputTokensPerS: perS(goodTokens),
    };
  });
  return {
    counts: {
      arrived: e.arrived,
      finished: n,
      rejected: e.rejected,
      unfinished: e.arrived - n - e.rejected,
    },
    durationMs,
    ttftMs,
    itlMs,
    e2eMs: percentiles(e2e),
    tpotMs: percentiles(tpotMulti),
    queueWaitMs: percentiles(wait),
    outputTokensPerS: perS(e.outputTokens),
    requestsPerS: perS(n),
    meanInSystem: durationMs > 0 ? e.inSystemArea / durationMs : 0,
    meanDecodeBatch: e.decodeSteps > 0 ? e.decodeTokens / e.decodeSteps : 0,
    sla,
    queue: e.queue.series(),
  };
}
