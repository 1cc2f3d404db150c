// `npm run bench -- --trace`: the address trace of every GEMV variant this adapter can run, at
// every format, summarised per variant: coalescing (sectors per useful byte), x bytes per
// weight byte, barriers per KiB of weights (all, and inside the K loop), workgroup memory per
// workgroup, and the workgroups it would launch at each Llama-3-8B matrix shape.

import { FORMAT_IDS, type FormatId } from '../core/formats';
import type { GpuContext } from '../gpu/device';
import {
  type GemvVariant,
  gemvCapabilities,
  gemvRowsPerWorkgroup,
  gemvVariantsFor,
} from '../kernels/gemv';
import { sectorsPerUsefulByte } from '../kernels/trace/analyse';
import { GEMV_TRACE_DEFAULTS, traceGemv } from '../kernels/trace/gemv-trace';
import type { KernelEnv } from '../kernels/types';
import { getModel } from '../model/llm/models';

/** A Llama-3-8B matrix: N × K. */
export interface TraceShape {
  n: number;
  k: number;
}

/**
 * Llama-3-8B's distinct GEMV shapes (q/o, k/v, gate/up, down, LM head), from its catalogue
 * entry (hidden 4096, 8 KV heads of 128, intermediate 14336, vocabulary 128256).
 */
export function llama8bShapes(): TraceShape[] {
  const m = getModel('llama-3-8b');
  const h = m.hiddenSize;
  return [
    { n: h, k: h },
    { n: m.kvHeads * m.headDim, k: h },
    { n: m.intermediateSize, k: h },
    { n: h, k: m.intermediateSize },
    { n: m.vocabSize, k: h },
  ];
}

export interface TraceRow {
  kernel: 'gemv';
  format: FormatId;
  variant: string;
  /** The instrumented build's output matched the CPU reference (else `error`, no figures). */
  verified: boolean;
  error?: string;
  /** 32-byte sectors × 32 ÷ useful bytes over every traced load (1.0 = perfectly coalesced). */
  sectorsPerUsefulByte?: number;
  /** The same over weight and scale loads alone. */
  weightSectorsPerUsefulByte?: number;
  /** Bytes loaded from x per byte of weights and scales. */
  xBytesPerWeightByte?: number;
  /**
   * workgroupBarrier()s a workgroup executes per KiB of weights and scales it loads, at the
   * trace's shape (GEMV_TRACE_DEFAULTS: K = 4096): all of them, and those inside the K loop
   * (between its first and last weight load).
   */
  barriersPerKiB?: number;
  loopBarriersPerKiB?: number;
  /** Workgroup memory a workgroup uses, in bytes (from the WGSL; no GPU figure exists). */
  workgroupBytes?: number;
  /** Workgroups launched at each shape, in `llama8bShapes()` order. */
  workgroups: number[];
}

export const workgroupsAt = (variant: GemvVariant, shapes: readonly TraceShape[]): number[] =>
  shapes.map((s) => Math.ceil(s.n / gemvRowsPerWorkgroup(variant)));

async function traceRow(
  env: KernelEnv,
  format: FormatId,
  variant: GemvVariant,
  shapes: readonly TraceShape[],
): Promise<TraceRow> {
  const base = {
    kernel: 'gemv' as const,
    format,
    variant: variant.name,
    workgroups: workgroupsAt(variant, shapes),
  };
  try {
    const t = await traceGemv(env, format, variant, GEMV_TRACE_DEFAULTS);
    if (!t.verified) return { ...base, verified: false, error: t.error ?? 'not verified' };
    const kib = (t.weightBytes + t.scaleBytes) / 1024;
    return {
      ...base,
      verified: true,
      sectorsPerUsefulByte: sectorsPerUsefulByte(t.all),
      weightSectorsPerUsefulByte: sectorsPerUsefulByte(t.weights),
      xBytesPerWeightByte: t.xBytes / (t.weightBytes + t.scaleBytes),
      barriersPerKiB: t.barriers / kib,
      loopBarriersPerKiB: t.loopBarriers / kib,
      workgroupBytes: t.workgroupBytes,
    };
  } catch (e) {
    return { ...base, verified: false, error: e instanceof Error ? e.message : String(e) };
  } finally {
    env.buffers.destroyAll();
  }
}

/** One row per format and GEMV variant this adapter can run. */
export async function traceAllGemv(
  gpu: GpuContext,
  env: KernelEnv,
  onProgress?: (label: string) => void,
  /** Which variants to trace (default: all this adapter runs). */
  only: (variant: GemvVariant) => boolean = () => true,
): Promise<TraceRow[]> {
  const shapes = llama8bShapes();
  const rows: TraceRow[] = [];
  for (const format of FORMAT_IDS) {
    for (const variant of gemvVariantsFor(format, gemvCapabilities(gpu)).filter(only)) {
      onProgress?.(`trace gemv ${format} ${variant.name}`);
      rows.push(await traceRow(env, format, variant, shapes));
    }
  }
  return rows;
}
