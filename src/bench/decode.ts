// A whole-model decode run, step by step: refuse a model the decoder cannot run, choose the
// kernels this run tuned (decode-kernels.ts), verify and build the decoder (decode-setup.ts),
// time TTFT and ms/token (one command buffer per token), and record the figures with the
// measured-mode prediction beside them (decode-record.ts). Anything that goes wrong before the
// times exist makes a failed run with its reason, never a number.

import { errorMessage } from '../core/error-message';
import { type FormatId, f16DotsFit, formatEntry } from '../core/formats';
import type { DecodeRun, ResultsDocument } from '../core/results';
import type { BufferLedger } from '../gpu/buffers';
import type { GpuContext } from '../gpu/device';
import { GpuError, isGpuError } from '../gpu/errors';
import { QUANTA_PER_PASS, type SubmitTimer } from '../gpu/timer';
import type { DecodeModel, Program } from '../kernels/decode/model';
import { promptTokens } from '../kernels/decode/verify';
import { type GemvVariant, gemvCapabilities, gemvVariantsFor, gemvXForm } from '../kernels/gemv';
import type { ModelConfig } from '../model/llm/models';
import { decodeKernels, gemvChoices } from './decode-kernels';
import {
  type DecodeTimings,
  decodeRefusal,
  oneLayerTooLarge,
  refusedRun,
  runBase,
  timedRun,
} from './decode-record';
import { verifiedDecoder } from './decode-setup';
import { type DecodeSpec, kvBytesOf, layersThatFit, MiB, specModel } from './decode-spec';

// The request's type and defaults, where the CLI's flags read them.
export { DEFAULT_DECODE, DEFAULT_DECODE_BUDGET, type DecodeSpec, MiB } from './decode-spec';

/**
 * Dispatches in the dispatch probe's first look; it grows ×4 (to PROBE_MAX) until one timing
 * lasts QUANTA_PER_PASS of the timer's steps and PROBE_MIN_MS: 64 small dispatches take 0.1–0.25
 * ms on a GPU, a few of Dawn's 65.5 µs steps.
 */
const DISPATCH_PROBE = 64;
const PROBE_MAX = 65_536;
const PROBE_MIN_MS = 1;

/**
 * What one small dispatch costs: `samples` timings of `count` dispatches of `program(count)`,
 * each ÷ count, the count grown until a timing is long against the timer's step.
 */
export async function probeDispatchCost(
  timer: SubmitTimer,
  program: (count: number) => Promise<Program>,
  samples = 5,
): Promise<{ dispatches: number; perDispatchMs: number[] }> {
  let count = DISPATCH_PROBE;
  let probe = await program(count);
  const time = (p: Program, expectedMs?: number) =>
    timer.time((pass) => p.encode(pass), 1, expectedMs);
  let ms = await time(probe);
  const short = () => ms < Math.max(PROBE_MIN_MS, QUANTA_PER_PASS * timer.quantumMs());
  while (short() && count * 4 <= PROBE_MAX) {
    count *= 4;
    probe = await program(count);
    ms = await time(probe, ms * 4);
  }
  const perDispatchMs: number[] = [];
  for (let i = 0; i < samples; i++) perDispatchMs.push((await time(probe, ms)) / count);
  return { dispatches: count, perDispatchMs };
}

/**
 * Whether the decoder may run this variant: all may, except an f16-x form for a format whose
 * stored values' f16 dots would overflow at a model's activations (int8's; core/formats
 * `f16DotsFit`).
 */
export const decodableGemv = (format: FormatId, v: GemvVariant): boolean =>
  gemvXForm(v) !== 'f16' || f16DotsFit(formatEntry(format));

export interface DecodeHooks {
  signal?: AbortSignal;
  /** Each timed token as it is stepped, with the id it sampled (the page streams them). */
  onToken?: (index: number, ms: number, token: number) => void;
  /**
   * First layers already checked against the CPU reference in this run (model and format → its
   * error): a second run of the same weights, at another context, skips the slow CPU check. The
   * attention at each context has its own verified row.
   */
  layerChecks?: Map<string, number>;
}

/**
 * Runs one spec. Throws only for what ends a run (cancel, device lost); the caller records
 * those as a failed run. Every buffer it made is freed before it returns.
 */
export async function runDecode(
  gpu: GpuContext,
  ledger: BufferLedger,
  timer: SubmitTimer,
  spec: DecodeSpec,
  doc: ResultsDocument,
  hooks: DecodeHooks = {},
): Promise<DecodeRun> {
  const model = specModel(spec);
  const base: DecodeRun = { ...runBase(spec, model), budgetBytes: spec.budgetBytes };
  const refused = decodeRefusal(model);
  if (refused !== null) return refusedRun(base, refused);
  try {
    return await measure(gpu, ledger, timer, spec, doc, model, base, hooks);
  } catch (e) {
    const lost = gpu.lostReason();
    if (lost !== null) throw new GpuError('device-lost', `Device lost (${lost}).`);
    if (isGpuError(e, 'cancelled') || isGpuError(e, 'device-lost')) throw e;
    return { ...base, error: errorMessage(e) };
  } finally {
    ledger.destroyAll();
  }
}

