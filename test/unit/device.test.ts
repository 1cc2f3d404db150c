// acquireGpu's refusals, with stand-ins for a browser that lacks WebGPU or offers no adapter
// (real adapters are exercised by the gpu and browser test layers).

import { describe, expect, it } from 'vitest';
import { acquireGpu } from '../../src/gpu/device';
import { isGpuError } from '../../src/gpu/errors';

const noAdapter = { requestAdapter: async () => null } as unknown as GPU;

function adapterWith(features: string[]): GPU {
  const adapter = {
    info: { vendor: 'v', architecture: 'a', device: '', description: 'fake' },
    features: new Set(features),
    limits: new Proxy({}, { get: () => 1 << 20 }),
    requestDevice: async () => {
      throw new Error('not reached');
    },
  };
  return { requestAdapter: async () => adapter } as unknown as GPU;
}

describe('acquireGpu refuses clearly', () => {
  it('no navigator.gpu (a browser without WebGPU, or WebGPU blocked in a worker)', async () => {
    const attempt = acquireGpu(undefined);
    await expect(attempt).rejects.toSatisfy((e) => isGpuError(e, 'no-webgpu'));
    await expect(attempt).rejects.toThrow(/does not expose WebGPU.*Use a browser with WebGPU/);
  });

  it('an adapter that is null (blocklisted GPU, hardware acceleration off)', async () => {
    const attempt = acquireGpu(noAdapter);
    await expect(attempt).rejects.toSatisfy((e) => isGpuError(e, 'no-adapter'));
    await expect(attempt).rejects.toThrow(/requestAdapter\(\) returned null.*chrome:\/\/gpu/);
  });

  it('a required feature the adapter lacks', async () => {
    const attempt = acquireGpu(adapterWith(['timestamp-query']), {
      requiredFeatures: ['shader-f16'],
    });
    await expect(attempt).rejects.toSatisfy((e) => isGpuError(e, 'feature-missing'));
    await expect(attempt).rejects.toThrow(/The adapter lacks shader-f16/);
  });

  it('a device request the adapter turns down', async () => {
    const attempt = acquireGpu(adapterWith([]));
    await expect(attempt).rejects.toThrow(/requestDevice failed: not reached/);
  });
});
