// The two run plans. Quick: small sizes for tests and a first look (seconds, even on a software
// adapter). Full: sizes for real GPUs — the bandwidth sweep up to the largest working set the
// limits allow, and the GEMV/GEMM shapes of Llama-3-8B and Llama-3-70B.

import { FORMATS, type FormatId } from '../core/formats';
import type { KernelName, PlanName } from '../core/results';
import { isDefaultSettings, type RunSettings } from '../core/settings';
import type { GpuContext } from '../gpu/device';
import {
  type BandwidthOptions,
  bandwidthCase,
  READ_VARIANTS,
  readVariantOptions,
} from '../kernels/bandwidth';
import { attentionCase } from '../kernels/decode/attention-case';
import { fmaCase } from '../kernels/fma';
import { matrixBytes } from '../kernels/formats';
import { GEMM_VARIANTS, type GemmCapabilities, gemmCase, gemmVariantsFor } from '../kernels/gemm';
import {
  GEMV_VARIANTS,
  type GemvCapabilities,
  type GemvVariant,
  gemvCase,
  gemvVariantsFor,
} from '../kernels/gemv';
import { type SubgroupMatrixGrant, subgroupMatrixField } from '../kernels/sgmat';
import { type KernelCase, variantNamed } from '../kernels/types';
import { getModel, type ModelConfig, modelMatrices } from '../model/llm/models';
import {
  bytesPerToken,
  DEFAULT_DECODE,
  DEFAULT_DECODE_BUDGET,
  type DecodeSpec,
  kvBytesOf,
  largestDecodeBinding,
  layersThatFit,
} from './decode-spec';
import { gemmFamily, gemmRegime, gemvFamily, gemvShapeClass } from './shape-class';

export interface TimingOptions {
  /** Samples per kernel (before any re-sampling of a noisy result). */
  samples: number;
  /** GPU time each sample should last, so coarse timers stay under ~1 %. */
  sampleTargetMs: number;
  /** Longest a single submit may run, to stay clear of GPU watchdogs. */
  submitBudgetMs: number;
}

/**
 * A case with several implementations: the runner times each briefly the first time its family
 * comes up, keeps the fastest verified one for the rest of the run, and records the choice.
 */
export interface TunedCase {
  kind: 'tuned';
  kernel: KernelName;
  /** Cases of one family share the tuning outcome, e.g. "gemv int4". */
  family: string;
  label: string;
  variants: readonly string[];
  make(variant: string): KernelCase;
  /** The case the variants are timed on, where not `make`'s (a smaller one of the same class). */
  tuneOn?(variant: string): KernelCase;
}

/**
 * `item` with its variants in the order to try them: by how they ranked in the run's earlier
 * families of the same kernel (best first; each ranked by its fastest sample), then those not yet
 * ranked, as listed. None is dropped: with time to spare every variant is tried, and when the
 * plan's tuning budget runs out the ones most likely to win have been.
 */
export function rankedCase(
  item: TunedCase,
  tuned: readonly { family: string; candidates: readonly { variant: string; minMs?: number }[] }[],
): TunedCase {
  const places = new Map<string, number[]>();
  for (const record of tuned.filter((r) => r.family.split(' ')[0] === item.kernel)) {
    const ranked = record.candidates
      .filter((c) => c.minMs !== undefined)
      .sort((a, b) => (a.minMs ?? 0) - (b.minMs ?? 0));
    ranked.forEach((c, i) => {
      places.set(c.variant, [...(places.get(c.variant) ?? []), i / ranked.length]);
    });
  }
  const mean = (v: string) => {
    const p = places.get(v);
    return p === undefined ? Number.POSITIVE_INFINITY : p.reduce((a, b) => a + b, 0) / p.length;
  };
  const variants = item.variants
    .map((v, i) => ({ v, i, place: mean(v) }))
    .sort((a, b) => a.place - b.place || a.i - b.i)
    .map((x) => x.v);
  return { ...item, variants };
}

