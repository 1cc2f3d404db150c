// WebGPU in Node through the `webgpu` package (Dawn). Where no GPU driver answers, fall back to
// a software Vulkan driver when one is installed, and say so: its numbers are a CPU's.

import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { create, globals } from 'webgpu';
import { GpuError } from './errors';

/** Software Vulkan drivers, in order of preference, with the Debian package that ships each. */
export const SOFTWARE_VULKAN_DRIVERS = [
  { icd: '/usr/lib/chromium/vk_swiftshader_icd.json', name: 'SwiftShader (from Debian chromium)' },
  {
    icd: '/usr/share/vulkan/icd.d/lvp_icd.json',
    name: 'Mesa lavapipe (Mesa 25+; older ones are rejected by Dawn)',
  },
  {
    icd: '/usr/share/vulkan/icd.d/lvp_icd.x86_64.json',
    name: 'Mesa lavapipe (Mesa 25+; older ones are rejected by Dawn)',
  },
] as const;

export const INSTALL_HINT =
  'Install a GPU driver with Vulkan support, or for a software run on Debian/Ubuntu: apt-get install -y chromium libvulkan1 (SwiftShader). Or point VK_ICD_FILENAMES at a Vulkan ICD json.';

export interface NodeGpu {
  gpu: GPU;
  /** Set when a software driver stands in for a missing GPU driver. */
  softwareFallback: string | null;
  webgpuVersion: string;
}

/**
 * Dawn rounds GPU timestamps down to multiples of 2¹⁶ ns (its timestamp_quantization toggle, a
 * browser's defence against timing attacks): a 0.2 ms batch would read ±30 %. A command-line
 * benchmark has nothing to defend, so the toggle is off; the run records the step it then reads.
 */
export const UNQUANTIZED_TIMESTAMPS = 'disable-dawn-features=timestamp_quantization';

/**
 * Dawn's toggle for features it deems unsafe, Chrome's experimental ones among them: without it
 * the adapter never lists chromium-experimental-subgroup-matrix ("Feature %s is guarded by toggle
 * allow_unsafe_apis", Dawn). On only when asked (`npm run bench -- --experimental`).
 */
export const UNSAFE_APIS = 'enable-dawn-features=allow_unsafe_apis';

export interface DawnChoices {
  /** Dawn's allow_unsafe_apis toggle on (--experimental). */
  experimental?: boolean;
}

/**
 * Dawn's options for `create`: timestamps at full resolution; where ROOFLINE_DAWN_BACKEND is set
 * (e.g. vulkan; scripts/gpu-run.sh sets it on Linux) that backend instead of Dawn's own pick; and
 * with `experimental`, the unsafe-APIs toggle.
 */
export function dawnOptions(
  env: NodeJS.ProcessEnv = process.env,
  choices: DawnChoices = {},
): string[] {
  const backend = env.ROOFLINE_DAWN_BACKEND?.trim();
  return [
    UNQUANTIZED_TIMESTAMPS,
    ...(backend ? [`backend=${backend}`] : []),
    ...(choices.experimental === true ? [UNSAFE_APIS] : []),
  ];
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

/** Asks a throwaway Node process whether Dawn finds an adapter with the current environment.
 * A second Dawn instance after a failed first one is not safe in one process, so the probe
 * runs apart and this process creates its instance only once the driver is chosen. */
function defaultDriverHasAdapter(choices: DawnChoices): boolean {
  const probe = `import('webgpu').then(async ({create}) => process.exit((await create(${JSON.stringify(dawnOptions(process.env, choices))}).requestAdapter()) ? 0 : 3))`;
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', probe], {
    stdio: 'ignore',
    timeout: 60_000,
  });
  return result.status === 0;
}

export async function nodeGpu(choices: DawnChoices = {}): Promise<NodeGpu> {
  installGlobals();
  const webgpuVersion = webgpuPackageVersion();
  let softwareFallback: string | null = null;
  if (!process.env.VK_ICD_FILENAMES && !defaultDriverHasAdapter(choices)) {
    const driver = SOFTWARE_VULKAN_DRIVERS.find((d) => existsSync(d.icd));
    if (!driver) {
      throw new GpuError(
        'no-adapter',
        'No GPU driver answered and no software Vulkan driver was found.',
        INSTALL_HINT,
      );
    }
    // The Vulkan loader reads these when Dawn first enumerates drivers, below.
    process.env.VK_ICD_FILENAMES = driver.icd;
    process.env.NODEVICE_SELECT = '1';
    softwareFallback = driver.name;
  }
  const gpu = create(dawnOptions(process.env, choices));
  if (!(await gpu.requestAdapter())) {
    throw new GpuError(
      'no-adapter',
      `Dawn found no adapter${softwareFallback ? ` with ${softwareFallback}` : ''} (VK_ICD_FILENAMES=${process.env.VK_ICD_FILENAMES ?? 'unset'}).`,
      INSTALL_HINT,
    );
  }
  return { gpu, softwareFallback, webgpuVersion };
}
