// The decode step's attention pass as a benchmark row: one query row over a KV cache prefilled
// to `context` positions in the cache's format (shaders/decode/decode_attention.wgsl: split-K
// partials with the split size chosen from the context, one workgroup per (split, KV head)
// serving its query heads, only the splits that hold positions launched, then their combine),
// checked against the f64 reference (over the cache as it rounds its values) before it is timed.
// The measured-mode predictor charges a decode step's attention from these rows, as it charges
// the projections from the GEMV rows.

import { fillRandom } from '../../gpu/fill';
import { bindBuffers, createComputePipeline } from '../../gpu/pipeline';
import type { KernelBuild, KernelCase, KernelEnv, PreparedKernel } from '../types';
import { mismatchTable } from '../types';
import {
  attentionCode,
  createKvCache,
  DEFAULT_KV_ENCODING,
  fillKvCache,
  type KvEncoding,
  kvBytesPerValue,
  roundKvRow,
} from './kv-cache';
import { attendReference, maskedFloat } from './reference';
import { attentionReduceFor, attentionShader } from './shaders';
import {
  ATTENTION_MIN_SPLIT,
  attentionSplits,
  attentionUniform,
  CACHE_MASK,
  type DecodeShape,
  liveAttentionSplits,
  prefillWorkgroups,
} from './shape';

export interface AttentionShape extends Pick<DecodeShape, 'heads' | 'kvHeads' | 'headDim'> {
  /** Cached positions before the query's own (the query attends to context + 1). */
  context: number;
  /** The cache's format (default f16, the decode run's). */
  kv?: KvEncoding;
}

/** An attention row's format in results: its cache's, e.g. kv-f16 (not a weight or FMA format). */
export const kvRowFormat = (kv: KvEncoding): string => `kv-${kv}`;

/** The variant's name in results: the kernel's layout and its cache encoding. */
export const attentionVariant = (kv: KvEncoding): string => `gqa-splitauto-wg64-${kv}`;

/** Hash streams of the query, K and V (the same mask as the decode model's prefilled cache). */
const SEEDS = { q: 0xa77e0, k: 0xa77e1, v: 0xa77e2 } as const;
/** |GPU − f64| allowed per output: f32 dot products over ≤ 256 lanes of ±0.5 values. */
const TOLERANCE = 1e-4;

/**
 * Bytes the pass must move: K and V once per KV head at the cache's bytes per value (q8: its
 * scales included), the query row in, the output out.
 */
export const attentionBytes = (s: AttentionShape): number =>
  2 *
    (s.context + 1) *
    s.kvHeads *
    s.headDim *
    kvBytesPerValue(s.kv ?? DEFAULT_KV_ENCODING, s.headDim) +
  4 * 2 * s.heads * s.headDim;

/** q·k and p·v for every query head and position: 2 FLOPs per multiply-add. */
export const attentionFlops = (s: AttentionShape): number =>
  4 * s.heads * (s.context + 1) * s.headDim;

export function attentionCase(s: AttentionShape): KernelCase {
  return {
    kernel: 'attention',
    variant: attentionVariant(s.kv ?? DEFAULT_KV_ENCODING),
    format: kvRowFormat(s.kv ?? DEFAULT_KV_ENCODING),
    shape: { heads: s.heads, kvHeads: s.kvHeads, headDim: s.headDim, context: s.context },
    bytes: attentionBytes(s),
    flops: attentionFlops(s),
    label: `attention ${s.heads}×${s.headDim} (${s.kvHeads} KV heads, ${s.kv ?? DEFAULT_KV_ENCODING} cache) over ${s.context}`,
    prepare: (env) => prepareAttention(env, s),
  };
}

/**
 * Workgroups of the partial pass: the live splits × KV heads (one query row over context + 1
 * positions; the split size from attentionSplitSize).
 */
export const attentionWorkgroups = (s: AttentionShape): [number, number] => [
  liveAttentionSplits(s.context + 1, attentionSplits(s.kvHeads), ATTENTION_MIN_SPLIT),
  s.kvHeads,
];

/** A prompt's attention: `rows` query rows at positions context … context + rows − 1. */
export interface PrefillAttentionShape extends AttentionShape {
  rows: number;
  /** Positions each row attends to (a sliding window); 0 or absent: all. */
  window?: number;
}

/** The buffers both passes read: m rows of q | k | v, the cache to context + m, the state. */
async function attentionInputs(env: KernelEnv, s: AttentionShape, rows: number) {
  const positions = s.context + rows;
  const kv = s.kv ?? DEFAULT_KV_ENCODING;
  const make = (label: string, words: number) =>
    env.buffers.create(`attention-${label}`, 4 * Math.max(4, words), STORAGE());
  // The queries sit where the QKV projection leaves them: rows of q | k | v.
  const qkv = await make('qkv', rows * (s.heads + 2 * s.kvHeads) * s.headDim);
  await fillRandom(env.device, env.buffers, qkv, { seed: SEEDS.q, ...CACHE_MASK });
  const state = await env.buffers.createFrom(
    'attention-state',
    new Uint32Array([0, s.context, 0, 0]),
  );
  const cache = await createKvCache(env, 'attention-cache', kv, positions, s.kvHeads, s.headDim);
  await fillKvCache(
    env,
    cache,
    { positions, kvHeads: s.kvHeads, headDim: s.headDim },
    { k: SEEDS.k, v: SEEDS.v },
    CACHE_MASK,
    state,
  );
  const out = await make('out', rows * s.heads * s.headDim);
  return { kv, qkv, state, cache, out, make };
}