/** Trials a tuned case makes when its budget allows: every variant. */
export const tuningTrials = (item: TunedCase): number => item.variants.length;

export type PlanItem = KernelCase | TunedCase;

export const isTuned = (item: PlanItem): item is TunedCase =>
  'kind' in item && item.kind === 'tuned';

export interface Plan {
  name: PlanName;
  /** Whole-model decode runs, after the kernel cases (whose rows their predictions use). */
  decode?: DecodeSpec[];
  /** Non-default settings it was built with (recorded in the results document). */
  settings?: RunSettings;
  timing: TimingOptions;
  /**
   * Wall time the whole run may spend on tuning trials beyond each family's first: once spent,
   * a family takes its first-ranked variant and records the others as skipped. Absent: no limit.
   */
  tuningBudgetMs?: number;
  cases: PlanItem[];
}

export interface PlanInputs {
  /** Limits the device was granted. */
  limits: Record<string, number>;
  hasF16: boolean;
  /** WGSL language feature packed_4x8_integer_dot_product (the int8 DP4A GEMV). */
  hasDp4a?: boolean;
  /** The subgroups feature (the subgroup-reduction GEMV). */
  hasSubgroups?: boolean;
  /** …with the subgroup_id language feature (the subgroup-per-row GEMV). */
  hasSubgroupId?: boolean;
  /** chromium-experimental-subgroup-matrix granted: the configurations listed (sgmat GEMMs). */
  subgroupMatrix?: SubgroupMatrixGrant;
  /** A CPU implementation (SwiftShader, lavapipe): its likely winners are tried first. */
  software?: boolean;
}

/** A device's limits and capabilities, as the plans need them. */
export const planInputs = (gpu: GpuContext): PlanInputs => ({
  limits: gpu.grantedLimits,
  hasF16: gpu.hasF16,
  hasDp4a: gpu.hasDp4a,
  hasSubgroups: gpu.hasSubgroups,
  hasSubgroupId: gpu.hasSubgroupId,
  ...subgroupMatrixField(gpu.device),
  software: gpu.description.isSoftware,
});

const KiB = 1024;
const MiB = 1024 * KiB;
const GiB = 1024 * MiB;

/** Largest single binding the device allows. */
const maxBinding = (limits: Record<string, number>): number =>
  Math.min(limits.maxStorageBufferBindingSize ?? 128 * MiB, limits.maxBufferSize ?? 256 * MiB);

/** Largest power-of-two working set that one binding (or, for copy, two) can hold. */
export function maxWorkingSet(limits: Record<string, number>, cap: number): number {
  const binding = maxBinding(limits);
  let size = 64 * KiB;
  while (size * 2 <= Math.min(binding, cap)) size *= 2;
  return size;
}

/** 64 KiB, ×4 each step, up to `max` (always included). */
export function workingSetSweep(max: number, factor = 4): number[] {
  const sizes: number[] = [];
  for (let s = 64 * KiB; s < max; s *= factor) sizes.push(s);
  sizes.push(max);
  return sizes;
}

interface MatrixPlan {
  rotationBytes: number;
  maxBindingBytes: number;
  caps: GemvCapabilities & GemmCapabilities;
  /**
   * GEMV families are tuned on at most this many weight bytes (quick: the variants' order, not
   * their times, is what tuning needs, and each variant is verified on the CPU first): a larger
   * matrix is tuned on fewer of its rows, as many as keep its shape class.
   */
  tuneBytes?: number;
  /** GEMV tuning tries one shape of each kernel and weights code (quick), not every shape. */
  oneShapePerKernel?: boolean;
  /** The GEMV variant to try first, before any has been timed (the adapter's likely winner). */
  firstGemv: string;
  /** Variants pinned by the run settings, where a format offers them. */
  gemvVariant?: string | undefined;
  gemmVariant?: string | undefined;
}

