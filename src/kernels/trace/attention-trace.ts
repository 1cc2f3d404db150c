// The address trace of the attention passes in each KV-cache encoding, over Llama-3-8B's grouping
// (4 query heads per KV head, heads of 128; two KV heads), each instrumented build's output
// verified against the f64 reference like the plain build's:
// - decode (its partial pass, where K and V are read) over 64 positions: coalescing, and bytes
//   of K and V loaded per byte the cache holds for the attended positions (1.0: each KV head's
//   rows read once for all of its query heads; once per query head would give heads ÷ kvHeads);
// - prefill (flash attention) of 16 rows after 32 cached positions: bytes of K and V loaded
//   against ⌈m ÷ Q_TILE⌉ × the cache, and against what each Q tile's attended positions hold.
// And the geometry at full size, from the launch rule and the buffer sizes (attentionGeometry):
// decode workgroups at 4k and 32k context, the prefill's K/V bytes against its bound and the
// largest binding at m = 4096 rows, context 32768.

import {
  type AttentionShape,
  type PrefillAttentionShape,
  prepareAttention,
  preparePrefillAttention,
} from '../decode/attention-case';
import { type KvEncoding, kvCacheBytes } from '../decode/kv-cache';
import {
  ATTENTION_MIN_SPLIT,
  attentionSplitSize,
  attentionSplits,
  liveAttentionSplits,
  PREFILL_WORKGROUP,
  prefillQueryTile,
  prefillWorkgroups,
} from '../decode/shape';
import type { KernelBuild, KernelEnv, PreparedKernel } from '../types';
import { bytesByBuffer, type Coalescing, coalescing, runTraced } from './analyse';
import { type TracedBuffer, type TraceLayout, tracedBuild } from './instrument';

export interface AttentionTrace {
  kv: KvEncoding;
  shape: AttentionShape;
  verified: boolean;
  error?: string;
  /** Every traced load (query, K, V, scales), and the cache's alone. */
  all: Coalescing;
  cache: Coalescing;
  /** Bytes loaded from K, V and their scales, and what the cache holds for those positions. */
  cacheBytesLoaded: number;
  cacheBytes: number;
  queryBytes: number;
}

/** Llama-3-8B's grouping and head size over 64 positions: one split per KV head. */
export const ATTENTION_TRACE_SHAPE: AttentionShape = {
  heads: 8,
  kvHeads: 2,
  headDim: 128,
  context: 63,
};

/** The partial pass's buffers as the trace names them: qkv 0, K 1, V 2 (q8: scales 3, 4). */
export function attentionTracedBuffers(kv: KvEncoding): TracedBuffer[] {
  const buffers: TracedBuffer[] = [
    { name: 'qkv', id: 0, elementBytes: 16 },
    { name: 'kcache', id: 1, elementBytes: 16 },
    { name: 'vcache', id: 2, elementBytes: 16 },
  ];
  if (kv === 'q8')
    buffers.push(
      { name: 'kscale', id: 3, elementBytes: 4 },
      { name: 'vscale', id: 4, elementBytes: 4 },
    );
  return buffers;
}

/** Bytes of K and V (values and scales) `positions` positions of every KV head hold. */
const cacheBytesAt = (kv: KvEncoding, positions: number, kvHeads: number, hd: number) => {
  const b = kvCacheBytes(kv, positions * kvHeads, hd);
  return 2 * (b.values + b.scales);
};

/**
 * Runs one attention pass's traced build (verified like the plain one) and reads what both passes
 * report: coalescing, the cache's loads (K, V and scales) and the query's.
 */
async function traceCacheLoads(
  env: KernelEnv,
  label: string,
  buffers: readonly TracedBuffer[],
  layout: TraceLayout,
  prepare: (build: KernelBuild) => Promise<PreparedKernel>,
) {
  const { log, build } = await tracedBuild(env, label, buffers, layout);
  const { outcome, trace } = await runTraced(env, await prepare(build), log, layout, label);
  const [queryBytes = 0, ...cacheLoads] = bytesByBuffer(trace, buffers.length);
  return {
    verified: outcome.ok,
    ...(outcome.detail === undefined ? {} : { error: outcome.detail }),
    all: coalescing(trace),
    cache: coalescing(trace, (b) => b !== 0),
    cacheBytesLoaded: cacheLoads.reduce((a, b) => a + b, 0),
    queryBytes,
  };
}

export async function traceAttention(
  env: KernelEnv,
  kv: KvEncoding,
  base: AttentionShape = ATTENTION_TRACE_SHAPE,
): Promise<AttentionTrace> {
  const shape = { ...base, kv };
  const positions = shape.context + 1;
  const buffers = attentionTracedBuffers(kv);
  const layout: TraceLayout = {
    workgroupSize: 64,
    workgroups:
      liveAttentionSplits(positions, attentionSplits(shape.kvHeads), ATTENTION_MIN_SPLIT) *
      shape.kvHeads,
    // Every load over a split of 32 positions of f32 (8 per tile of 8, 4 tiles), and Q.
    loads: 72,
    buffers: buffers.length,
  };
  const loads = await traceCacheLoads(env, `trace-attention-${kv}`, buffers, layout, (build) =>
    prepareAttention(env, shape, build),
  );
  return {
    kv,
    shape,
    ...loads,
    cacheBytes: cacheBytesAt(kv, positions, shape.kvHeads, shape.headDim),
  };
}

