// The mechanics of a serving simulation, without the decisions (schedulers.ts makes those):
// the clock, pending arrivals, the FCFS waiting queue, the running sequences, KV-cache
// reservations, and the records every output is computed from. Time moves by whole steps or
// by stretches of identical decode steps, never by ticks.
//
// Admission policy: a request is admitted only when a batch slot is free and its prompt + output
// tokens fit in the free KV cache; the reservation is made up front (as TGI reserves
// max_new_tokens), so nothing is ever preempted. The queue is FCFS: a head that does not fit
// blocks those behind it. A request that could never fit the whole cache, or that arrives to a
// full queue, is rejected on arrival.

import { ArrivalQueue } from '../requests/arrival-queue';
import type { Request, RequestSource } from '../requests/workload';
import type { StepTimes } from '../step-times';
import { FinishedLog } from './finished-log';
import { QueueRecorder } from './queue-series';
import { GapRuns } from './stats';

/** A request on the GPU: admitted, its KV reserved. */
export interface Seq {
  req: Request;
  admittedMs: number;
  /** Prompt tokens already prefilled. */
  prefilled: number;
  /** Output tokens emitted (the first comes with the end of prefill). */
  generated: number;
  firstTokenMs: number;
  lastTokenMs: number;
}

export interface EngineLimits {
  maxBatch: number;
  kvCapacityTokens: number;
  maxQueue: number;
}

/** Cached tokens of a sequence: its prefilled prompt and the tokens it has generated. */
export const contextOf = (s: Seq): number => s.prefilled + s.generated;
export const remainingOf = (s: Seq): number => s.req.outputTokens - s.generated;
const kvNeed = (r: Request) => r.promptTokens + r.outputTokens;

/** Smallest k ≥ 1 with k·g0 + δ·k(k−1)/2 ≥ d: the step during which time d is reached. */
export function stepsToReach(d: number, g0: number, delta: number): number {
  const total = (k: number) => k * g0 + (delta * k * (k - 1)) / 2;
  if (d <= g0) return 1;
  let k: number;
  if (delta <= 1e-15 * g0) k = Math.ceil(d / g0);
  else {
    const b = g0 - delta / 2;
    k = Math.ceil((-b + Math.sqrt(b * b + 2 * delta * d)) / delta);
  }
  k = Math.max(1, k);
  while (k > 1 && total(k - 1) >= d) k--;
  while (total(k) < d) k++;
  return k;
}

export class ServingEngine {
  now = 0;
  running: Seq[] = [];
  kvUsed = 0;
  readonly finished = new FinishedLog();
  readonly gaps = new GapRuns();
  readonly queue: QueueRecorder;
  arrived = 0;
  rejected = 0;
  /** ∫ (waiting + running) dt, for the time-averaged number in the system. */
  inSystemArea = 0;
  decodeTokens = 0;
  decodeSteps = 0;
  outputTokens = 0;

  private readonly pending: ArrivalQueue;
  private readonly waitingQueue: Request[] = [];
  private head = 0;
  private areaT = 0;

  constructor(
    private readonly source: RequestSource,
    readonly times: StepTimes,
    readonly limits: EngineLimits,
    queueBins = 256,
  ) {
    this.queue = new QueueRecorder(queueBins);
    this.pending = new ArrivalQueue(source.initial());
    this.advanceTo(0);
  }

  get waitingCount(): number {
    return this.waitingQueue.length - this.head;
  }

  peekWaiting(): Request | undefined {
    return this.waitingQueue[this.head];
  }

  nextArrivalMs(): number {
    return this.pending.peek()?.arrivalMs ?? Number.POSITIVE_INFINITY;
  }

  hasPendingArrivals(): boolean {
    return this.pending.size > 0;
  }

  canAdmit(r: Request): boolean {
    return (
      this.running.length < this.limits.maxBatch &&
      this.kvUsed + kvNeed(r) <= this.limits.kvCapacityTokens
    );
  }

  /** Moves the waiting head onto the GPU. The caller checked canAdmit. */
  admit(): Seq {
    const r = this.waitingQueue[this.head];
    if (r === undefined) throw new Error('admit: nothing is waiting');
    this.head++;
    if (this.head > 1024 && this.head * 2 > this.waitingQueue.length) {
      this.waitingQueue.splice(0, this.head);
      this.head = 0;
    }
    this.kvUsed += kvNeed(r);
    const s: Seq = {
      req: r,
      admittedMs: this.now,
      prefilled: 0,
      generated: 0,
      firstTokenMs: Number.NaN,
      lastTokenMs: Number.NaN,
    };
    this.running.push(s);
    this.queue.record(this.now, this.waitingCount, this.running.length);
    return s;
  }

  private changeCounts(at: number, apply: () => void): void {
    this.inSystemArea += (this.waitingCount + this.running.length) * (at - this.areaT);
    this.areaT = at;
    apply();
    this.queue.record(at, this.waitingCount, this.running.length);
  }

  private arrive(r: Request): void {
    this.arrived++;
    const full = this.waitingCount >= this.limits.maxQueue;
    if (full || kvNeed(r) > this.limits.kvCapacityTokens) {
      this.rejected++;
      const next = this.source.afterFinish(r.arrivalMs);
      if (next !== undefined) this.pending.push(next);
      return;
    }
    this.changeCounts(r.arrivalMs, () => this.waitingQueue.push(r));
  }

