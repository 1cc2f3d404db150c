// The three batching policies. Each decides, at a step boundary, what the GPU does next; the
// engine (engine.ts) carries it out and keeps the books.

import { fusedStepMs } from '../step-times';
import { contextOf, remainingOf, type Seq, type ServingEngine } from './server';

export type SchedulerKind = 'static' | 'continuous' | 'chunked';

export type SchedulerConfig =
  /** Waits for a full batch (or until the oldest request has waited timeoutMs), then runs it to the end. */
  | { kind: 'static'; maxBatch: number; timeoutMs: number }
  /** Sequences join and leave every step; a step prefills whole prompts (up to maxPrefillTokens) or decodes. */
  | { kind: 'continuous'; maxBatch: number; maxPrefillTokens: number }
  /** Every step spends a token budget: one token per running decode first, the rest on prefill chunks. */
  | { kind: 'chunked'; maxBatch: number; tokenBudget: number };

/** Defaults: 256 sequences (vLLM's max_num_seqs default); the token figures are settings. */
export function defaultScheduler(kind: SchedulerKind): SchedulerConfig {
  switch (kind) {
    case 'static':
      return { kind, maxBatch: 256, timeoutMs: 100 };
    case 'continuous':
      return { kind, maxBatch: 256, maxPrefillTokens: 8192 };
    case 'chunked':
      return { kind, maxBatch: 256, tokenBudget: 2048 };
  }
}

export function validateScheduler(c: SchedulerConfig): void {
  const whole = (v: number, what: string) => {
    if (!Number.isInteger(v) || v < 1) {
      throw new RangeError(`${what} must be a whole number ≥ 1, got ${v}`);
    }
  };
  whole(c.maxBatch, 'max batch');
  if (c.kind === 'static' && !(c.timeoutMs >= 0)) {
    throw new RangeError(`static batching timeout must be ≥ 0 ms, got ${c.timeoutMs}`);
  }
  if (c.kind === 'continuous') whole(c.maxPrefillTokens, 'prefill tokens per step');
  if (c.kind === 'chunked') {
    whole(c.tokenBudget, 'token budget per step');
    // As vLLM requires max_num_batched_tokens ≥ max_num_seqs: every decode must fit a step.
    if (c.tokenBudget < c.maxBatch) {
      throw new RangeError(
        `token budget per step (${c.tokenBudget}) must be at least the max batch (${c.maxBatch})`,
      );
    }
  }
}

/** One scheduling decision and the step it starts; false when there is nothing left to do. */
export interface SchedulerPolicy {
  step(): boolean;
}

const minRemaining = (seqs: readonly Seq[]) =>
  seqs.reduce((m, s) => Math.min(m, remainingOf(s)), Number.POSITIVE_INFINITY);
const totalContext = (seqs: readonly Seq[]) => seqs.reduce((n, s) => n + contextOf(s), 0);

/** Nothing to run: wait for the next arrival, or stop. */
function idle(e: ServingEngine): boolean {
  if (!e.hasPendingArrivals()) {
    if (e.waitingCount > 0) throw new Error('scheduler: requests wait but none can ever start');
    return false;
  }
  e.idleUntil(e.nextArrivalMs());
  return true;
}

/**
 * All running sequences decode until one finishes, or, when the queue is empty and a slot is
 * free, until the next arrival (it may be admitted at the next boundary). A non-empty queue here
 * is blocked on a batch slot or on KV room, which only a finish frees.
 */
function decodeUntilSomethingChanges(e: ServingEngine, decoders: readonly Seq[]): void {
  const slotFree = e.running.length < e.limits.maxBatch;
  const cut = e.waitingCount === 0 && slotFree ? e.nextArrivalMs() : Number.POSITIVE_INFINITY;
  e.decodeStretch(decoders, decoders.length, totalContext(decoders), minRemaining(decoders), cut);
}

