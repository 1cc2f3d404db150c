// A whole-model decode run: pick the layers that fit, verify (tiny config in this format, then
// the real config's first layer), time TTFT and ms/token (one command buffer per token), and
// set them beside the measured-mode prediction from the same run's kernel rows. Anything that
// goes wrong before the times exist makes a failed run with its reason, never a number.

import { errorMessage } from '../core/error-message';
import { type FormatId, WEIGHT_FORMATS } from '../core/formats';
import type {
  DecodeApproximation,
  DecodeGemvChoice,
  DecodeRefusal,
  DecodeRun,
  ResultsDocument,
} from '../core/results';
import type { BufferLedger } from '../gpu/buffers';
import type { GpuContext } from '../gpu/device';
import { GpuError, isGpuError } from '../gpu/errors';
import { QUANTA_PER_PASS, type SubmitTimer } from '../gpu/timer';
import { kvRowFormat } from '../kernels/decode/attention-case';
import {
  DEFAULT_KV_CACHE,
  type KvCacheFormat,
  kvBytesPerValue,
  kvCacheBytes,
} from '../kernels/decode/kv-cache';
import { DecodeModel, type Program } from '../kernels/decode/model';
import {
  attentionSplitSize,
  attentionSplits,
  type DecodeShape,
  liveAttentionSplits,
  modelBytes,
  tinyShapeFor,
} from '../kernels/decode/shape';
import { promptTokens, verifyFirstLayer, verifyTiny } from '../kernels/decode/verify';
import { matrixBytes } from '../kernels/formats';
import { GEMM_VARIANTS, type GemmVariant } from '../kernels/gemm';
import { type GemvVariant, gemvCapabilities, gemvVariantsFor, gemvXForm } from '../kernels/gemv';
import {
  getModel,
  layerWindows,
  type ModelConfig,
  matrixUse,
  modelMatrices,
} from '../model/llm/models';
import {
  atMinimums,
  type DecoderCosts,
  InsufficientResultsError,
  measuredEstimator,
} from '../model/predict/measured-estimator';
import type { Estimator } from '../model/predict/predictor';
import { gemmFamily, gemmRegime, gemvFamily, gemvShapeClass } from './shape-class';
import { summarize } from './stats';

export interface DecodeSpec {
  /** Catalogue model id. */
  model: string;
  /** The model itself, where it is not in the catalogue (a config.json, a test's small model). */
  config?: ModelConfig;
  format: FormatId;
  /** Random KV positions before the first timed token. */
  context: number;
  /** Timed tokens. */
  tokens: number;
  promptTokens: number;
  /** Layers to run at most (the model's all by default). */
  layers?: number;
  /** Bytes the model may allocate. */
  budgetBytes: number;
  /** The KV cache's format (default f16; q8 is `--kv-bits 8`'s blocks of 32 with an f16 scale). */
  kv?: KvCacheFormat;
}

export const MiB = 1024 * 1024;
export const DEFAULT_DECODE_BUDGET = 1024 * MiB;
export const DEFAULT_DECODE = { context: 512, tokens: 16, promptTokens: 32 } as const;

const kvOf = (spec: DecodeSpec): KvCacheFormat => spec.kv ?? DEFAULT_KV_CACHE;
/** Bytes per cached value of the run's cache (scales included). */
const kvBytes = (spec: DecodeSpec, model: ModelConfig): number =>
  kvBytesPerValue(kvOf(spec), model.headDim);
const SEED = 0x5eed;
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

export function decodeShape(m: ModelConfig, layers = m.layers): DecodeShape {
  const windows = layerWindows(m).slice(0, layers);
  const moe = m.moe;
  return {
    hidden: m.hiddenSize,
    layers,
    heads: m.attentionHeads,
    kvHeads: m.kvHeads,
    headDim: m.headDim,
    ffn: m.intermediateSize,
    vocab: m.vocabSize,
    ...(moe === undefined
      ? {}
      : {
          moe: {
            experts: moe.experts,
            perToken: moe.expertsPerToken,
            expertFfn: moe.expertIntermediateSize,
            sharedFfn: moe.sharedExperts * moe.sharedIntermediateSize,
            denseLayers: moe.denseLayers,
          },
        }),
    ...(windows.some(Number.isFinite)
      ? { windows: windows.map((w) => (Number.isFinite(w) ? w : 0)) }
      : {}),
  };
}

