// The page's handle on the benchmark worker.

import * as Comlink from 'comlink';
import type { Progress } from '../bench/runner';
import type { DecodeRun, PlanName, ResultRow, ResultsDocument } from '../core/results';
import type { RunSettings } from '../core/settings';
import type {
  AdapterReport,
  BenchWorkerApi,
  DecodeCallbacks,
  DecodeRequest,
  LoadAnswer,
  LoadRequest,
} from './protocol';

export interface BenchClient {
  describe(): Promise<AdapterReport>;
  run(
    plan: PlanName,
    onProgress: (p: Progress) => void,
    onResult: (row: ResultRow) => void,
    resume?: ResultsDocument,
    settings?: RunSettings,
  ): Promise<ResultsDocument>;
  estimateFull: BenchWorkerApi['estimateFull'];
  cancel(): Promise<void>;
  bufferStats(): Promise<{ live: number; created: number; destroyed: number }>;
  destroyDevice(): Promise<void>;
  /** A serving simulation or λ sweep in the worker (see BenchWorkerApi.simulateLoad). */
  simulateLoad(
    req: LoadRequest,
    onProgress: (done: number, total: number) => void,
  ): Promise<LoadAnswer | null>;
  cancelLoad(): Promise<void>;
  /** A whole-model decode run in the worker (see BenchWorkerApi.decode). */
  decode(req: DecodeRequest, callbacks: DecodeCallbacks, doc?: ResultsDocument): Promise<DecodeRun>;
  cancelDecode(): Promise<void>;
  terminate(): void;
}

/**
 * Runs `call` with callbacks that fall silent once it settles. Comlink sends them on a channel
 * of their own, so one posted before the result can arrive after it; it must not then, say, put
 * a partial run back on screen over the whole one.
 */
export async function untilSettled<C extends object, R>(
  callbacks: C,
  call: (live: C) => Promise<R>,
): Promise<R> {
  let open = true;
  const live = Object.fromEntries(
    Object.entries(callbacks).map(([name, fn]) => [
      name,
      (...args: unknown[]) => (open ? (fn as (...a: unknown[]) => unknown)(...args) : undefined),
    ]),
  ) as C;
  try {
    return await call(live);
  } finally {
    open = false;
  }
}

export function createBenchClient(): BenchClient {
  const worker = new Worker(new URL('./bench.worker.ts', import.meta.url), {
    type: 'module',
    name: 'webgpu-roofline-bench',
  });
  const api = Comlink.wrap<BenchWorkerApi>(worker);
  return {
    describe: () => api.describe(),
    run: (plan, onProgress, onResult, resume, settings) =>
      untilSettled({ onProgress, onResult }, (live) =>
        api.run(plan, Comlink.proxy(live), resume, settings),
      ),
    estimateFull: (doc, ms) => api.estimateFull(doc, ms),
    cancel: () => api.cancel(),
    bufferStats: () => api.bufferStats(),
    destroyDevice: () => api.destroyDevice(),
    simulateLoad: (req, onProgress) =>
      untilSettled({ onProgress }, (live) => api.simulateLoad(req, Comlink.proxy(live.onProgress))),
    cancelLoad: () => api.cancelLoad(),
    decode: (req, callbacks, doc) =>
      untilSettled({ onProgress: callbacks.onProgress, onToken: callbacks.onToken }, (live) =>
        api.decode(req, Comlink.proxy(live), doc),
      ),
    cancelDecode: () => api.cancelDecode(),
    terminate: () => {
      api[Comlink.releaseProxy]();
      worker.terminate();
    },
  };
}
