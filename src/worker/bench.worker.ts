// The benchmark's home in the page: a dedicated module worker, exposed with comlink.
// It owns the GPU device; the page only sends commands and receives progress and rows.

import * as Comlink from 'comlink';
import { fullPlanSeconds } from '../bench/estimate';
import { buildPlan, planInputs } from '../bench/plan';
import { BenchRunner } from '../bench/runner';
import { errorMessage } from '../core/error-message';
import { browserRuntime } from '../core/runtime';
import { acquireGpu, type GpuContext } from '../gpu/device';
import { isGpuError } from '../gpu/errors';
import { unofferedOn } from '../kernels/offers';
import { cancelDecode, runDecodeRequest } from './decode';
import { cancelLoad, runLoad } from './load';
import type { AdapterReport, BenchWorkerApi, RunCallbacks } from './protocol';

let gpu: GpuContext | null = null;
let abort: AbortController | null = null;
const totals = { created: 0, destroyed: 0, live: 0 };

/** The current device, or a new one if there is none or it was lost. */
async function device(): Promise<GpuContext> {
  if (gpu && gpu.lostReason() === null) return gpu;
  gpu = await acquireGpu(self.navigator.gpu);
  return gpu;
}

const api: BenchWorkerApi = {
  async describe(): Promise<AdapterReport> {
    try {
      const ctx = await device();
      return {
        ok: true,
        adapter: ctx.description,
        timing: ctx.timing,
        grantedLimits: ctx.grantedLimits,
        unoffered: unofferedOn(ctx),
      };
    } catch (e) {
      return { ok: false, code: isGpuError(e) ? e.code : 'unknown', message: errorMessage(e) };
    }
  },

  async run(planName, callbacks: RunCallbacks, resume, settings = {}) {
    const ctx = await device();
    const chosen = resume === undefined ? settings : (resume.settings ?? {});
    const plan = buildPlan(planName, planInputs(ctx), chosen);
    const runner = new BenchRunner(ctx, chosen.timer === undefined ? {} : { timing: chosen.timer });
    abort = new AbortController();
    try {
      return await runner.runPlan(
        plan,
        browserRuntime(self.navigator.userAgent),
        {
          signal: abort.signal,
          onProgress: (p) => callbacks.onProgress(p),
          onResult: (row) => callbacks.onResult(row),
        },
        resume,
      );
    } finally {
      runner.destroy();
      totals.created += runner.ledger.created;
      totals.destroyed += runner.ledger.destroyed;
      totals.live = runner.ledger.liveCount;
      abort = null;
    }
  },

  async estimateFull(doc, ms) {
    return fullPlanSeconds(doc, planInputs(await device()), ms);
  },

  cancel() {
    abort?.abort();
  },

  destroyDevice() {
    gpu?.device.destroy();
  },

  bufferStats() {
    return { ...totals };
  },

  simulateLoad: (req, onProgress) => runLoad(req, (done, total) => onProgress(done, total)),
  cancelLoad,
  decode: (req, callbacks, doc) => runDecodeRequest(device, req, callbacks, doc),
  cancelDecode,
};

Comlink.expose(api);