/** Positions the caches hold: the context (or prompt) plus every token stepped after it. */
const positionsFor = (spec: DecodeSpec) =>
  Math.max(spec.context, spec.promptTokens) + spec.tokens + 2;

/** The most layers (≤ wanted) that fit the budget; 0 when not even one does. */
export function layersThatFit(spec: DecodeSpec, model: ModelConfig): number {
  const wanted = Math.min(spec.layers ?? model.layers, model.layers);
  for (let k = wanted; k >= 1; k--) {
    const bytes = modelBytes(
      decodeShape(model, k),
      spec.format,
      positionsFor(spec),
      spec.promptTokens,
      kvOf(spec),
    );
    if (bytes <= spec.budgetBytes) return k;
  }
  return 0;
}

/**
 * The largest buffer one binding of the run holds besides the weights (which are bound in row
 * chunks): a layer's K or V cache, one row's decode attention partials (the prefill keeps none),
 * the prompt's QKV rows, the RoPE table, gate·up, the logits.
 */
export function largestDecodeBinding(spec: DecodeSpec, model: ModelConfig): number {
  const positions = positionsFor(spec);
  const rows = spec.promptTokens;
  const splits = attentionSplits(model.kvHeads);
  return (
    4 *
    Math.max(
      kvCacheBytes(kvOf(spec), positions * model.kvHeads, model.headDim).values / 4,
      model.attentionHeads * splits * model.headDim,
      rows * (model.attentionHeads + 2 * model.kvHeads) * model.headDim,
      positions * model.headDim,
      rows * 2 * model.intermediateSize,
      model.vocabSize,
    )
  );
}

/**
 * Whether the decoder may run this variant: all may, except f16 x against int8 weights, whose
 * 4-term f16 dots (q up to ±127) overflow once activations pass ±129 (a down projection's do).
 */
export const decodableGemv = (format: FormatId, v: GemvVariant): boolean =>
  !(format === 'int8' && gemvXForm(v) === 'f16');

/**
 * The GEMV the run tuned for this format and shape class (documents from before shape classes:
 * for the format, or for all formats), or where the winner is not decodable the fastest
 * decodable candidate of that tuning; rows4 where none was tuned.
 */
function gemvFor(
  doc: ResultsDocument,
  usable: readonly GemvVariant[],
  format: FormatId,
  n: number,
  k: number,
): GemvVariant {
  const families = [gemvFamily(format, n, k), `gemv ${format}`, 'gemv'];
  const runnable = usable.filter((v) => decodableGemv(format, v));
  for (const family of families) {
    const tuned = doc.tuning?.find((t) => t.family === family);
    if (tuned === undefined) continue;
    const ranked = [
      tuned.chosen,
      ...[...tuned.candidates]
        .filter((c) => c.minMs !== undefined)
        .sort((a, b) => (a.minMs ?? 0) - (b.minMs ?? 0))
        .map((c) => c.variant),
    ];
    for (const name of ranked) {
      const variant = runnable.find((v) => v.name === name);
      if (variant) return variant;
    }
  }
  return runnable.find((v) => v.name === 'rows4-wg64') ?? (runnable[0] as GemvVariant);
}

/** The GEMM the run tuned for prompts of this length and this format (older: any format). */
function gemmFor(doc: ResultsDocument, format: FormatId, rows: number): GemmVariant {
  const regime = gemmRegime(rows);
  const tuned =
    doc.tuning?.find((t) => t.family === gemmFamily(format, rows)) ??
    doc.tuning?.find((t) => t.family.startsWith('gemm') && t.family.endsWith(regime));
  return GEMM_VARIANTS.find((v) => v.name === tuned?.chosen) ?? (GEMM_VARIANTS[0] as GemmVariant);
}

/**
 * Why the decoder (Llama layers: GQA attention, full or windowed; a SwiGLU MLP or a mixture of
 * experts) cannot run this model; null when it can.
 */
export function decodeRefusal(model: ModelConfig): DecodeRefusal | null {
  if (model.mla !== undefined) return 'mla';
  return null;
}

/** A refused run's `error` (readers word the code; this is for those that show the text). */
const REFUSAL_ERRORS: Record<DecodeRefusal, string> = {
  mla: 'Multi-head latent attention (DeepSeek) is not in the decoder yet; predictions for this model still work.',
  // Codes of documents written before the decoder ran these.
  moe: 'A mixture-of-experts model was not run by the decoder then.',
  'attention-layout': 'A mixed sliding-window/global layout was not run by the decoder then.',
};

