// Where requests come from: Poisson arrivals at rate λ, a closed loop of N users who think between
// requests, or a trace. Each random quantity has its own stream of the seed (arrival gaps, prompt
// lengths, output lengths, think times), so changing one setting leaves the others' draws alone
// and two schedulers given the same seed see the same requests (common random numbers).

import { type LengthDist, lengthSampler, validateLengthDist } from './lengths';
import { createRng, deriveSeed, exponential } from './random';
import type { TraceRequest } from './trace';

export type ArrivalSpec =
  /** Open loop: exponential gaps with mean 1/λ. */
  | { kind: 'poisson'; ratePerS: number }
  /** Closed loop: each user sends, waits for the whole reply, thinks (exponential, this mean; 0 = none), sends again. */
  | { kind: 'closed'; users: number; thinkMs: number }
  /** Replay: arrival times and lengths from the trace; the length distributions are unused. */
  | { kind: 'trace'; requests: readonly TraceRequest[] };

export interface WorkloadSpec {
  arrivals: ArrivalSpec;
  /** Requests to send (a trace sends at most its own length). */
  requests: number;
  prompt: LengthDist;
  output: LengthDist;
  seed: number;
}

export interface Request {
  id: number;
  arrivalMs: number;
  promptTokens: number;
  outputTokens: number;
}

/** Supplies arrivals to the engine; a closed loop answers each finished request with the next. */
export interface RequestSource {
  /** Arrivals known up front (all of them for open loops). */
  initial(): Request[];
  /** Called once per finished or rejected request; returns that user's next request, if any. */
  afterFinish(atMs: number): Request | undefined;
}

const STREAM = { gaps: 1, prompt: 2, output: 3, think: 4 } as const;

export function validateWorkload(w: WorkloadSpec): void {
  if (!Number.isInteger(w.requests) || w.requests < 1) {
    throw new RangeError(`requests must be a whole number ≥ 1, got ${w.requests}`);
  }
  const a = w.arrivals;
  if (a.kind === 'poisson' && !(a.ratePerS > 0 && Number.isFinite(a.ratePerS))) {
    throw new RangeError(`arrival rate must be > 0 requests/s, got ${a.ratePerS}`);
  }
  if (a.kind === 'closed') {
    if (!Number.isInteger(a.users) || a.users < 1) {
      throw new RangeError(`users must be a whole number ≥ 1, got ${a.users}`);
    }
    if (!(a.thinkMs >= 0) || !Number.isFinite(a.thinkMs)) {
      throw new RangeError(`think time must be ≥ 0 ms, got ${a.thinkMs}`);
    }
  }
  if (a.kind === 'trace' && a.requests.length === 0) throw new RangeError('the trace is empty');
  if (a.kind !== 'trace') {
    validateLengthDist(w.prompt, 'prompt lengths');
    validateLengthDist(w.output, 'output lengths');
  }
}

export function requestSource(w: WorkloadSpec): RequestSource {
  validateWorkload(w);
  const a = w.arrivals;
  if (a.kind === 'trace') {
    const reqs = a.requests.slice(0, w.requests).map((r, id) => ({ id, ...r }));
    return { initial: () => reqs, afterFinish: () => undefined };
  }
  const prompt = lengthSampler(w.prompt, createRng(deriveSeed(w.seed, STREAM.prompt)));
  const output = lengthSampler(w.output, createRng(deriveSeed(w.seed, STREAM.output)));
  let issued = 0;
  const make = (arrivalMs: number): Request => ({
    id: issued++,
    arrivalMs,
    promptTokens: prompt(),
    outputTokens: output(),
  });

  if (a.kind === 'poisson') {
    // Unit-mean gaps scaled by 1/λ: the same seed gives the same pattern, stretched, at every λ.
    const gaps = createRng(deriveSeed(w.seed, STREAM.gaps));
    const msPerRequest = 1000 / a.ratePerS;
    const reqs: Request[] = [];
    let t = 0;
    for (let i = 0; i < w.requests; i++) {
      t += exponential(gaps, 1) * msPerRequest;
      reqs.push(make(t));
    }
    return { initial: () => reqs, afterFinish: () => undefined };
  }

  const think = createRng(deriveSeed(w.seed, STREAM.think));
  const thinkMs = () => (a.thinkMs > 0 ? exponential(think, a.thinkMs) : 0);
  return {
    initial() {
      const first: Request[] = [];
      for (let u = 0; u < a.users && issued < w.requests; u++) first.push(make(thinkMs()));
      return first;
    },
    afterFinish(atMs) {
      return issued < w.requests ? make(atMs + thinkMs()) : undefined;
    },
  };
}
