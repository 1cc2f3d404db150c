// A real WebGPU device in Node (Dawn), for the GPU test layer. No adapter is a failure with a
// message saying what to install, never a skip.

import { afterAll, beforeAll } from 'vitest';
import { BenchRunner } from '../../src/bench/runner';
import { acquireGpu, type GpuContext } from '../../src/gpu/device';
import { nodeGpu } from '../../src/gpu/node';

export async function testGpu(): Promise<GpuContext> {
  const { gpu } = await nodeGpu(); // throws, naming what to install, when no adapter exists
  return acquireGpu(gpu);
}

/** Timing light enough for software adapters; the kernels still run and verify for real. */
export const FAST_TIMING = { samples: 3, sampleTargetMs: 5, submitBudgetMs: 20 };

/**
 * For tests of correctness alone (every variant of every format): one sample of one submit.
 * Each kernel still runs and is verified against the CPU reference; only the timing is cut.
 */
export const CHECK_TIMING = { samples: 1, sampleTargetMs: 1, submitBudgetMs: 1 };

/** A device and a runner shared by one test file: made before its tests, destroyed after. */
export function sharedRunner(): { readonly gpu: GpuContext; readonly runner: BenchRunner } {
  const shared = {} as { gpu: GpuContext; runner: BenchRunner };
  beforeAll(async () => {
    shared.gpu = await testGpu();
    shared.runner = new BenchRunner(shared.gpu);
  });
  afterAll(() => {
    shared.runner?.destroy();
    shared.gpu?.destroy();
  });
  return shared;
}
