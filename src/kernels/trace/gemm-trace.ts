// The address trace of one GEMM variant: its instrumented build runs once on a small product
// (M = 32 over 256 × 64, every workgroup recording; output verified against the CPU reference
// like any run), and the trace gives its coalescing and, per workgroup, how many bytes of W and
// of X it loaded for each byte of its own block it needs (1.0: each loaded once per workgroup;
// register tiles that leave reuse to the caches load W once per row of invocations).

import type { FormatId } from '../../core/formats';
import { matrixBytes } from '../formats';
import { type GemmVariant, prepareGemm } from '../gemm';
import { SGMAT_WORKGROUP } from '../sgmat';
import type { KernelEnv } from '../types';
import { bytesByBuffer, type Coalescing, coalescing, runTraced } from './analyse';
import { type TracedBuffer, type TraceLayout, tracedBuild } from './instrument';

export interface GemmTrace {
  format: FormatId;
  variant: string;
  verified: boolean;
  error?: string;
  all: Coalescing;
  /** Bytes W (with scales) and X were loaded by all workgroups, and what their blocks hold. */
  wLoaded: number;
  wNeeded: number;
  xLoaded: number;
  xNeeded: number;
}

export const GEMM_TRACE_SHAPE = { m: 32, n: 256, k: 64 } as const;

/** The buffers a GEMM loads from: weights 0, scales 1, x 2. */
export const GEMM_TRACED_BUFFERS: TracedBuffer[] = [
  { name: 'weights', id: 0, elementBytes: 16, componentBytes: 4 },
  { name: 'scales', id: 1, elementBytes: 4 },
  { name: 'x', id: 2, elementBytes: 16, componentBytes: 4 },
];

/** Invocations of a variant's workgroup (its @workgroup_size). */
export function gemmWorkgroupSize(v: GemmVariant): number {
  if (v.entry === 'gemm_cols') return v.blockN / 8;
  if (v.entry === 'gemm_pad') return (v.blockN / 4) ** 2;
  if (v.entry === 'gemm_sgmat') return SGMAT_WORKGROUP;
  return 64;
}

export async function traceGemm(
  env: KernelEnv,
  format: FormatId,
  variant: GemmVariant,
): Promise<GemmTrace> {
  const { m, n, k } = GEMM_TRACE_SHAPE;
  const across = Math.ceil(n / variant.blockN);
  const down = Math.ceil(m / variant.blockM);
  const layout: TraceLayout = {
    workgroupSize: gemmWorkgroupSize(variant),
    workgroups: across * down,
    loads: 64,
    buffers: GEMM_TRACED_BUFFERS.length,
  };
  const { log, build } = await tracedBuild(
    env,
    `trace-gemm-${variant.name}`,
    GEMM_TRACED_BUFFERS,
    layout,
  );
  const prepared = await prepareGemm(
    env,
    format,
    m,
    n,
    k,
    variant,
    { rotationBytes: 0, maxBindingBytes: 1 << 30 },
    build,
  );
  const { outcome, trace } = await runTraced(
    env,
    prepared,
    log,
    layout,
    `trace-gemm-${variant.name}`,
  );
  const [weights = 0, scales = 0, x = 0] = bytesByBuffer(trace, GEMM_TRACED_BUFFERS.length);
  // Each workgroup needs its block's rows of W (clipped to N) and of X (clipped to M) once.
  const rowsOf = (block: number, total: number, count: number) =>
    Array.from({ length: count }, (_, i) => Math.min(block, total - i * block)).reduce(
      (a, b) => a + b,
      0,
    );
  const wRows = rowsOf(variant.blockN, n, across) * down;
  const xRows = rowsOf(variant.blockM, m, down) * across;
  return {
    format,
    variant: variant.name,
    verified: outcome.ok,
    ...(outcome.detail === undefined ? {} : { error: outcome.detail }),
    all: coalescing(trace),
    wLoaded: weights + scales,
    wNeeded: (matrixBytes(format, n, k) / n) * wRows,
    xLoaded: x,
    xNeeded: 4 * k * xRows,
  };
}
