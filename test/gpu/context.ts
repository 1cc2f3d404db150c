// A real WebGPU device in Node (Dawn), for the GPU test layer. No adapter is a failure with a
// message saying what to install, never a skip.

import { acquireGpu, type GpuContext } from '../../src/gpu/device';
import { nodeGpu } from '../../src/gpu/node';

export async function testGpu(): Promise<GpuContext> {
  const { gpu } = await nodeGpu(); // throws, naming what to install, when no adapter exists
  return acquireGpu(gpu);
}

/** Timing light enough for software adapters; the kernels still run and verify for real. */
export const FAST_TIMING = { samples: 3, sampleTargetMs: 5, submitBudgetMs: 20 };
