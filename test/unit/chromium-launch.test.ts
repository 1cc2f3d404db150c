// The peers' Chromium: SwiftShader for the tests and CPU runs, the GPU (Vulkan) when
// scripts/gpu-run.sh sets ROOFLINE_CHROMIUM_GPU=1 on a machine whose adapter is hardware.

import { describe, expect, it } from 'vitest';
import { chromiumLaunchOptions, chromiumOnGpu } from '../chromium';

describe('Chromium launch options', () => {
  it('keep WebGPU on SwiftShader unless asked for the GPU', () => {
    const options = chromiumLaunchOptions(false);
    expect(options.args).toEqual(
      expect.arrayContaining([
        '--enable-unsafe-webgpu',
        '--enable-features=Vulkan',
        '--use-angle=swiftshader',
      ]),
    );
    expect(options).not.toHaveProperty('ignoreDefaultArgs');
    expect(chromiumOnGpu({})).toBe(false);
    expect(chromiumOnGpu({ ROOFLINE_CHROMIUM_GPU: '0' })).toBe(false);
  });

  it('put WebGPU on the GPU through Vulkan, with no SwiftShader anywhere', () => {
    expect(chromiumOnGpu({ ROOFLINE_CHROMIUM_GPU: '1' })).toBe(true);
    const options = chromiumLaunchOptions(true);
    expect(options.args).toEqual(
      expect.arrayContaining([
        '--enable-unsafe-webgpu',
        '--enable-features=Vulkan',
        '--use-angle=vulkan',
      ]),
    );
    expect(options.args.join(' ')).not.toMatch(/swiftshader/i);
    // Playwright's default --enable-unsafe-swiftshader would let WebGL fall back to the CPU.
    expect(options).toMatchObject({ ignoreDefaultArgs: ['--enable-unsafe-swiftshader'] });
  });
});
