// WebGPU in Node through the `webgpu` package (Dawn). Where no GPU driver answers, fall back to
// a software Vulkan driver when one is installed, and say so: its numbers are a CPU's.

import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { create, globals } from 'webgpu';
import { GpuError } from './errors';

/** Software Vulkan drivers, in order of preference, with the Debian package that ships each. */
export const SOFTWARE_VULKAN_DRIVERS = [
  { icd: '/usr/lib/chromium/vk_swiftshader_icd.json', name: 'SwiftShader (from Debian chromium)' },
  { icd: '/usr/share/vulkan/icd.d/lvp_icd.x86_64.json', name: 'Mesa lavapipe' },
] as const;

export const INSTALL_HINT =
  'Install a GPU driver with Vulkan support, or for a software run on Debian/Ubuntu: apt-get install -y chromium libvulkan1 (SwiftShader). Or point VK_ICD_FILENAMES at a Vulkan ICD json.';

export interface NodeGpu {
  gpu: GPU;
  /** Set when a software driver stands in for a missing GPU driver. */
  softwareFallback: string | null;
  webgpuVersion: string;
}

let installed = false;

/** Makes Dawn's GPUBufferUsage & co. global, as they are in a browser. */
function installGlobals(): void {
  if (!installed) Object.assign(globalThis, globals);
  installed = true;
}

export function webgpuPackageVersion(): string {
  const require = createRequire(import.meta.url);
  return (require('webgpu/package.json') as { version: string }).version;
}

export async function nodeGpu(): Promise<NodeGpu> {
  installGlobals();
  const webgpuVersion = webgpuPackageVersion();
  const gpu = create([]);
  if (process.env.VK_ICD_FILENAMES || (await gpu.requestAdapter())) {
    return { gpu, softwareFallback: null, webgpuVersion };
  }
  for (const driver of SOFTWARE_VULKAN_DRIVERS) {
    if (!existsSync(driver.icd)) continue;
    // The Vulkan loader reads these when Dawn next enumerates drivers.
    process.env.VK_ICD_FILENAMES = driver.icd;
    process.env.NODEVICE_SELECT = '1';
    const fallback = create([]);
    if (await fallback.requestAdapter()) {
      return { gpu: fallback, softwareFallback: driver.name, webgpuVersion };
    }
  }
  delete process.env.VK_ICD_FILENAMES;
  throw new GpuError(
    'no-adapter',
    'No GPU driver answered and no software Vulkan driver was found.',
    INSTALL_HINT,
  );
}
