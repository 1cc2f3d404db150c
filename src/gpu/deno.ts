// WebGPU in Deno: its own implementation (wgpu, with the naga shader compiler), behind
// `--unstable-webgpu`. The command line runs here as a second WebGPU beside Dawn.

import { GpuError } from './errors';

/** The flag without which Deno has no navigator.gpu. */
export const DENO_WEBGPU_FLAG = '--unstable-webgpu';

/** Deno's navigator.gpu, or an error that says how to start Deno so that it has one. */
export function denoGpu(): GPU {
  const gpu = (globalThis.navigator as Navigator | undefined)?.gpu;
  if (!gpu) {
    throw new GpuError(
      'no-webgpu',
      'This Deno has no navigator.gpu.',
      `Start it with ${DENO_WEBGPU_FLAG} (deno run ${DENO_WEBGPU_FLAG} -A dist-cli/bench.js), or run npm run bench -- --runtime deno.`,
    );
  }
  return gpu;
}
