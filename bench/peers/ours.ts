// Our side for one shape and format: the variant our runner picks (each verified, then timed
// briefly), prepared again, verified on the very buffers the samples use, and timeable.

import type { TimingOptions } from '../../src/bench/plan';
import type { BenchRunner } from '../../src/bench/runner';
import type { FormatId } from '../../src/core/formats';
import { BufferLedger } from '../../src/gpu/buffers';
import type { GpuContext } from '../../src/gpu/device';
import { createTimer, type SubmitTimer } from '../../src/gpu/timer';
import { GEMM_VARIANTS, gemmBytes, gemmCase } from '../../src/kernels/gemm';
import {
  GEMV_VARIANTS,
  gemvBytes,
  gemvCapabilities,
  gemvCase,
  gemvVariantsFor,
} from '../../src/kernels/gemv';
import { type PreparedKernel, variantNamed } from '../../src/kernels/types';
import type { PeerShape } from './types';

const MiB = 1024 * 1024;
/** Our runner's per-variant timing, used only to choose our variant (5 samples: one noisy
 *  sample on a loaded 2-core machine must not pick a slower variant). */
const TUNING: TimingOptions = { samples: 5, sampleTargetMs: 5, submitBudgetMs: 40 };

export interface OursOptions {
  rotationBytes: number;
  seed: number;
  log: (message: string) => void;
  /** The variant an earlier page's tuning chose for this shape and format: run it alone. */
  tunedBefore?: string | undefined;
}

function ourCase(
  shape: PeerShape,
  format: FormatId,
  variant: string,
  binding: number,
  o: OursOptions,
) {
  const options = { rotationBytes: o.rotationBytes, maxBindingBytes: binding, seed: o.seed };
  return shape.kernel === 'gemv'
    ? gemvCase(format, shape.n, shape.k, variantNamed(GEMV_VARIANTS, variant), options)
    : gemmCase(format, shape.m, shape.n, shape.k, variantNamed(GEMM_VARIANTS, variant), options);
}

/** Bytes one product of ours moves (weights with scales, x as the variant reads it, y). */
export function ourBytes(shape: PeerShape, format: FormatId, variant: string): number {
  return shape.kernel === 'gemv'
    ? gemvBytes(format, shape.n, shape.k, variantNamed(GEMV_VARIANTS, variant))
    : gemmBytes(format, shape.m, shape.n, shape.k);
}

export class Ours {
  private rep = 0;
  private constructor(
    readonly variant: string,
    readonly runnerMs: number,
    private readonly prepared: PreparedKernel,
    private readonly timer: SubmitTimer,
    private readonly ledger: BufferLedger,
  ) {}

  static async start(
    gpu: GpuContext,
    runner: BenchRunner,
    shape: PeerShape,
    format: FormatId,
    o: OursOptions,
  ): Promise<Ours> {
    const offered = (
      shape.kernel === 'gemv' ? gemvVariantsFor(format, gemvCapabilities(gpu)) : GEMM_VARIANTS
    ).map((v) => v.name);
    const carried = o.tunedBefore !== undefined && offered.includes(o.tunedBefore);
    const variants = carried ? [o.tunedBefore as string] : offered;
    const binding = Math.min(
      gpu.grantedLimits.maxStorageBufferBindingSize ?? 128 * MiB,
      gpu.grantedLimits.maxBufferSize ?? 256 * MiB,
    );
    const make = (variant: string) => ourCase(shape, format, variant, binding, o);
    const tried: string[] = [];
    let best: { variant: string; ms: number } | null = null;
    for (const variant of variants) {
      const row = await runner.runCase(make(variant), TUNING);
      if (!row.verified) {
        tried.push(`${variant}: ${row.error ?? 'failed'}`);
        continue;
      }
      tried.push(`${variant}: ${row.medianMs.toFixed(3)} ms`);
      if (best === null || row.medianMs < best.ms) best = { variant, ms: row.medianMs };
    }
    o.log(
      `  ours ${format} ${carried ? 'as tuned on the first page' : 'tuned'}: ${tried.join(', ')}`,
    );
    if (best === null) throw new Error(`no variant of ours verified (${tried.join('; ')})`);
    const ledger = new BufferLedger(gpu.device);
    const timer = createTimer(gpu.device, 'wall-clock');
    try {
      const prepared = await make(best.variant).prepare({ device: gpu.device, buffers: ledger });
      await timer.time((pass) => prepared.encode(pass, 0), 1);
      const ours = new Ours(best.variant, best.ms, prepared, timer, ledger);
      await ours.verify();
      return ours;
    } catch (e) {
      ledger.destroyAll();
      timer.destroy();
      throw e;
    }
  }

  /** Checks the output of the last product run (after timing: the last timed one). */
  async verify(): Promise<void> {
    const outcome = await this.prepared.verify();
    if (!outcome.ok) throw new Error(`ours did not verify: ${outcome.detail}`);
  }

  /** Wall clock per product over `reps` products (one pass and submit each), ms. */
  async sample(reps: number): Promise<number> {
    const ms = await this.timer.time((pass) => this.prepared.encode(pass, this.rep++), reps);
    return ms / reps;
  }

  destroy(): void {
    this.ledger.destroyAll();
    this.timer.destroy();
  }
}
