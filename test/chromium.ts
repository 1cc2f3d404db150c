import { existsSync } from 'node:fs';

// Debian's chromium, never a downloaded browser. CHROMIUM_PATH overrides.
const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

export function chromiumPath(): string {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) return fromEnv;
  // scripts/test.sh checks for a browser first and says what to install when none is found.
  return CANDIDATES.find((p) => existsSync(p)) ?? '/usr/bin/chromium';
}

export function chromiumLaunchOptions() {
  return {
    executablePath: chromiumPath(),
    args: [
      '--enable-unsafe-webgpu',
      '--enable-features=Vulkan',
      '--use-angle=swiftshader',
      '--no-sandbox',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  };
}
