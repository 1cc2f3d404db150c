// Submissions two ways, each answer's status and latency kept:
// - closed loop: `concurrency` clients, each posting its next distinct document as soon as its last
//   one was answered, for `seconds`: the most the server sustains (latency is then queueing);
// - open loop: one distinct document every 1/rate s for `seconds`, whatever is still unanswered:
//   the latency at that rate, measured from when each was due (a late send counts against it).

import type { ResultsDocument } from '../../src/core/results';
import { submission } from './documents';

export interface LoadResult {
  seconds: number;
  /** Closed loop: the clients; open loop: the most submissions in flight at once. */
  concurrency: number;
  /** Open loop only: submissions offered per second. */
  offeredPerSecond?: number;
  /** 201 answers (stored, after COMMIT). */
  stored: number;
  /** Any other answer, by status (0: the request failed). */
  failed: Record<string, number>;
  perSecond: number;
  latencyMs: { p50: number; p95: number; p99: number; max: number };
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? Number.NaN;
}

/** Answers gathered by either loop. */
class Tally {
  readonly latencies: number[] = [];
  readonly failed: Record<string, number> = {};
  stored = 0;

  /** Posts one document; its latency counted from `since`. */
  async submit(baseUrl: string, body: string, since: number): Promise<void> {
    let status = 0;
    try {
      const reply = await fetch(`${baseUrl}api/runs`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      status = reply.status;
      await reply.arrayBuffer();
    } catch {
      status = 0;
    }
    this.latencies.push(performance.now() - since);
    if (status === 201) this.stored++;
    else this.failed[String(status)] = (this.failed[String(status)] ?? 0) + 1;
  }

  result(started: number, concurrency: number): LoadResult {
    const elapsed = (performance.now() - started) / 1000;
    const sorted = this.latencies.sort((a, b) => a - b);
    return {
      seconds: elapsed,
      concurrency,
      stored: this.stored,
      failed: this.failed,
      perSecond: this.stored / elapsed,
      latencyMs: {
        p50: percentile(sorted, 0.5),
        p95: percentile(sorted, 0.95),
        p99: percentile(sorted, 0.99),
        max: sorted[sorted.length - 1] ?? Number.NaN,
      },
    };
  }
}

export async function sustainSubmissions(
  baseUrl: string,
  template: ResultsDocument,
  seconds: number,
  concurrency: number,
  /** The first document's number (documents are distinct by number). */
  first = 0,
): Promise<LoadResult> {
  const tally = new Tally();
  let next = first;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const client = async () => {
    while (performance.now() < deadline) {
      const body = submission(template, next++);
      await tally.submit(baseUrl, body, performance.now());
    }
  };
  await Promise.all(Array.from({ length: concurrency }, client));
  return tally.result(started, concurrency);
}

const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

/** `rate` submissions a second for `seconds`, each sent when due, however many are unanswered. */
export async function offerSubmissions(
  baseUrl: string,
  template: ResultsDocument,
  seconds: number,
  rate: number,
): Promise<LoadResult> {
  const tally = new Tally();
  const sent: Promise<void>[] = [];
  let inFlight = 0;
  let mostInFlight = 0;
  const started = performance.now();
  const total = Math.round(seconds * rate);
  for (let n = 0; n < total; n++) {
    const due = started + (n * 1000) / rate;
    const early = due - performance.now();
    if (early > 0) await sleep(early);
    inFlight++;
    mostInFlight = Math.max(mostInFlight, inFlight);
    const body = submission(template, n);
    sent.push(tally.submit(baseUrl, body, due).finally(() => inFlight--));
  }
  await Promise.all(sent);
  return { ...tally.result(started, mostInFlight), offeredPerSecond: rate };
}
