// Submissions at a sustained rate: `concurrency` clients, each posting its next distinct document
// as soon as its last one was answered, for `seconds`; every answer's status and latency kept.

import type { ResultsDocument } from '../../src/core/results';
import { submission } from './documents';

export interface LoadResult {
  seconds: number;
  concurrency: number;
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

export async function sustainSubmissions(
  baseUrl: string,
  template: ResultsDocument,
  seconds: number,
  concurrency: number,
): Promise<LoadResult> {
  const latencies: number[] = [];
  const failed: Record<string, number> = {};
  let next = 0;
  let stored = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const client = async () => {
    while (performance.now() < deadline) {
      const body = submission(template, next++);
      const t0 = performance.now();
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
      latencies.push(performance.now() - t0);
      if (status === 201) stored++;
      else failed[String(status)] = (failed[String(status)] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, client));
  const elapsed = (performance.now() - started) / 1000;
  const sorted = latencies.sort((a, b) => a - b);
  return {
    seconds: elapsed,
    concurrency,
    stored,
    failed,
    perSecond: stored / elapsed,
    latencyMs: {
      p50: percentile(sorted, 0.5),
      p95: percentile(sorted, 0.95),
      p99: percentile(sorted, 0.99),
      max: sorted[sorted.length - 1] ?? Number.NaN,
    },
  };
}