function continuousPolicy(
  e: ServingEngine,
  c: Extract<SchedulerConfig, { kind: 'continuous' }>,
): SchedulerPolicy {
  return {
    step() {
      const admitted: Seq[] = [];
      let tokens = 0;
      for (let r = e.peekWaiting(); r !== undefined && e.canAdmit(r); r = e.peekWaiting()) {
        if (admitted.length > 0 && tokens + r.promptTokens > c.maxPrefillTokens) break;
        admitted.push(e.admit());
        tokens += r.promptTokens;
      }
      if (admitted.length > 0) {
        const ms = e.times.prefillMs(tokens) + e.times.stepOverheadMs;
        e.runStep(
          ms,
          [],
          admitted.map((seq) => ({ seq, tokens: seq.req.promptTokens })),
        );
        return true;
      }
      if (e.running.length > 0) {
        decodeUntilSomethingChanges(e, e.running);
        return true;
      }
      return idle(e);
    },
  };
}

function chunkedPolicy(
  e: ServingEngine,
  c: Extract<SchedulerConfig, { kind: 'chunked' }>,
): SchedulerPolicy {
  return {
    step() {
      const decoders = e.running.filter((s) => s.generated > 0);
      let left = c.tokenBudget - decoders.length;
      const chunks: { seq: Seq; tokens: number }[] = [];
      for (const seq of e.running) {
        if (left === 0) break;
        const need = seq.req.promptTokens - seq.prefilled;
        if (seq.generated > 0 || need === 0) continue;
        const tokens = Math.min(left, need);
        chunks.push({ seq, tokens });
        left -= tokens;
      }
      for (let r = e.peekWaiting(); left > 0 && r !== undefined && e.canAdmit(r); ) {
        const seq = e.admit();
        const tokens = Math.min(left, r.promptTokens);
        chunks.push({ seq, tokens });
        left -= tokens;
        r = e.peekWaiting();
      }
      if (chunks.length > 0) {
        const prefillTokens = chunks.reduce((n, ch) => n + ch.tokens, 0);
        const ms = fusedStepMs(e.times, decoders.length, totalContext(decoders), prefillTokens);
        e.runStep(ms, decoders, chunks);
        return true;
      }
      if (decoders.length > 0) {
        decodeUntilSomethingChanges(e, decoders);
        return true;
      }
      return idle(e);
    },
  };
}

function staticPolicy(
  e: ServingEngine,
  c: Extract<SchedulerConfig, { kind: 'static' }>,
): SchedulerPolicy {
  let batchSize = 0;
  /** The padded batch's cached tokens: every slot holds the longest prompt plus the steps run. */
  let paddedContext = 0;
  return {
    step() {
      if (e.running.length > 0) {
        const k = e.decodeStretch(
          e.running,
          batchSize,
          paddedContext,
          minRemaining(e.running),
          Number.POSITIVE_INFINITY,
        );
        paddedContext += k * batchSize;
        return true;
      }
      const head = e.peekWaiting();
      if (head === undefined) return idle(e);
      const deadline = head.arrivalMs + c.timeoutMs;
      const ready = e.waitingCount >= c.maxBatch || e.now >= deadline || !e.hasPendingArrivals();
      if (!ready) {
        e.idleUntil(Math.min(e.nextArrivalMs(), deadline));
        return true;
      }
      const batch: Seq[] = [];
      for (let r = e.peekWaiting(); r !== undefined && e.canAdmit(r); r = e.peekWaiting()) {
        batch.push(e.admit());
      }
      const longest = batch.reduce((m, s) => Math.max(m, s.req.promptTokens), 0);
      batchSize = batch.length;
      paddedContext = batchSize * (longest + 1);
      const ms = e.times.prefillMs(batchSize * longest) + e.times.stepOverheadMs;
      e.runStep(
        ms,
        [],
        batch.map((seq) => ({ seq, tokens: seq.req.promptTokens })),
      );
      return true;
    },
  };
}

export function schedulerPolicy(e: ServingEngine, c: SchedulerConfig): SchedulerPolicy {
  validateScheduler(c);
  switch (c.kind) {
    case 'static':
      return staticPolicy(e, c);
    case 'continuous':
      return continuousPolicy(e, c);
    case 'chunked':
      return chunkedPolicy(e, c);
  }
}