/** A variant's name without its weights code's suffix: rows4-wg64-dp4a → rows4-wg64. */
const baseName = (v: GemvVariant): string => v.name.replace(/-(f16|dp4a)$/, '');

/** `items` with those that are `chosen` first (in their order), then the rest. */
const first = <T>(items: readonly T[], chosen: (item: T) => boolean): T[] => [
  ...items.filter(chosen),
  ...items.filter((item) => !chosen(item)),
];

/**
 * The GEMV a plan tries first: on a CPU adapter the four-row kernel (the winner on SwiftShader and
 * lavapipe at every shape measured), on a GPU the GPU-class tile. Later families try first what
 * won earlier in the run (rankedCase).
 */
const FIRST_GEMV = { software: 'rows4-wg64', gpu: 'tile-r8-wg256' } as const;

/** The pinned variant alone where it is among the candidates; else all of them (tuned). */
const pinned = (candidates: string[], pin: string | undefined): string[] =>
  pin !== undefined && candidates.includes(pin) ? [pin] : candidates;

/** A GEMV, tuned once per format and shape class (the first case of each family decides). */
function gemv(format: FormatId, n: number, k: number, p: MatrixPlan): TunedCase {
  const make = (rows: number) => (name: string) =>
    gemvCase(format, rows, k, variantNamed(GEMV_VARIANTS, name), p);
  const tuneRows = p.tuneBytes === undefined ? n : tuningRows(format, n, k, p.tuneBytes);
  return {
    kind: 'tuned',
    kernel: 'gemv',
    family: gemvFamily(format, n, k),
    label: `gemv ${format} ${n}×${k}`,
    // A pinned variant is taken wherever the format offers it, also outside the Quick shortlist.
    variants: gemvVariantsFor(format, p.caps).some((v) => v.name === p.gemvVariant)
      ? [p.gemvVariant as string]
      : gemvCandidates(format, p).map((v) => v.name),
    make: make(n),
    ...(tuneRows < n ? { tuneOn: make(tuneRows) } : {}),
  };
}

/**
 * The GEMV variants a plan tries, the adapter's likely winner first: all of them (Full); in the
 * Quick plan, which tunes each format and shape class on a CPU adapter too, one shape of each
 * kernel and weights code (each trial compiles and verifies a shader: a software adapter takes
 * seconds for each).
 */
function gemvCandidates(format: FormatId, p: MatrixPlan): GemvVariant[] {
  // Each kernel's forms together (rows4, rows4-f16, row, row-dp4a, …), not every portable form
  // before any other: a short tuning budget then reaches the f16 and DP4A forms early.
  const offered = gemvVariantsFor(format, p.caps);
  const row = (v: GemvVariant) => offered.findIndex((o) => o.name === baseName(v));
  const byKernel = offered
    .map((v, i) => ({ v, i }))
    .sort((a, b) => row(a.v) - row(b.v) || a.i - b.i);
  const all = first(
    byKernel.map((x) => x.v),
    (v) => baseName(v) === p.firstGemv,
  );
  if (!p.oneShapePerKernel) return all;
  return all.filter(
    (v, i) => all.findIndex((o) => o.entry === v.entry && o.weights === v.weights) === i,
  );
}

/**
 * Rows of an N×K matrix to tune on within `bytes` of weights: N where it fits, else fewer (a
 * multiple of 64), but never so few that the shape class changes (a head keeps N ≥ 10K).
 */
export function tuningRows(format: FormatId, n: number, k: number, bytes: number): number {
  const rowBytes = matrixBytes(format, 64, k) / 64;
  const fit = Math.max(64, Math.floor(bytes / rowBytes / 64) * 64);
  if (fit >= n) return n;
  for (let rows = fit; rows < n; rows += 64) {
    if (gemvShapeClass(rows, k) === gemvShapeClass(n, k)) return rows;
  }
  return n;
}

/**
 * A GEMM, tuned once per format and regime of M (shape-class.ts); with `prefillM`, the regime of
 * many rows is tuned at that prompt length (the first case of the family may be a small batch).
 */
