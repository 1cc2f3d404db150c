// The two run plans. Quick: small sizes for tests and a first look (seconds, even on a software
// adapter). Full: sizes for real GPUs, up to the largest working set the limits allow.

import { bandwidthCase } from '../kernels/bandwidth';
import { fmaCase } from '../kernels/fma';
import type { KernelCase } from '../kernels/types';
import type { PlanName } from './results';

export interface TimingOptions {
  /** Samples per kernel (before any re-sampling of a noisy result). */
  samples: number;
  /** GPU time each sample should last, so coarse timers stay under ~1 %. */
  sampleTargetMs: number;
  /** Longest a single submit may run, to stay clear of GPU watchdogs. */
  submitBudgetMs: number;
}

export interface Plan {
  name: PlanName;
  timing: TimingOptions;
  cases: KernelCase[];
}

export interface PlanInputs {
  /** Limits the device was granted. */
  limits: Record<string, number>;
  hasF16: boolean;
}

const KiB = 1024;
const MiB = 1024 * KiB;
const GiB = 1024 * MiB;

export const PLAN_NAMES: readonly PlanName[] = ['quick', 'full'];

/** Largest power-of-two working set that one binding (or, for copy, two) can hold. */
export function maxWorkingSet(limits: Record<string, number>, cap: number): number {
  const binding = Math.min(
    limits.maxStorageBufferBindingSize ?? 128 * MiB,
    limits.maxBufferSize ?? 256 * MiB,
  );
  let size = 64 * KiB;
  while (size * 2 <= Math.min(binding, cap)) size *= 2;
  return size;
}

/** 64 KiB, ×4 each step, up to `max` (always included). */
export function workingSetSweep(max: number, factor = 4): number[] {
  const sizes: number[] = [];
  for (let s = 64 * KiB; s < max; s *= factor) sizes.push(s);
  sizes.push(max);
  return sizes;
}

export function buildPlan(name: PlanName, inputs: PlanInputs): Plan {
  const quick = name === 'quick';
  const largest = maxWorkingSet(inputs.limits, quick ? 16 * MiB : 1 * GiB);
  const bandwidth = { targetBytesPerDispatch: quick ? 16 * MiB : 256 * MiB };
  const cases: KernelCase[] = [];

  for (const size of workingSetSweep(largest)) cases.push(bandwidthCase('read', size, bandwidth));
  const coarse = workingSetSweep(largest, 16);
  // copy uses two halves of the working set, each bound separately.
  for (const size of coarse)
    cases.push(bandwidthCase('copy', Math.min(size * 2, largest * 2), bandwidth));
  for (const size of coarse) cases.push(bandwidthCase('write', size, bandwidth));

  const fmaElements = quick ? 64 * KiB : 4 * MiB;
  const fmaIters = quick ? [1, 4, 16, 64, 256] : [1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024];
  for (const iters of fmaIters) cases.push(fmaCase('f32', fmaElements, iters));
  if (inputs.hasF16) for (const iters of fmaIters) cases.push(fmaCase('f16', fmaElements, iters));

  return {
    name,
    timing: quick
      ? { samples: 5, sampleTargetMs: 20, submitBudgetMs: 40 }
      : { samples: 10, sampleTargetMs: 25, submitBudgetMs: 40 },
    cases,
  };
}