/** Choose the kernels, verify (the tiny config, then the real first layer), then time. */
async function measure(
  gpu: GpuContext,
  ledger: BufferLedger,
  timer: SubmitTimer,
  spec: DecodeSpec,
  doc: ResultsDocument,
  model: ModelConfig,
  base: DecodeRun,
  hooks: DecodeHooks,
): Promise<DecodeRun> {
  const checkpoint = () => {
    if (hooks.signal?.aborted) throw new GpuError('cancelled');
    gpu.assertAlive();
  };
  const runnable = gemvVariantsFor(spec.format, gemvCapabilities(gpu)).filter((v) =>
    decodableGemv(spec.format, v),
  );
  const kernels = decodeKernels(doc, runnable, spec, model);
  const maxBindingBytes = Math.min(
    gpu.grantedLimits.maxStorageBufferBindingSize ?? 128 * MiB,
    gpu.grantedLimits.maxBufferSize ?? 256 * MiB,
  );
  const gemvs = gemvChoices(model, kernels);
  const run: DecodeRun = {
    ...base,
    gemvVariant: [...new Set(gemvs.map((c) => c.variant))].join('+'),
    gemvVariants: gemvs,
    gemmVariant: kernels.gemm.name,
    kvBytesPerElement: kvBytesOf(spec, model),
  };
  const fits = layersThatFit(spec, model);
  if (fits === 0) return { ...run, error: oneLayerTooLarge(spec, model) };

  const env = { device: gpu.device, buffers: ledger };
  const plan = { spec, model, kernels, maxBindingBytes, layers: fits };
  const setup = await verifiedDecoder(env, plan, run, hooks.layerChecks, checkpoint);
  if (!setup.ok) return setup.run;
  const { decoder, layers } = setup;
  const timings = await timeDecoder(decoder, timer, spec, model, layers, hooks, checkpoint);
  return timedRun(run, doc, decoder, spec, model, layers, timings);
}

/** The run's timings: TTFT twice, every token, the head alone, then one small dispatch. */
async function timeDecoder(
  decoder: DecodeModel,
  timer: SubmitTimer,
  spec: DecodeSpec,
  model: ModelConfig,
  layers: number,
  hooks: DecodeHooks,
  checkpoint: () => void,
): Promise<DecodeTimings> {
  // each program's last time: what the next one is expected to take (the timer idles through it)
  const lastMs = new Map<Program, number>();
  const time = async (p: Program) => {
    const ms = await timer.time((pass) => p.encode(pass), 1, lastMs.get(p));
    lastMs.set(p, ms);
    return ms;
  };
  // TTFT: the prompt from position 0, k layers; twice (pipelines are compiled), the median.
  const prefill = await decoder.program({
    rows: spec.promptTokens,
    fromPrompt: true,
    layers,
    head: true,
  });
  const prompt = promptTokens(spec.promptTokens, model.vocabSize);
  const ttft: number[] = [];
  for (let i = 0; i < 2; i++) {
    decoder.reset(0, 0, prompt);
    ttft.push(await time(prefill));
    checkpoint();
  }
  // Decode: from the prefilled context, each token its own command buffer.
  const step = await decoder.program({ rows: 1, fromPrompt: false, layers, head: true });
  decoder.reset(1, spec.context);
  await time(step); // warm-up
  const perToken: number[] = [];
  for (let i = 0; i < spec.tokens; i++) {
    const ms = await time(step);
    perToken.push(ms);
    // The sampled id, read after the token was timed (state[0]: the last token).
    if (hooks.onToken) hooks.onToken(i, ms, (await decoder.readState())[0] ?? 0);
    checkpoint();
  }
  const headOnly = await decoder.program({ rows: 1, fromPrompt: false, layers: 0, head: true });
  const head: number[] = [];
  for (let i = 0; i < Math.max(3, Math.ceil(spec.tokens / 4)); i++) {
    head.push(await time(headOnly));
    checkpoint();
  }
  // One small dispatch's cost, as the predictor counts it for every non-matrix dispatch.
  const probe = (await probeDispatchCost(timer, (count) => decoder.dispatchProbe(count)))
    .perDispatchMs;
  return {
    ttft,
    perToken,
    head,
    probe,
    stepDispatches: step.dispatches,
    headDispatches: headOnly.dispatches,
  };
}