/** Where the decoder's Llama block stands in for the model's own (same shapes, same bytes). */
export function blockApproximations(model: ModelConfig): DecodeApproximation[] {
  const type = model.modelType ?? '';
  if (type.startsWith('gemma')) return ['gemma-block'];
  if (type === 'gpt_oss') return ['gpt-oss-block'];
  return [];
}

/** What a run records of its spec before it has any times. */
function runBase(spec: DecodeSpec, model: ModelConfig): DecodeRun {
  const moe = model.moe;
  const approximations = blockApproximations(model);
  return {
    model: model.id,
    format: spec.format,
    layers: 0,
    totalLayers: model.layers,
    context: spec.context,
    promptTokens: spec.promptTokens,
    tokens: spec.tokens,
    verified: false,
    ...(moe === undefined || model.mla !== undefined
      ? {}
      : {
          routing: 'uniform-random' as const,
          experts: moe.experts,
          expertsPerToken: moe.expertsPerToken,
          sharedExperts: moe.sharedExperts,
        }),
    ...(approximations.length === 0 ? {} : { approximations }),
  };
}

/** A run that stopped before it had times (cancelled, device lost). */
export function failedDecode(spec: DecodeSpec, error: string): DecodeRun {
  return { ...runBase(spec, spec.config ?? getModel(spec.model)), error };
}

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
  const model = spec.config ?? getModel(spec.model);
  const base: DecodeRun = { ...runBase(spec, model), budgetBytes: spec.budgetBytes };
  const refused = decodeRefusal(model);
  if (refused !== null) return { ...base, refused, error: REFUSAL_ERRORS[refused] };
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

/** The GEMV and GEMMs a decode run uses: the tuned winners of this run where it has them. */
function decodeKernels(
  doc: ResultsDocument,
  gpu: GpuContext,
  spec: DecodeSpec,
  model: ModelConfig,
) {
  const usable = gemvVariantsFor(spec.format, gemvCapabilities(gpu));
  const gemv = (n: number, k: number) => gemvFor(doc, usable, spec.format, n, k);
  const gemm = gemmFor(doc, spec.format, spec.promptTokens);
  // A routed expert sees about prompt · k ÷ E of the prompt's rows: the GEMM tuned for that many.
  const moe = model.moe;
  const expertGemm =
    moe === undefined
      ? gemm
      : gemmFor(
          doc,
          spec.format,
          Math.ceil((spec.promptTokens * moe.expertsPerToken) / moe.experts),
        );
  return { gemv, gemm, expertGemm };
}

/** Each matrix of the model with the GEMV variant a one-token step runs it with. */
function gemvChoices(model: ModelConfig, kernels: DecodeKernels): DecodeGemvChoice[] {
  return modelMatrices(model).map((mat) => ({
    matrix: mat.name,
    n: mat.n,
    k: mat.k,
    shapeClass: gemvShapeClass(mat.n, mat.k),
    variant: kernels.gemv(mat.n, mat.k).name,
  }));
}
type DecodeKernels = ReturnType<typeof decodeKernels>;

function oneLayerTooLarge(spec: DecodeSpec, model: ModelConfig): string {
  const need = modelBytes(
    decodeShape(model, 1),
    spec.format,
    positionsFor(spec),
    spec.promptTokens,
    kvOf(spec),
  );
  return `${model.name} at ${spec.format} needs ${Math.ceil(need / MiB)} MiB even with one layer (the LM head alone is most of it); the memory budget is ${Math.floor(spec.budgetBytes / MiB)} MiB. Raise the budget or pick a smaller model or format.`;
}

/** The decoder with as many of `layers` as the GPU will hold: out of memory, one layer fewer. */
async function createDecoder(
  env: { device: GPUDevice; buffers: BufferLedger },
  spec: DecodeSpec,
  model: ModelConfig,
  kernels: DecodeKernels,
  maxBindingBytes: number,
  layers: number,
): Promise<{ decoder: DecodeModel; layers: number }> {
  for (;;) {
    try {
      const decoder = await DecodeModel.create(env, {
        shape: decodeShape(model, layers),
        format: spec.format,
        seed: SEED,
        positions: positionsFor(spec),
        maxRows: spec.promptTokens,
        ...kernels,
        maxBindingBytes,
        kv: kvOf(spec),
      });
      return { decoder, layers };
    } catch (e) {
      // Out of memory: free this attempt and fall back to fewer layers.
      env.buffers.destroyAll();
      if (!isGpuError(e, 'out-of-memory') || layers === 1) throw e;
      layers -= 1;
    }
  }
}