  /** Takes in every arrival up to time t (inclusive), in order, and sets the clock to t. */
  advanceTo(t: number): void {
    for (;;) {
      const r = this.pending.peek();
      if (r === undefined || r.arrivalMs > t) break;
      this.pending.pop();
      this.arrive(r);
    }
    this.now = Math.max(this.now, t);
  }

  /** Nothing to run: wait for time t. */
  idleUntil(t: number): void {
    this.advanceTo(t);
  }

  private finish(s: Seq): void {
    const r = s.req;
    this.kvUsed -= kvNeed(r);
    this.finished.push({
      id: r.id,
      arrivalMs: r.arrivalMs,
      admittedMs: s.admittedMs,
      firstTokenMs: s.firstTokenMs,
      finishMs: s.lastTokenMs,
      promptTokens: r.promptTokens,
      outputTokens: r.outputTokens,
    });
    const next = this.source.afterFinish(s.lastTokenMs);
    if (next !== undefined) this.pending.push(next);
  }

  private retireFinished(): void {
    if (!this.running.some((s) => s.generated >= s.req.outputTokens)) return;
    const done = this.running.filter((s) => s.generated >= s.req.outputTokens);
    this.changeCounts(this.now, () => {
      this.running = this.running.filter((s) => s.generated < s.req.outputTokens);
    });
    for (const s of done) this.finish(s);
  }

  /** Records the gap each sequence waited for its next token, grouping equal gaps. */
  private recordFirstGaps(decoders: readonly Seq[], tokenAt: number): void {
    const first = decoders[0];
    if (first === undefined) return;
    const gap = tokenAt - first.lastTokenMs;
    if (decoders.every((s) => s.lastTokenMs === first.lastTokenMs)) {
      this.gaps.add(gap, 0, 1, decoders.length); // the usual case: they all last emitted together
      return;
    }
    const groups = new Map<number, number>();
    for (const s of decoders) {
      const g = tokenAt - s.lastTokenMs;
      groups.set(g, (groups.get(g) ?? 0) + 1);
    }
    for (const [g, n] of groups) this.gaps.add(g, 0, 1, n);
  }

  private checkDuration(ms: number): void {
    if (!(ms > 0) || !Number.isFinite(ms)) {
      throw new RangeError(`a step must take a positive, finite time; got ${ms} ms`);
    }
  }

  /**
   * One step of `durationMs`: each decoder emits a token, each prefill chunk goes into the cache;
   * a prompt whose last chunk lands emits its first token at the end of the step.
   */
  runStep(
    durationMs: number,
    decoders: readonly Seq[],
    chunks: readonly { seq: Seq; tokens: number }[],
  ): void {
    this.checkDuration(durationMs);
    const end = this.now + durationMs;
    this.advanceTo(end);
    if (decoders.length > 0) {
      this.recordFirstGaps(decoders, end);
      for (const s of decoders) {
        s.generated++;
        s.lastTokenMs = end;
      }
      this.decodeTokens += decoders.length;
      this.decodeSteps++;
      this.outputTokens += decoders.length;
    }
    for (const { seq, tokens } of chunks) {
      seq.prefilled += tokens;
      if (seq.prefilled >= seq.req.promptTokens && seq.generated === 0) {
        seq.generated = 1;
        seq.firstTokenMs = end;
        seq.lastTokenMs = end;
        this.outputTokens++;
      }
    }
    this.retireFinished();
  }

  /**
   * k identical-batch decode steps at once, k ≤ kMax (no decoder may finish before the last), cut
   * short at the step during which `cutAtMs` falls. The step time is taken as linear in the
   * context over the stretch (exact where the step-time model is; see from-estimator.ts), from a
   * batch of `costBatch` sequences holding `costContext` tokens that grows by `costBatch` a step.
   * Returns k.
   */
  decodeStretch(
    decoders: readonly Seq[],
    costBatch: number,
    costContext: number,
    kMax: number,
    cutAtMs: number,
  ): number {
    const t = this.times;
    const g0 = t.decodeMs(costBatch, costContext) + t.stepOverheadMs;
    this.checkDuration(g0);
    const gLast =
      kMax > 1
        ? t.decodeMs(costBatch, costContext + (kMax - 1) * costBatch) + t.stepOverheadMs
        : g0;
    const delta = kMax > 1 ? (gLast - g0) / (kMax - 1) : 0;
    const k = Number.isFinite(cutAtMs)
      ? Math.min(kMax, stepsToReach(cutAtMs - this.now, g0, delta))
      : kMax;
    const end = this.now + k * g0 + (delta * k * (k - 1)) / 2;
    if (decoders.every((s) => s.lastTokenMs === this.now)) {
      this.gaps.add(g0, delta, k, decoders.length); // straight on from the last step: one run
    } else {
      this.recordFirstGaps(decoders, this.now + g0);
      this.gaps.add(g0 + delta, delta, k - 1, decoders.length);
    }
    this.advanceTo(end);
    for (const s of decoders) {
      s.generated += k;
      s.lastTokenMs = end;
    }
    this.decodeTokens += k * decoders.length;
    this.decodeSteps += k;
    this.outputTokens += k * decoders.length;
    this.retireFinished();
    return k;
  }

  /** Closes the books at the current time (for the time averages). */
  close(): void {
    this.changeCounts(this.now, () => {});
  }
}