const STORAGE = () => GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_SRC | GPUBufferUsage.COPY_DST;

/** `out` ([row][head][hd]) against the f64 reference of each row over the cache as it rounds. */
async function verifyRows(
  env: KernelEnv,
  out: GPUBuffer,
  s: AttentionShape,
  rows: number,
  window = 0,
): Promise<{ ok: boolean; detail?: string }> {
  const kv = s.kv ?? DEFAULT_KV_ENCODING;
  const positions = s.context + rows;
  const cacheWords = positions * s.kvHeads * s.headDim;
  const got = new Float32Array(await env.buffers.read(out));
  const values = (seed: number, count: number) =>
    Float64Array.from({ length: count }, (_, i) => maskedFloat(seed, i, CACHE_MASK));
  /** The cache as it holds the values: each (position, KV head) row rounded by its format. */
  const cached = (seed: number) => {
    const all = values(seed, cacheWords);
    for (let r = 0; r < cacheWords; r += s.headDim)
      all.set(roundKvRow(kv, all.subarray(r, r + s.headDim)), r);
    return all;
  };
  const k = cached(SEEDS.k);
  const v = cached(SEEDS.v);
  const width = (s.heads + 2 * s.kvHeads) * s.headDim;
  const q = values(SEEDS.q, rows * width);
  const bad: { index: number; actual: number; expected: number }[] = [];
  const size = s.heads * s.headDim;
  for (let i = 0; i < rows; i++) {
    const end = s.context + i + 1;
    const first = window > 0 ? Math.max(0, end - window) : 0;
    const expected = attendReference(q.subarray(i * width, i * width + size), k, v, end, s, first);
    for (let j = 0; j < size; j++) {
      const e = expected[j] ?? 0;
      const a = got[i * size + j] ?? Number.NaN;
      if (!(Math.abs(a - e) <= TOLERANCE))
        bad.push({ index: i * size + j, actual: a, expected: e });
    }
  }
  return bad.length === 0 ? { ok: true } : { ok: false, detail: mismatchTable(bad, bad.length) };
}

/** The decode pass on its own buffers; `build` rewrites the partial pass (the address trace). */
export async function prepareAttention(
  env: KernelEnv,
  s: AttentionShape,
  build?: KernelBuild,
): Promise<PreparedKernel> {
  const maxSplits = attentionSplits(s.kvHeads);
  const { kv, qkv, state, cache, out, make } = await attentionInputs(env, s, 1);
  const partML = await make('partML', 2 * s.heads * maxSplits);
  const partAcc = await make('partAcc', s.heads * maxSplits * s.headDim);
  const params = await env.buffers.createUniform(
    'attention-params',
    attentionUniform(s, 1, ATTENTION_MIN_SPLIT, maxSplits),
  );
  const code = attentionCode(kv, attentionShader(attentionReduceFor(env.device)));
  const pipeline = (entryPoint: string, wgsl = code) =>
    createComputePipeline(env.device, { label: 'attention', code: wgsl, entryPoint });
  const partial = await pipeline('attn_partial', build ? build.code(code, 'attn_partial') : code);
  const group1 = build?.group1(partial.getBindGroupLayout(1));
  const combine = await pipeline('attn_combine');
  const partialGroup = bindBuffers(env.device, partial, [
    params,
    qkv,
    cache.k,
    cache.v,
    partML,
    partAcc,
    state,
    null,
    cache.kScale,
    cache.vScale,
  ]);
  const combineGroup = bindBuffers(env.device, combine, [
    params,
    null,
    null,
    null,
    partML,
    partAcc,
    state,
    out,
  ]);

  return {
    encode(pass) {
      pass.setPipeline(partial);
      pass.setBindGroup(0, partialGroup);
      if (group1) pass.setBindGroup(1, group1);
      pass.dispatchWorkgroups(...attentionWorkgroups(s), 1);
      pass.setPipeline(combine);
      pass.setBindGroup(0, combineGroup);
      pass.dispatchWorkgroups(s.heads, 1, 1);
    },
    verify: () => verifyRows(env, out, s, 1),
  };
}

/** The prefill pass (flash attention over Q tiles) on its own buffers; `build` as above. */
export async function preparePrefillAttention(
  env: KernelEnv,
  s: PrefillAttentionShape,
  build?: KernelBuild,
): Promise<PreparedKernel> {
  const { kv, qkv, state, cache, out } = await attentionInputs(env, s, s.rows);
  const params = await env.buffers.createUniform(
    'attention-params',
    attentionUniform(s, s.rows, ATTENTION_MIN_SPLIT, 1, s.window ?? 0),
  );
  const code = attentionCode(kv, attentionShader('tree'));
  const prefill = await createComputePipeline(env.device, {
    label: 'attention-prefill',
    code: build ? build.code(code, 'attn_prefill') : code,
    entryPoint: 'attn_prefill',
  });
  const group1 = build?.group1(prefill.getBindGroupLayout(1));
  const group = bindBuffers(env.device, prefill, [
    params,
    qkv,
    cache.k,
    cache.v,
    null,
    null,
    state,
    out,
    cache.kScale,
    cache.vScale,
  ]);
  return {
    encode(pass) {
      pass.setPipeline(prefill);
      pass.setBindGroup(0, group);
      if (group1) pass.setBindGroup(1, group1);
      pass.dispatchWorkgroups(...prefillWorkgroups(s, s.rows), 1);
    },
    verify: () => verifyRows(env, out, s, s.rows, s.window ?? 0),
  };
}
