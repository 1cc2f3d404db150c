// What an address trace says about a kernel (pure; the trace comes from instrument.ts's build):
// - sectors per useful byte: for each group of 32 neighbouring invocations (a warp) and each of
//   its load instructions (the j-th load of every invocation in the group), the 32-byte sectors
//   the group's loads touch × 32, divided by the distinct bytes they asked for. 1.0 = perfectly
//   coalesced; 32 lanes each reading 4 bytes 128 bytes apart give 8.
// - bytes per traced buffer (every load, not only the recorded ones): e.g. x bytes per weight byte.
// - workgroup barriers: how many each workgroup executed, and how many of those came between its
//   invocations' first and last loads of buffer 0 (GEMV: inside the K loop).

import type { KernelEnv, PreparedKernel, VerifyOutcome } from '../types';
import { type TraceLayout, traceStride } from './instrument';

export interface TracedLoad {
  buffer: number;
  /** Byte offset in the buffer. */
  offset: number;
  /** Bytes loaded. */
  width: number;
}

export interface InvocationTrace {
  workgroup: number;
  /** local_invocation_index. */
  lid: number;
  /** Loads from traced buffers, all of them (`loads` holds the first layout.loads). */
  count: number;
  /** Bytes loaded from each traced buffer, by id. */
  bytes: number[];
  /** workgroupBarrier()s it executed. */
  barriers: number;
  /** Of those, the ones between its first and last load of buffer 0. */
  loopBarriers: number;
  loads: TracedLoad[];
}

/**
 * Runs an instrumented build once (one dispatch of `prepared`, made with tracedBuild's build),
 * checks its output against the CPU reference like any run, and reads its trace from `log`.
 */
export async function runTraced(
  env: KernelEnv,
  prepared: PreparedKernel,
  log: GPUBuffer,
  layout: TraceLayout,
  label: string,
): Promise<{ outcome: VerifyOutcome; trace: InvocationTrace[] }> {
  const encoder = env.device.createCommandEncoder({ label });
  const pass = encoder.beginComputePass();
  prepared.encode(pass, 0);
  pass.end();
  env.device.queue.submit([encoder.finish()]);
  const outcome = await prepared.verify();
  return { outcome, trace: parseTrace(new Uint32Array(await env.buffers.read(log)), layout) };
}

/** The trace buffer's words as one entry per invocation that loaded anything. */
export function parseTrace(words: Uint32Array, layout: TraceLayout): InvocationTrace[] {
  const stride = traceStride(layout);
  const out: InvocationTrace[] = [];
  for (let i = 0; i * stride < words.length; i++) {
    const base = i * stride;
    const count = words[base] ?? 0;
    if (count === 0) continue;
    const bytes = Array.from({ length: layout.buffers }, (_, b) => words[base + 1 + b] ?? 0);
    const loads: TracedLoad[] = [];
    for (let j = 0; j < Math.min(count, layout.loads); j++) {
      const at = base + 3 + layout.buffers + 2 * j;
      const tag = words[at] ?? 0;
      loads.push({ buffer: tag & 0xff, width: tag >>> 8, offset: words[at + 1] ?? 0 });
    }
    out.push({
      workgroup: Math.floor(i / layout.workgroupSize),
      lid: i % layout.workgroupSize,
      count,
      bytes,
      barriers: words[base + 1 + layout.buffers] ?? 0,
      loopBarriers: words[base + 2 + layout.buffers] ?? 0,
      loads,
    });
  }
  return out;
}

export const WARP = 32;
export const SECTOR_BYTES = 32;

export interface Coalescing {
  /** Σ sectors touched × 32 over all warp load instructions. */
  sectorBytes: number;
  /** Σ distinct bytes asked for over the same instructions. */
  usefulBytes: number;
}

/** Sectors × 32 ÷ useful bytes (1.0 = perfectly coalesced); NaN when nothing was loaded. */
export const sectorsPerUsefulByte = (c: Coalescing): number => c.sectorBytes / c.usefulBytes;

