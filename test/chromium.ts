import { existsSync } from 'node:fs';

// Debian's chromium, never a downloaded browser. CHROMIUM_PATH overrides.
const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

export function chromiumPath(): string {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) return fromEnv;
  // scripts/test.sh checks for a browser first and says what to install when none is found.
  return CANDIDATES.find((p) => existsSync(p)) ?? '/usr/bin/chromium';
}

/** WebGPU on SwiftShader, a CPU: the tests, and any run on a machine without a GPU. */
const SOFTWARE_WEBGPU = [
  '--enable-unsafe-webgpu',
  '--enable-features=Vulkan',
  '--use-angle=swiftshader',
];

/**
 * WebGPU on the machine's GPU through Vulkan (headless, so no Vulkan surface), even where
 * Chromium's blocklist would turn the GPU down; no SwiftShader.
 */
const GPU_WEBGPU = [
  '--enable-unsafe-webgpu',
  '--enable-features=Vulkan',
  '--use-angle=vulkan',
  '--disable-vulkan-surface',
  '--ignore-gpu-blocklist',
];

/**
 * ROOFLINE_CHROMIUM_GPU=1 (scripts/gpu-run.sh sets it once Dawn found a hardware adapter) puts
 * WebGPU on the GPU; otherwise SwiftShader, as every test runs it.
 */
export const chromiumOnGpu = (env: NodeJS.ProcessEnv = process.env): boolean =>
  env.ROOFLINE_CHROMIUM_GPU === '1';

export function chromiumLaunchOptions(gpu = chromiumOnGpu()) {
  return {
    executablePath: chromiumPath(),
    args: [
      ...(gpu ? GPU_WEBGPU : SOFTWARE_WEBGPU),
      '--no-sandbox',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
    // Playwright's own flags let WebGL fall back to SwiftShader; a GPU run does not.
    ...(gpu ? { ignoreDefaultArgs: ['--enable-unsafe-swiftshader'] } : {}),
  };
}
