// Firefox with WebGPU on (its implementation is wgpu, with the naga compiler): Debian's
// firefox-esr, never a downloaded browser, driven over WebDriver BiDi by puppeteer-core (which
// needs no driver binary). FIREFOX_PATH overrides the binary. WebGPU runs on lavapipe, named
// explicitly so that no other Vulkan driver the loader finds is tried.

import { existsSync } from 'node:fs';
import puppeteer, { type Browser } from 'puppeteer-core';
import { lavapipeIcd, swiftshaderIcd, vulkanEnv } from '../scripts/vulkan';

const CANDIDATES = ['/usr/bin/firefox-esr', '/usr/bin/firefox'];

/** The prefs that turn WebGPU on in Firefox ESR, and let it use a software Vulkan driver. */
export const FIREFOX_WEBGPU_PREFS = {
  'dom.webgpu.enabled': true,
  'gfx.webgpu.ignore-blocklist': true,
};

export function firefoxPath(): string {
  const fromEnv = process.env.FIREFOX_PATH;
  if (fromEnv) return fromEnv;
  // scripts/system-deps.sh installs firefox-esr, and says so when it cannot.
  return CANDIDATES.find((p) => existsSync(p)) ?? '/usr/bin/firefox-esr';
}

export function launchFirefox(): Promise<Browser> {
  const icd = lavapipeIcd() ?? swiftshaderIcd();
  return puppeteer.launch({
    browser: 'firefox',
    executablePath: firefoxPath(),
    headless: true,
    extraPrefsFirefox: FIREFOX_WEBGPU_PREFS,
    env: { ...process.env, ...(icd === null ? {} : vulkanEnv(icd)) },
  });
}