function gemm(
  format: FormatId,
  m: number,
  n: number,
  k: number,
  p: MatrixPlan,
  prefillM?: number,
): TunedCase {
  const make = (rows: number) => (name: string) =>
    gemmCase(format, rows, n, k, variantNamed(GEMM_VARIANTS, name), p);
  const tuneAt = prefillM !== undefined && gemmRegime(m) === gemmRegime(prefillM) ? prefillM : m;
  return {
    kind: 'tuned',
    kernel: 'gemm',
    family: gemmFamily(format, m),
    label: `gemm ${format} M=${m} ${n}×${k}`,
    variants: pinned(
      gemmVariantsFor(p.caps).map((v) => v.name),
      p.gemmVariant,
    ),
    make: make(m),
    ...(tuneAt === m ? {} : { tuneOn: make(tuneAt) }),
  };
}

/** The Quick plan tunes GEMV on at most 1 MiB of weights (its LM head: 5760 of 49152 rows). */
const QUICK_TUNE_BYTES = 1 * MiB;

/** The formats each part of a plan measures (core/format-registry says which takes part where). */
const ALL_FORMATS = FORMATS.map((f) => f.id);
const QUICK_GEMM_FORMATS = FORMATS.filter((f) => f.plan.quickGemm).map((f) => f.id);
const MODEL_FORMATS = FORMATS.filter((f) => f.servesModels).map((f) => f.id);
const BATCH_SWEEP_FORMATS = FORMATS.filter((f) => f.plan.batchSweep).map((f) => f.id);
const BATCH_SWEEP = [1, 2, 4, 8, 16, 32, 64, 128, 256];

/** A read size, tuned between READ_VARIANTS once per run (the peak is the faster one's). */
function read(size: number, options: BandwidthOptions): TunedCase {
  const first = bandwidthCase('read', size, options);
  return {
    kind: 'tuned',
    kernel: 'read',
    family: 'read',
    label: first.label,
    variants: READ_VARIANTS,
    make: (name) => bandwidthCase('read', size, readVariantOptions(name, options)),
  };
}

function probes(quick: boolean, inputs: PlanInputs, settings: RunSettings): PlanItem[] {
  const cap = Math.min(
    quick ? 16 * MiB : 1 * GiB,
    (settings.maxWorkingSetMiB ?? Number.POSITIVE_INFINITY) * MiB,
  );
  const largest = maxWorkingSet(inputs.limits, cap);
  const bandwidth = { targetBytesPerDispatch: quick ? 16 * MiB : 256 * MiB };
  const cases: PlanItem[] = [];
  // Quick: a coarse read sweep and one copy/write size; full: ×4 steps and ×16 steps.
  for (const size of workingSetSweep(largest, quick ? 16 : 4)) cases.push(read(size, bandwidth));
  const coarse = quick ? [largest] : workingSetSweep(largest, 16);
  // copy uses two halves of the working set, each bound separately.
  for (const size of coarse) cases.push(bandwidthCase('copy', size * 2, bandwidth));
  for (const size of coarse) cases.push(bandwidthCase('write', size, bandwidth));
  const fmaElements = quick ? 64 * KiB : 4 * MiB;
  const fmaIters = quick ? [1, 8, 64, 256] : [1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024];
  for (const iters of fmaIters) cases.push(fmaCase('f32', fmaElements, iters));
  if (inputs.hasF16) for (const iters of fmaIters) cases.push(fmaCase('f16', fmaElements, iters));
  return cases;
}

/**
 * The Quick plan's GEMV at each format, the decode run's format first: where the tuning budget
 * runs short (a CPU adapter), it is spent where the decode's own matrices are chosen.
 */
