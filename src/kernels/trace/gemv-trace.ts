// The address trace of one GEMV variant at one format: its instrumented build runs once on a
// small matrix (output verified against the CPU reference like any run), and the trace gives
// its coalescing, the bytes it loaded from x, the weights and the scales, and the barriers its
// workgroups executed; its WGSL gives the workgroup memory a workgroup uses.

import type { FormatId } from '../../core/formats';
import {
  type GemvVariant,
  gemvPipelineSpec,
  gemvRowsPerWorkgroup,
  gemvTracedBuffers,
  prepareGemv,
} from '../gemv';
import type { KernelEnv } from '../types';
import { barriersExecuted, bytesByBuffer, type Coalescing, coalescing, runTraced } from './analyse';
import { type TraceLayout, tracedBuild } from './instrument';
import { workgroupBytes } from './workgroup-memory';

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
  /**
   * workgroupBarrier()s the traced workgroups executed (each counted once a workgroup), and of
   * those the ones between an invocation's first and last weight load: inside the K loop.
   */
  barriers: number;
  loopBarriers: number;
  /** Workgroup memory one workgroup uses (its entry point's var<workgroup>s, sized). */
  workgroupBytes: number;
}

/** Workgroup memory one workgroup of `variant` uses at `format`, from its WGSL. */
export function gemvWorkgroupBytes(format: FormatId, variant: GemvVariant): number {
  const spec = gemvPipelineSpec(format, variant);
  return workgroupBytes(spec.code, spec.entryPoint, spec.constants);
}

export interface GemvTraceOptions {
  n: number;
  k: number;
  /** Loads recorded per invocation. */
  loads: number;
  /** Most workgroups that record. */
  workgroups: number;
}

/**
 * K = 4096 (Llama-3-8B's hidden size, the K of four of its five matrices): the tile's K loop
 * takes several steps at every format (a K of 512 is one step of int4 groups), so barriers
 * inside it show.
 */
export const GEMV_TRACE_DEFAULTS: GemvTraceOptions = {
  n: 256,
  k: 4096,
  loads: 64,
  workgroups: 8,
};

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
  const { outcome, trace } = await runTraced(env, prepared, log, layout, `trace-${variant.name}`);
  const [weightBytes = 0, scaleBytes = 0, xBytes = 0] = bytesByBuffer(trace, buffers.length);
  const barriers = barriersExecuted(trace);
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
    barriers: barriers.all,
    loopBarriers: barriers.loop,
    workgroupBytes: gemvWorkgroupBytes(format, variant),
  };
}