/** The timings of one decode run: TTFT, every token, the head alone and one small dispatch. */
interface DecodeTimings {
  ttft: number[];
  perToken: number[];
  head: number[];
  probe: number[];
  stepDispatches: number;
  headDispatches: number;
}

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

/** Our decoder's small dispatches: all but one per matrix chunk, in the layers and around them. */
function decoderCosts(
  decoder: DecodeModel,
  spec: DecodeSpec,
  model: ModelConfig,
  layers: number,
  t: DecodeTimings,
  dispatchMs: number,
): DecoderCosts {
  return {
    dispatchMs,
    perLayer: (t.stepDispatches - t.headDispatches) / layers - decoder.matrixDispatchesPerLayer,
    perToken: t.headDispatches - decoder.headDispatches,
    small: {
      hidden: model.hiddenSize,
      heads: model.attentionHeads,
      kvHeads: model.kvHeads,
      headDim: model.headDim,
      ffn: activeFfn(model),
      vocab: model.vocabSize,
      // The decode attention at the run's context: its split size and the splits it launches.
      attentionSplit: attentionSplitSize(spec.context + 1, decoder.maxSplits, decoder.split),
      attentionSplits: liveAttentionSplits(spec.context + 1, decoder.maxSplits, decoder.split),
      kvBytesPerElement: kvBytes(spec, model),
      kvFormat: kvRowFormat(kvOf(spec)),
    },
  };
}

/** The finished run from its timings: medians, the scaled whole-model figures, the predictions. */
function runFromTimings(
  run: DecodeRun,
  doc: ResultsDocument,
  decoder: DecodeModel,
  spec: DecodeSpec,
  model: ModelConfig,
  layers: number,
  t: DecodeTimings,
): DecodeRun {
  const probeStats = summarize(t.probe);
  const stats = summarize(t.perToken);
  const headMs = summarize(t.head).median;
  const ttftMs = summarize(t.ttft).median;
  // A layer part below zero is noise (a busy machine): the layers then scale as nothing.
  const scale = (ms: number) => headMs + (model.layers / layers) * Math.max(0, ms - headMs);
  const costs = decoderCosts(decoder, spec, model, layers, t, probeStats.median);
  return {
    ...run,
    verified: true,
    dispatchesPerToken: t.stepDispatches,
    dispatchMs: probeStats.median,
    medianMs: stats.median,
    p95Ms: stats.p95,
    tokensPerSecond: 1000 / stats.median,
    headOnlyMs: headMs,
    scaledMs: scale(stats.median),
    ttftMs,
    scaledTtftMs: (model.layers / layers) * ttftMs,
    bytesPerToken: bytesPerToken(
      model,
      layers,
      spec.format,
      meanContext(spec),
      kvBytes(spec, model),
    ),
    ...predict(doc, model, layers, spec, costs, stats.median),
    ...predictAtMinimums(
      doc,
      model,
      layers,
      spec,
      { ...costs, dispatchMs: probeStats.min },
      stats.min,
    ),
  };
}

/** Verify (the tiny config, then the real first layer once per model and format), then time. */
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
  const env = { device: gpu.device, buffers: ledger };
  const checkpoint = () => {
    if (hooks.signal?.aborted) throw new GpuError('cancelled');
    gpu.assertAlive();
  };
  const kernels = decodeKernels(doc, gpu, spec, model);
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
    kvBytesPerElement: kvBytes(spec, model),
  };
  const fits = layersThatFit(spec, model);
  if (fits === 0) return { ...run, error: oneLayerTooLarge(spec, model) };

  const tiny = await verifyTiny(env, {
    format: spec.format,
    gemv: kernels.gemv,
    gemm: kernels.gemm,
    maxBindingBytes,
    shape: tinyShapeFor(decodeShape(model)),
    kv: kvOf(spec),
  });
  ledger.destroyAll();
  checkpoint();
  if (!tiny.ok)
    return { ...run, error: `The tiny config did not match the CPU reference: ${tiny.detail}.` };

  const { decoder, layers } = await createDecoder(env, spec, model, kernels, maxBindingBytes, fits);
  run.layers = layers;
  run.memoryBytes = ledger.liveBytes;
  run.verifiedTinyError = tiny.maxError;
  const checkKey = `${model.id} ${spec.format}`;
  let layerError = hooks.layerChecks?.get(checkKey);
  if (layerError === undefined) {
    const layer = await verifyFirstLayer(env, decoder, spec.context);
    checkpoint();
    run.verifiedLayerError = layer.maxError;
    if (!layer.ok) return { ...run, error: `Not verified: ${layer.detail}.` };
    layerError = layer.maxError;
    hooks.layerChecks?.set(checkKey, layerError);
  }
  run.verifiedLayerError = layerError;
  const timings = await timeDecoder(decoder, timer, spec, model, layers, hooks, checkpoint);
  return runFromTimings(run, doc, decoder, spec, model, layers, timings);
}