function quickKernels(p: MatrixPlan): TunedCase[] {
  const formats = first(ALL_FORMATS, (f) => f === QUICK_DECODE.format);
  const items: TunedCase[] = formats.map((f) => gemv(f, 1024, 1024, p));
  for (const f of QUICK_GEMM_FORMATS) {
    for (const m of [1, 8, 64]) items.push(gemm(f, m, 512, 256, p));
  }
  return items;
}

/** Llama-3-8B and -70B decode and prefill shapes (from the model catalogue). */
function fullKernels(p: MatrixPlan): TunedCase[] {
  const items: TunedCase[] = [];
  const small = modelMatrices(getModel('llama-3-8b'));
  const large = modelMatrices(getModel('llama-3-70b'));
  // Decode: every matrix of both models, each shape class tuned at its own shape over every
  // variant; f32 (the reference) on the 8B shapes only — at 70B it would need up to 4 GB for one
  // matrix.
  for (const mat of small) for (const f of ALL_FORMATS) items.push(gemv(f, mat.n, mat.k, p));
  for (const mat of large) for (const f of MODEL_FORMATS) items.push(gemv(f, mat.n, mat.k, p));
  // The batch sweep on two matrices: where decode stops being memory-bound.
  for (const name of ['o', 'gate_up']) {
    const mat = small.find((x) => x.name === name);
    if (!mat) continue;
    for (const f of BATCH_SWEEP_FORMATS)
      for (const m of BATCH_SWEEP) items.push(gemm(f, m, mat.n, mat.k, p, PREFILL_TOKENS));
  }
  // Prefill: the 8B layer matrices at 512-token prompts (M = 128, 256 come from the sweep).
  for (const mat of small.filter((x) => x.name !== 'lm_head')) {
    for (const f of ALL_FORMATS) items.push(gemm(f, PREFILL_TOKENS, mat.n, mat.k, p));
  }
  return items;
}

/** The prompt the Full plan's prefill rows and the M > 16 GEMM tuning use. */
const PREFILL_TOKENS = 512;

/**
 * The Quick plan's decode run: SmolLM2-135M (Llama architecture) in int4, 2 of its 30 layers,
 * scaled — seconds even on a CPU adapter.
 */
export const QUICK_DECODE: DecodeSpec = {
  model: 'smollm2-135m',
  format: 'int4',
  layers: 2,
  context: DEFAULT_DECODE.context,
  tokens: 8,
  promptTokens: 8,
  budgetBytes: DEFAULT_DECODE_BUDGET,
};

/**
 * The Full plan's decode runs: Llama-3-8B in int4 with the KV cache prefilled to 512, 2048 and
 * 8192 positions, each with the layers the default budget holds (all 32 rarely fit), scaled.
 * A context is left out where not even one layer fits the adapter's limits.
 */
export const FULL_DECODE_CONTEXTS = [512, 2048, 8192] as const;

export function fullDecode(maxBindingBytes: number): DecodeSpec[] {
  const model = getModel('llama-3-8b');
  return FULL_DECODE_CONTEXTS.map(
    (context): DecodeSpec => ({
      model: model.id,
      format: 'int4',
      context,
      tokens: DEFAULT_DECODE.tokens,
      promptTokens: DEFAULT_DECODE.promptTokens,
      budgetBytes: DEFAULT_DECODE_BUDGET,
    }),
  ).filter(
    (spec) =>
      layersThatFit(spec, model) > 0 && largestDecodeBinding(spec, model) <= maxBindingBytes,
  );
}

/**
 * Bytes one token of a decode run reads (the layers that fit, the head, the KV cache): between
 * two uses of a matrix the decoder reads all the others, so this is how far apart its reads are.
 */
function decodeFootprint(spec: DecodeSpec, model: ModelConfig): number {
  const layers = Math.max(1, layersThatFit(spec, model));
  return bytesPerToken(model, layers, spec.format, spec.context, kvBytesOf(spec, model));
}