/** Each warp's invocations: workgroup, then lid ÷ 32. */
function warps(trace: readonly InvocationTrace[]): InvocationTrace[][] {
  const byWarp = new Map<string, InvocationTrace[]>();
  for (const inv of trace) {
    const key = `${inv.workgroup}:${Math.floor(inv.lid / WARP)}`;
    const list = byWarp.get(key);
    if (list) list.push(inv);
    else byWarp.set(key, [inv]);
  }
  return [...byWarp.values()];
}

/** Distinct bytes and 32-byte sectors that one access's loads cover (overlaps counted once). */
export function touchedBytes(loads: readonly TracedLoad[]): { bytes: number; sectors: number } {
  const spans = loads
    .map((l) => [l.offset, l.offset + l.width] as const)
    .sort((a, b) => a[0] - b[0]);
  let bytes = 0;
  let sectors = 0;
  let end = 0; // end of the bytes counted so far
  let lastSector = -1;
  for (const [from, to] of spans) {
    const start = Math.max(from, end);
    if (to <= start) continue;
    bytes += to - start;
    end = to;
    const first = Math.max(Math.floor(start / SECTOR_BYTES), lastSector + 1);
    const last = Math.floor((to - 1) / SECTOR_BYTES);
    if (last >= first) sectors += last - first + 1;
    lastSector = Math.max(lastSector, last);
  }
  return { bytes, sectors };
}

/**
 * Coalescing of the recorded loads of the buffers `only` admits (default: all): each warp's j-th
 * loads, split by buffer (lanes that diverged onto different buffers are separate accesses).
 */
export function coalescing(
  trace: readonly InvocationTrace[],
  only: (buffer: number) => boolean = () => true,
): Coalescing {
  let sectorBytes = 0;
  let usefulBytes = 0;
  for (const warp of warps(trace)) {
    const depth = Math.max(...warp.map((inv) => inv.loads.length));
    for (let j = 0; j < depth; j++) {
      const byBuffer = new Map<number, TracedLoad[]>();
      for (const inv of warp) {
        const load = inv.loads[j];
        if (load === undefined || !only(load.buffer)) continue;
        const list = byBuffer.get(load.buffer);
        if (list) list.push(load);
        else byBuffer.set(load.buffer, [load]);
      }
      for (const loads of byBuffer.values()) {
        const touched = touchedBytes(loads);
        sectorBytes += touched.sectors * SECTOR_BYTES;
        usefulBytes += touched.bytes;
      }
    }
  }
  return { sectorBytes, usefulBytes };
}

/** Bytes loaded from each traced buffer, summed over every traced invocation (all loads). */
export function bytesByBuffer(trace: readonly InvocationTrace[], buffers: number): number[] {
  const total = new Array<number>(buffers).fill(0);
  for (const inv of trace) {
    for (let b = 0; b < buffers; b++) total[b] = (total[b] ?? 0) + (inv.bytes[b] ?? 0);
  }
  return total;
}

/**
 * Barriers the traced workgroups executed, summed over workgroups (a barrier is one event for its
 * workgroup; each counts its invocation that passed the most), and of those the ones between the
 * first and the last load of buffer 0 (`loop`).
 */
export function barriersExecuted(trace: readonly InvocationTrace[]): { all: number; loop: number } {
  const byWorkgroup = new Map<number, { all: number; loop: number }>();
  for (const inv of trace) {
    const seen = byWorkgroup.get(inv.workgroup) ?? { all: 0, loop: 0 };
    byWorkgroup.set(inv.workgroup, {
      all: Math.max(seen.all, inv.barriers),
      loop: Math.max(seen.loop, inv.loopBarriers),
    });
  }
  let all = 0;
  let loop = 0;
  for (const w of byWorkgroup.values()) {
    all += w.all;
    loop += w.loop;
  }
  return { all, loop };
}
