// The full plan's size: under two minutes on typical discrete and Apple GPUs, estimated from each
// case's bytes and FLOPs at the datasheet rates (src/bench/estimate.ts; no GPU needed).

import { describe, expect, it } from 'vitest';
import {
  calibratedSeconds,
  estimatePlan,
  fullPlanSeconds,
  kernelMs,
} from '../../src/bench/estimate';
import { buildPlan } from '../../src/bench/plan';
import { getGpu } from '../../src/model/hardware/gpus';
import { doc, fmaRow, readRow } from './model/synthetic';

/** A discrete GPU's usual WebGPU limits (Chrome on Vulkan/D3D12/Metal). */
const LIMITS = { maxStorageBufferBindingSize: 2 ** 31 - 4, maxBufferSize: 2 ** 32 };
/** Every optional path offered: the most variants to tune. */
const INPUTS = {
  limits: LIMITS,
  hasF16: true,
  hasDp4a: true,
  hasSubgroups: true,
  hasSubgroupId: true,
};

describe('plan estimates', () => {
  it('take a kernel at its roofline: bytes at the bandwidth or FLOPs at compute', () => {
    const target = { bandwidthGBps: 100, gflops: 1000 };
    expect(kernelMs({ bytes: 1e8, flops: 1e8 }, target)).toBeCloseTo(1);
    expect(kernelMs({ bytes: 1e6, flops: 1e10 }, target)).toBeCloseTo(10);
  });

  it('size the full plan to under two minutes on typical discrete and Apple GPUs', () => {
    // Every shape class tries every variant (a narrowed list dropped the LM head's winners), which
    // took the estimate from under one minute to 55–85 s; a GPU user runs it once.
    const plan = buildPlan('full', INPUTS);
    for (const id of ['rtx-4090', 'rtx-3090', 'm3-pro', 'm2-max']) {
      const gpu = getGpu(id);
      const e = estimatePlan(plan, {
        bandwidthGBps: gpu.bandwidthGBps,
        gflops: gpu.fp32Tflops * 1000,
      });
      console.log(
        `full plan on ${gpu.name}: ~${e.seconds.toFixed(0)} s (${e.cases} cases, ${e.tuningCandidates} tuning candidates, ${(e.gpuBytes / 1e9).toFixed(1)} GB and ${(e.gpuFlops / 1e12).toFixed(2)} TFLOP per pass)`,
      );
      expect(e.seconds).toBeLessThan(120);
    }
  });

  it('never undercut the samples themselves, and grow on a slower GPU', () => {
    const plan = buildPlan('full', INPUTS);
    const fast = estimatePlan(plan, { bandwidthGBps: 3000, gflops: 50_000 });
    const floor = (plan.cases.length * plan.timing.samples * plan.timing.sampleTargetMs) / 1000;
    expect(fast.seconds).toBeGreaterThan(floor);
    const slow = estimatePlan(plan, { bandwidthGBps: 50, gflops: 1000 });
    expect(slow.seconds).toBeGreaterThan(fast.seconds + 5);
  });

  it('count the decode runs: their tokens at the bandwidth, on top of the kernels', () => {
    const plan = buildPlan('full', INPUTS);
    const kernelsOnly = { ...plan, decode: [] };
    const target = { bandwidthGBps: 100, gflops: 10_000, setupMs: 0 };
    const extra = estimatePlan(plan, target).seconds - estimatePlan(kernelsOnly, target).seconds;
    // Three Llama-3-8B int4 runs of k layers (at least the head, 263 MB, and one layer, 109 MB,
    // per step), 24 steps each: more than 3 × 24 × 0.37 GB at 100 GB/s, under 3 × 24 × 1 GiB.
    expect(extra).toBeGreaterThan((3 * 24 * 0.37) / 100);
    expect(extra).toBeLessThan((3 * 24 * 1.08) / 100);
  });

  it('calibrate the per-case cost from a run that just happened', () => {
    const quick = { seconds: 2, cases: 20, tuningCandidates: 5, gpuBytes: 0, gpuFlops: 0 };
    const full = { seconds: 30, cases: 120, tuningCandidates: 30, gpuBytes: 0, gpuFlops: 0 };
    // The quick run took 12 s: 10 s beyond its kernels, 0.4 s for each of its 25 slots.
    expect(calibratedSeconds(full, quick, 12_000)).toBeCloseTo(30 + 0.4 * 150);
    // A run faster than its own estimate adds nothing.
    expect(calibratedSeconds(full, quick, 1000)).toBeCloseTo(30);
  });

  it('tell from a finished Quick run how long a Full one would take on the same adapter', () => {
    const run = { ...doc([readRow(1 << 24, 10), fmaRow('f32', 50)]), plan: 'quick' as const };
    const inputs = { limits: LIMITS, hasF16: false };
    const slow = fullPlanSeconds(run, inputs, 60_000);
    const fast = fullPlanSeconds(run, inputs, 5_000);
    // At 10 GB/s the full plan's kernels alone take minutes; a slower Quick run adds more.
    expect(fast).toBeGreaterThan(60);
    expect(slow).toBeGreaterThan(fast ?? Number.POSITIVE_INFINITY);
    expect(fullPlanSeconds(doc([readRow(1 << 24, 10)]), inputs, 5_000)).toBeNull();
  });
});