/**
 * The rotation that gives a matrix's GEMV row the cache conditions it has inside a decode: as
 * many copies as bring the bytes between two reads of one copy nearest the decode's footprint
 * (the LM head of a small model then reads warm where the decode reads it warm, and cold where
 * the footprint is larger than any cache).
 */
function reuseRotation(matrixBytesEach: number, footprint: number): number {
  return Math.max(1, Math.round(footprint / matrixBytesEach)) * matrixBytesEach;
}

/**
 * What a decode run's prediction is made of: a GEMV row at each matrix shape of its model, and
 * its attention pass over the run's context.
 */
function decodeKernels(spec: DecodeSpec, p: MatrixPlan): PlanItem[] {
  const model = spec.config ?? getModel(spec.model);
  const footprint = decodeFootprint(spec, model);
  return [
    ...modelMatrices(model).map((mat) =>
      gemv(spec.format, mat.n, mat.k, {
        ...p,
        rotationBytes: reuseRotation(matrixBytes(spec.format, mat.n, mat.k), footprint),
      }),
    ),
    attentionCase({
      heads: model.attentionHeads,
      kvHeads: model.kvHeads,
      headDim: model.headDim,
      context: spec.context,
      ...(spec.kv === undefined ? {} : { kv: spec.kv }),
    }),
  ];
}

/** Each case once: a decode run's matrices are often already in the plan. */
const uniqueLabels = (items: PlanItem[]): PlanItem[] =>
  items.filter((item, i) => items.findIndex((other) => other.label === item.label) === i);

/**
 * The Quick plan's time for tuning trials beyond each family's first: on a GPU every variant of
 * every family fits (a trial takes tens of ms); on SwiftShader, where a trial takes 1–2 s, the
 * first family tries a few and the rest take the best of those, so a Quick run stays within
 * about 30 s there.
 */
export const QUICK_TUNING_BUDGET_MS = 4000;

/** Each plan's samples per kernel and their lengths. */
export const QUICK_TIMING = { samples: 5, sampleTargetMs: 20, submitBudgetMs: 40 };
const FULL_TIMING = { samples: 7, sampleTargetMs: 25, submitBudgetMs: 40 };

export function buildPlan(
  name: PlanName,
  inputs: PlanInputs,
  settings: RunSettings = {},
  /** Decode runs (default: the Quick plan's one; the Full plan's three contexts). */
  decode: DecodeSpec[] = name === 'quick' ? [QUICK_DECODE] : fullDecode(maxBinding(inputs.limits)),
): Plan {
  const quick = name === 'quick';
  const matrices: MatrixPlan = {
    rotationBytes: quick ? 32 * MiB : 512 * MiB,
    maxBindingBytes: maxBinding(inputs.limits),
    caps: {
      f16: inputs.hasF16,
      dp4a: inputs.hasDp4a ?? false,
      subgroups: inputs.hasSubgroups ?? false,
      subgroupId: inputs.hasSubgroupId ?? false,
      ...(inputs.subgroupMatrix ? { subgroupMatrix: inputs.subgroupMatrix } : {}),
    },
    ...(quick ? { tuneBytes: QUICK_TUNE_BYTES, oneShapePerKernel: true } : {}),
    firstGemv: FIRST_GEMV[inputs.software === true ? 'software' : 'gpu'],
    gemvVariant: settings.gemvVariant,
    gemmVariant: settings.gemmVariant,
  };
  const timing = quick ? QUICK_TIMING : FULL_TIMING;
  return {
    name,
    ...(isDefaultSettings(settings) ? {} : { settings }),
    timing: { ...timing, samples: settings.samples ?? timing.samples },
    ...(quick ? { tuningBudgetMs: QUICK_TUNING_BUDGET_MS } : {}),
    cases: uniqueLabels([
      ...probes(quick, inputs, settings),
      ...(quick ? quickKernels(matrices) : fullKernels(matrices)),
      ...decode.flatMap((spec) => decodeKernels(spec, matrices)),
    ]),
    ...(decode.length > 0 ? { decode } : {}),
  };
}
