// What every kernel family provides to the runner: a descriptor with its exact byte and FLOP
// counts, and a prepare step that builds buffers and pipelines and knows how to check itself.

import type { ResultRow } from '../core/results';
import type { BufferLedger } from '../gpu/buffers';

export interface KernelEnv {
  device: GPUDevice;
  buffers: BufferLedger;
}

export interface VerifyOutcome {
  ok: boolean;
  /** On failure: what differed, e.g. a few indices with actual vs expected. */
  detail?: string;
}

export interface PreparedKernel {
  /** Records one dispatch into `pass`. `rep` counts dispatches, for kernels that rotate buffers. */
  encode(pass: GPUComputePassEncoder, rep: number): void;
  /** Reads back the output of the dispatches recorded so far and checks it on the CPU. */
  verify(): Promise<VerifyOutcome>;
}

/** A case is what its result row will say it ran: kernel, variant, format, shape, bytes, FLOPs. */
export interface KernelCase
  extends Pick<ResultRow, 'kernel' | 'variant' | 'format' | 'shape' | 'bytes' | 'flops'> {
  /** Human-readable name for progress, e.g. "read 64 MiB". */
  label: string;
  prepare(env: KernelEnv): Promise<PreparedKernel>;
  /** The same kernel on less memory, tried when this one runs out of GPU memory; null at the floor. */
  smaller?: () => KernelCase | null;
}

/** The variant of that name in a kernel's list (GEMV_VARIANTS, GEMM_VARIANTS); a RangeError if none. */
export function variantNamed<T extends { name: string }>(variants: readonly T[], name: string): T {
  const found = variants.find((v) => v.name === name);
  if (!found) throw new RangeError(`no variant named ${name}`);
  return found;
}

/** A short table of the first mismatches, for error messages (like the WebGPU CTS prints). */
export function mismatchTable(
  rows: { index: number; actual: number | string; expected: number | string }[],
  total: number,
): string {
  const shown = rows
    .slice(0, 4)
    .map((r) => `[${r.index}] got ${r.actual}, expected ${r.expected}`)
    .join('; ');
  return `${total} mismatches: ${shown}`;
}

/**
 * A build of a kernel other than the plain one (the address trace's instrumented build): its
 * WGSL rewritten for an entry point, and a bind group at @group(1) made from the pipeline's layout.
 */
export interface KernelBuild {
  code(code: string, entryPoint: string): string;
  group1(layout: GPUBindGroupLayout): GPUBindGroup;
}
