// The address trace of one GEMV variant at one format: its instrumented build runs once on a
// small matrix (output verified against the CPU reference like any run), and the trace gives
// its coalescing and the bytes it loaded from x, the weights and the scales.

import type { FormatId } from '../../core/formats';
import { type GemvVariant, gemvRowsPerWorkgroup, gemvTracedBuffers, prepareGemv } from '../gemv';
import type { KernelEnv } from '../types';
import { bytesByBuffer, type Coalescing, coalescing, parseTrace } from './analyse';
import { type TraceLayout, tracedBuild } from './instrument';

export interface GemvTrace {
  format: FormatId;
  variant: string;
  /** The traced matrix (N × K) and how many of its workgroups recorded. */
  n: number;
  k: number;
  tracedWorkgroups: number;
  /** The instrumented build's output matched the CPU reference. */
  verified: boolean;
  error?: string;
  /** Every traced load (weights, scales, x), and the weights' and scales' alone. */
  all: Coalescing;
  weights: Coalescing;
  /** Bytes loaded by the traced workgroups, every load counted. */
  weightBytes: number;
  scaleBytes: number;
  xBytes: number;
}

export interface GemvTraceOptions {
  n: number;
  k: number;
  /** Loads recorded per invocation. */
  loads: number;
  /** Most workgroups that record. */
  workgroups: number;
}

export const GEMV_TRACE_DEFAULTS: GemvTraceOptions = { n: 256, k: 512, loads: 64, workgroups: 8 };

export async function traceGemv(
  env: KernelEnv,
  format: FormatId,
  variant: GemvVariant,
  options: GemvTraceOptions = GEMV_TRACE_DEFAULTS,
): Promise<GemvTrace> {
  const { n, k } = options;
  const buffers = gemvTracedBuffers(variant);
  const layout: TraceLayout = {
    workgroupSize: variant.workgroupSize,
    workgroups: Math.min(options.workgroups, Math.ceil(n / gemvRowsPerWorkgroup(variant))),
    loads: options.loads,
    buffers: buffers.length,
  };
  const { log, build } = await tracedBuild(env, `trace-${format}-${variant.name}`, buffers, layout);
  const prepared = await prepareGemv(
    env,
    format,
    n,
    k,
    variant,
    { rotationBytes: 0, maxBindingBytes: 1 << 30 },
    build,
  );
  const encoder = env.device.createCommandEncoder({ label: `trace-${variant.name}` });
  const pass = encoder.beginComputePass();
  prepared.encode(pass, 0);
  pass.end();
  env.device.queue.submit([encoder.finish()]);
  const outcome = await prepared.verify();
  const trace = parseTrace(new Uint32Array(await env.buffers.read(log)), layout);
  const [weightBytes = 0, scaleBytes = 0, xBytes = 0] = bytesByBuffer(trace, buffers.length);
  return {
    format,
    variant: variant.name,
    n,
    k,
    tracedWorkgroups: layout.workgroups,
    verified: outcome.ok,
    ...(outcome.detail === undefined ? {} : { error: outcome.detail }),
    all: coalescing(trace),
    weights: coalescing(trace, (b) => b !== 2),
    weightBytes,
    scaleBytes,
    xBytes,
  };
}
