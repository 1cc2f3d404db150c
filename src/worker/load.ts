// Serving simulations in the worker: a λ sweep runs one simulation at a time and yields to the
// worker's event loop between them, so progress reaches the page and a cancel (or a newer
// request) stops it between runs.

import { type LoadAnswer, type LoadRequest, loadConfig } from '../model/serving/load-request';
import { simulate } from '../model/serving/simulate';
import { maxSweepRuns, sweepSteps } from '../model/serving/sweep';

let current: AbortController | null = null;

const breather = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Runs `req`; resolves null when cancelled (by cancelLoad or a newer request). */
export async function runLoad(
  req: LoadRequest,
  onProgress: (done: number, total: number) => void,
): Promise<LoadAnswer | null> {
  current?.abort();
  const abort = new AbortController();
  current = abort;
  try {
    const { config, kvNote } = loadConfig(req);
    const head = { kvCapacityTokens: config.kvCapacityTokens ?? 0, kvNote };
    if (req.single !== undefined) {
      const workload = { ...config.workload, arrivals: req.single };
      return { ...head, run: simulate({ ...config, workload }) };
    }
    const total = maxSweepRuns(config, req.sweep);
    const steps = sweepSteps(config, req.sweep);
    for (;;) {
      await breather();
      if (abort.signal.aborted) return null;
      const next = steps.next();
      if (next.done === true) return { ...head, sweep: next.value };
      onProgress(next.value, total);
    }
  } finally {
    if (current === abort) current = null;
  }
}

export function cancelLoad(): void {
  current?.abort();
}