/** A prompt of 16 rows after 32 cached positions: 4 Q tiles of 4 rows per KV head. */
export const PREFILL_TRACE_SHAPE: PrefillAttentionShape = {
  ...ATTENTION_TRACE_SHAPE,
  context: 32,
  rows: 16,
};

/** Positions the Q tiles of m rows after `context` attend to, over all tiles (no window). */
export function prefillPositionsRead(
  s: Pick<PrefillAttentionShape, 'heads' | 'kvHeads' | 'headDim' | 'context' | 'rows'>,
): number {
  const qt = prefillQueryTile(s);
  let total = 0;
  for (let r0 = 0; r0 < s.rows; r0 += qt) total += s.context + Math.min(r0 + qt, s.rows);
  return total;
}

export interface PrefillAttentionTrace extends Omit<AttentionTrace, 'shape' | 'queryBytes'> {
  shape: PrefillAttentionShape;
  queryTile: number;
  /** ⌈m ÷ Q_TILE⌉ × the cache's bytes for context + m positions. */
  boundBytes: number;
  /** What the Q tiles' attended positions hold: each tile's rows' positions once. */
  tileBytes: number;
}

export async function tracePrefillAttention(
  env: KernelEnv,
  kv: KvEncoding,
  base: PrefillAttentionShape = PREFILL_TRACE_SHAPE,
): Promise<PrefillAttentionTrace> {
  const shape = { ...base, kv };
  const buffers = attentionTracedBuffers(kv);
  const [tiles = 0, kvHeads = 0] = prefillWorkgroups(shape, shape.rows);
  const layout: TraceLayout = {
    workgroupSize: PREFILL_WORKGROUP,
    workgroups: tiles * kvHeads,
    loads: 64,
    buffers: buffers.length,
  };
  const { queryBytes: _query, ...loads } = await traceCacheLoads(
    env,
    `trace-prefill-${kv}`,
    buffers,
    layout,
    (build) => preparePrefillAttention(env, shape, build),
  );
  const held = (positions: number) => cacheBytesAt(kv, positions, shape.kvHeads, shape.headDim);
  return {
    kv,
    shape,
    ...loads,
    cacheBytes: held(shape.context + shape.rows),
    queryTile: prefillQueryTile(shape),
    boundBytes: tiles * held(shape.context + shape.rows),
    tileBytes: held(prefillPositionsRead(shape)),
  };
}

/** The attention passes' figures at full size, from the launch rule and the buffer sizes. */
export interface AttentionGeometry {
  /** Decode: workgroups of the partial pass at each context (one row over context + 1). */
  decode: { context: number; splitSize: number; workgroups: number }[];
  prefill: {
    rows: number;
    /** Positions in the cache: the prompt's rows are its last `rows`. */
    context: number;
    queryTile: number;
    workgroups: number;
    /** K and V bytes the Q tiles read, and ⌈m ÷ Q_TILE⌉ × the cache. */
    kvBytesRead: number;
    kvBytesBound: number;
    /** The attention passes' largest binding, and what it is. */
    largestBinding: { name: string; bytes: number };
  };
}

/** Llama-3-8B-shaped attention: decode at these contexts, a prefill of `rows` rows into `context`. */
export function attentionGeometry(
  s: Pick<AttentionShape, 'heads' | 'kvHeads' | 'headDim'>,
  kv: KvEncoding,
  decodeContexts: readonly number[],
  prefill: { rows: number; context: number },
): AttentionGeometry {
  const splits = attentionSplits(s.kvHeads);
  const decode = decodeContexts.map((context) => {
    const n = context + 1;
    const live = liveAttentionSplits(n, splits);
    return { context, splitSize: attentionSplitSize(n, splits), workgroups: live * s.kvHeads };
  });
  const before = prefill.context - prefill.rows;
  const shape = { ...s, context: before, rows: prefill.rows };
  const [tiles = 0, kvHeads = 0] = prefillWorkgroups(s, prefill.rows);
  const held = (positions: number) => cacheBytesAt(kv, positions, s.kvHeads, s.headDim);
  const bindings = [
    { name: 'qkv', bytes: 4 * prefill.rows * (s.heads + 2 * s.kvHeads) * s.headDim },
    { name: 'out', bytes: 4 * prefill.rows * s.heads * s.headDim },
    { name: 'K cache', bytes: kvCacheBytes(kv, prefill.context * s.kvHeads, s.headDim).values },
    { name: 'decode partials', bytes: 4 * s.heads * splits * s.headDim },
  ];
  const largest = bindings.reduce((a, b) => (b.bytes > a.bytes ? b : a));
  return {
    decode,
    prefill: {
      ...prefill,
      queryTile: prefillQueryTile(s),
      workgroups: tiles * kvHeads,
      kvBytesRead: held(prefillPositionsRead(shape)),
      kvBytesBound: tiles * held(prefill.context),
      largestBinding: largest,
    },
  };
}
