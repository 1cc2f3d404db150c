// The address trace of the decode attention pass (its partial pass, where K and V are read) in
// each KV-cache format: the instrumented build runs over Llama-3-8B's grouping (4 query heads
// per KV head, heads of 128; two KV heads) and 64 positions, its output verified against the f64 reference
// like the plain build's; the trace gives its coalescing and how many bytes of K and V it loaded
// per byte the cache holds for the attended positions (1.0: each KV head's rows read once, for
// all of its query heads; reading them once per query head would give heads ÷ kvHeads).

import { type AttentionShape, prepareAttention } from '../decode/attention-case';
import { type KvCacheFormat, kvCacheBytes } from '../decode/kv-cache';
import type { KernelEnv } from '../types';
import { bytesByBuffer, type Coalescing, coalescing, parseTrace } from './analyse';
import { type TracedBuffer, type TraceLayout, tracedBuild } from './instrument';

export interface AttentionTrace {
  kv: KvCacheFormat;
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
export function attentionTracedBuffers(kv: KvCacheFormat): TracedBuffer[] {
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

export async function traceAttention(
  env: KernelEnv,
  kv: KvCacheFormat,
  base: AttentionShape = ATTENTION_TRACE_SHAPE,
): Promise<AttentionTrace> {
  const shape = { ...base, kv };
  const positions = shape.context + 1;
  const buffers = attentionTracedBuffers(kv);
  const layout: TraceLayout = {
    workgroupSize: 64,
    workgroups: Math.ceil(positions / 256) * shape.kvHeads,
    // Every load over 64 positions of f32 (the most: 8 per tile of 8, 8 tiles), and Q.
    loads: 72,
    buffers: buffers.length,
  };
  const { log, build } = await tracedBuild(env, `trace-attention-${kv}`, buffers, layout);
  const prepared = await prepareAttention(env, shape, build);
  const encoder = env.device.createCommandEncoder({ label: `trace-attention-${kv}` });
  const pass = encoder.beginComputePass();
  prepared.encode(pass, 0);
  pass.end();
  env.device.queue.submit([encoder.finish()]);
  const outcome = await prepared.verify();
  const trace = parseTrace(new Uint32Array(await env.buffers.read(log)), layout);
  const [queryBytes = 0, ...cacheLoads] = bytesByBuffer(trace, buffers.length);
  const held = kvCacheBytes(kv, positions * shape.kvHeads, shape.headDim);
  return {
    kv,
    shape,
    verified: outcome.ok,
    ...(outcome.detail === undefined ? {} : { error: outcome.detail }),
    all: coalescing(trace),
    cache: coalescing(trace, (b) => b !== 0),
    cacheBytesLoaded: cacheLoads.reduce((a, b) => a + b, 0),
    cacheBytes: 2 * (held.values + held.scales),
    queryBytes,
  };
}
