// The WebGPU of the process the command line runs in: Dawn (the `webgpu` package) under Node,
// wgpu under Deno. Dawn is imported only under Node, so Deno never loads its native addon.

import type { RuntimeDescription } from '../core/results';
import { denoGpu } from './deno';

export interface HostGpu {
  gpu: GPU;
  /** Set when a software driver stands in for a missing GPU driver (Dawn's fallback). */
  softwareFallback: string | null;
  /** What the results document says ran the plan. */
  runtime: RuntimeDescription;
}

interface DenoGlobal {
  version: { deno: string };
}

/** Deno's global, where this process is Deno. */
export const denoRuntime = (): DenoGlobal | undefined => (globalThis as { Deno?: DenoGlobal }).Deno;

/** `experimental`: Dawn's allow_unsafe_apis toggle (Node only; wgpu has none). */
export async function hostGpu(choices: { experimental?: boolean } = {}): Promise<HostGpu> {
  const deno = denoRuntime();
  if (deno) {
    return {
      gpu: denoGpu(),
      softwareFallback: null,
      runtime: { kind: 'deno', description: `deno ${deno.version.deno}`, implementation: 'wgpu' },
    };
  }
  const { nodeGpu } = await import('./node');
  const experimental = choices.experimental === true;
  const { gpu, softwareFallback, webgpuVersion } = await nodeGpu({ experimental });
  return {
    gpu,
    softwareFallback,
    runtime: {
      kind: 'node',
      description: `node ${process.version}; webgpu ${webgpuVersion}`,
      implementation: 'dawn',
      ...(experimental ? { experimental } : {}),
    },
  };
}
