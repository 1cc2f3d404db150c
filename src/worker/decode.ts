// One whole-model decode run in the worker, from the page's plain inputs: its own buffers and
// timer, progress per stage and token, and a cancel that stops it at the next checkpoint (between
// tokens: well within a second). A cancel, a lost device or anything else that ends the run
// comes back as a failed run with its reason, never as a thrown error.

import { version } from '../../package.json';
import { runDecode } from '../bench/decode';
import { failedDecode } from '../bench/decode-record';
import { DEFAULT_DECODE, type DecodeSpec, MiB } from '../bench/decode-spec';
import { errorMessage } from '../core/error-message';
import { type DecodeRun, type ResultsDocument, SCHEMA_VERSION, TOOL_NAME } from '../core/results';
import { browserRuntime } from '../core/runtime';
import { BufferLedger } from '../gpu/buffers';
import type { GpuContext } from '../gpu/device';
import { GpuError, isGpuError } from '../gpu/errors';
import { createTimer } from '../gpu/timer';
import type { DecodeCallbacks, DecodeRequest } from './protocol';

let current: AbortController | null = null;

export function specFor(req: DecodeRequest): DecodeSpec {
  return {
    model: req.model,
    ...(req.config === undefined ? {} : { config: req.config }),
    format: req.format,
    context: req.context,
    tokens: req.tokens,
    promptTokens: req.promptTokens ?? DEFAULT_DECODE.promptTokens,
    ...(req.layers === undefined ? {} : { layers: req.layers }),
    budgetBytes: req.budgetMiB * MiB,
  };
}

/** A document with no kernel rows: the run then has no prediction, only its own times. */
function emptyDocument(gpu: GpuContext): ResultsDocument {
  return {
    schemaVersion: SCHEMA_VERSION,
    tool: { name: TOOL_NAME, version },
    createdAt: new Date().toISOString(),
    plan: 'quick',
    runtime: browserRuntime(self.navigator.userAgent),
    adapter: gpu.description,
    timing: gpu.timing,
    grantedLimits: gpu.grantedLimits,
    tuning: [],
    results: [],
  };
}

/** A failed run, even for a model id the catalogue does not know. */
function failed(spec: DecodeSpec, error: string): DecodeRun {
  try {
    return failedDecode(spec, error);
  } catch {
    const { model, format, context, promptTokens, tokens } = spec;
    const shape = { layers: 0, totalLayers: 0, verified: false };
    return { model, format, context, promptTokens, tokens, ...shape, error };
  }
}

/** How long a failed run waits for the device's lost promise before it names its own error. */
const LOST_GRACE_MS = 200;

/**
 * The device-lost message where the device went (a failure such as a mapAsync on a destroyed
 * device comes before the lost promise settles); null where it is still usable.
 */
async function lostMessage(ctx: GpuContext): Promise<string | null> {
  const grace = new Promise((resolve) => setTimeout(resolve, LOST_GRACE_MS));
  await Promise.race([ctx.device.lost, grace]);
  const reason = ctx.lostReason();
  return reason === null ? null : new GpuError('device-lost', `Device lost (${reason}).`).message;
}

/** Runs `req` on `gpu`, predicting from `doc`'s rows where it has them. */
export async function runDecodeRequest(
  gpu: () => Promise<GpuContext>,
  req: DecodeRequest,
  callbacks: DecodeCallbacks,
  doc: ResultsDocument | undefined,
): Promise<DecodeRun> {
  current?.abort();
  const abort = new AbortController();
  current = abort;
  const spec = specFor(req);
  try {
    const ctx = await gpu();
    const ledger = new BufferLedger(ctx.device);
    const timer = createTimer(ctx.device, ctx.timing, 64);
    try {
      callbacks.onProgress(0, spec.tokens);
      let done = 0;
      const run = await runDecode(ctx, ledger, timer, spec, doc ?? emptyDocument(ctx), {
        signal: abort.signal,
        onToken: (index, ms, token) => {
          done = index + 1;
          callbacks.onToken(index, ms, token);
          callbacks.onProgress(done, spec.tokens);
        },
      });
      // The callbacks travel on a channel of their own, and the page stops listening once the
      // result arrives: wait until it has every token before returning the run.
      await callbacks.onProgress(done, spec.tokens);
      const lost = run.error === undefined ? null : await lostMessage(ctx);
      return lost === null ? run : { ...run, verified: false, error: lost };
    } catch (e) {
      if (isGpuError(e, 'cancelled')) throw e;
      throw new Error((await lostMessage(ctx)) ?? errorMessage(e));
    } finally {
      ledger.destroyAll();
      timer.destroy();
    }
  } catch (e) {
    return failed(spec, errorMessage(e));
  } finally {
    if (current === abort) current = null;
  }
}

export function cancelDecode(): void {
  current?.abort();
}