/** The context a timed token sees on average: the prefilled one plus half the tokens stepped. */
const meanContext = (spec: DecodeSpec): number => spec.context + Math.floor(spec.tokens / 2);

/** The measured-mode estimator for this model from `doc`'s rows; null where they cannot make one. */
function estimatorFrom(
  doc: ResultsDocument,
  model: ModelConfig,
  spec: DecodeSpec,
  engine: DecoderCosts,
): Estimator | null {
  try {
    return measuredEstimator(doc, model, WEIGHT_FORMATS[spec.format], kvBytes(spec, model), engine);
  } catch (e) {
    if (e instanceof InsufficientResultsError) return null;
    throw e;
  }
}

/**
 * The measured-mode prediction for the same model (k layers, and all N), format and context,
 * from the document's rows; nothing where they cannot make one (no read or FMA rows).
 */
function predict(
  doc: ResultsDocument,
  model: ModelConfig,
  layers: number,
  spec: DecodeSpec,
  engine: DecoderCosts,
  medianMs: number,
): Partial<DecodeRun> {
  const k = estimatorFrom(doc, { ...model, layers }, spec, engine);
  const n = estimatorFrom(doc, model, spec, engine);
  if (k === null || n === null) return {};
  const context = meanContext(spec);
  const predicted = k.decode(1, context).ms.expected;
  return {
    predictedMs: predicted,
    predictedScaledMs: n.decode(1, context).ms.expected,
    predictedTtftMs: k.prefill(spec.promptTokens).ms.expected,
    ratio: medianMs / predicted,
    floorMs: k.floorMs(1, context),
  };
}

/**
 * The same prediction on minimums (the rows' fastest samples, the probe's fastest) beside the
 * fastest timed token: like for like, and steadier than medians on a loaded machine.
 */
function predictAtMinimums(
  doc: ResultsDocument,
  model: ModelConfig,
  layers: number,
  spec: DecodeSpec,
  engine: DecoderCosts,
  minMs: number,
): Partial<DecodeRun> {
  const k = estimatorFrom(atMinimums(doc), { ...model, layers }, spec, engine);
  if (k === null) return {};
  const predicted = k.decode(1, meanContext(spec)).ms.expected;
  return { minMs, predictedMinMs: predicted, minRatio: minMs / predicted };
}

/**
 * The SiLU·mul width one token runs through in a layer: the dense MLP's, or its k experts' and
 * the shared MLP's (a mixture-of-experts model's first layer decides).
 */
function activeFfn(model: ModelConfig): number {
  const moe = model.moe;
  if (moe === undefined || moe.denseLayers.includes(0)) return model.intermediateSize;
  return (
    moe.expertsPerToken * moe.expertIntermediateSize +
    moe.sharedExperts * moe.sharedIntermediateSize
  );
}

/**
 * Weight and KV bytes one token reads with k layers: every projection it runs (a mixture of
 * experts: the router, its k experts, the shared MLP), the head, one embedding row, and each
 * layer's KV cache up to its window.
 */
export function bytesPerToken(
  model: ModelConfig,
  layers: number,
  format: FormatId,
  context: number,
  /** Bytes per cached value (default: the f16 cache's 2). */
  kvBytesPerElement = kvBytesPerValue(DEFAULT_KV_CACHE, model.headDim),
): number {
  const k = { ...model, layers };
  const weights = modelMatrices(k).reduce(
    (sum, mat) => sum + matrixBytes(format, mat.n, mat.k) * matrixUse(mat, 1).count,
    0,
  );
  const row = matrixBytes(format, model.vocabSize, model.hiddenSize) / model.vocabSize;
  const positions = layerWindows(k).reduce((sum, w) => sum + Math.min(context, w), 0);
  const kv = positions * 2 * model.kvHeads * model.headDim * kvBytesPerElement;
  return weights + row + kv;
}
