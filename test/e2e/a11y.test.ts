// Accessibility: axe-core over the page after a Quick run, with no serious or critical violation.

import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { type Browser, chromium } from 'playwright';
import { build, type PreviewServer, preview } from 'vite';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { chromiumLaunchOptions } from '../chromium';

let server: PreviewServer;
let browser: Browser;
let origin: string;

beforeAll(async () => {
  await build({ logLevel: 'warn', build: { outDir: 'dist-a11y' } });
  server = await preview({
    logLevel: 'warn',
    build: { outDir: 'dist-a11y' },
    preview: { host: '127.0.0.1', port: 0 },
  });
  origin = `http://127.0.0.1:${(server.httpServer.address() as AddressInfo).port}`;
  browser = await chromium.launch({ ...chromiumLaunchOptions(), headless: true });
});

afterAll(async () => {
  await browser?.close();
  await new Promise<void>((resolve) => server?.httpServer.close(() => resolve()));
});

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

it('has no serious or critical axe-core violations after a Quick run', async () => {
  // The page's CSP forbids injected scripts; axe is test tooling, so this page bypasses it.
  const page = await browser.newPage({ bypassCSP: true, viewport: { width: 1280, height: 900 } });
  await page.goto(`${origin}/`);
  await expect.poll(() => page.locator('#run-quick').isEnabled(), { timeout: 30_000 }).toBe(true);
  await page.click('#run-quick');
  await page.waitForSelector('body[data-done="true"]', { timeout: 120_000 });
  const require = createRequire(import.meta.url);
  await page.addScriptTag({ path: require.resolve('axe-core/axe.min.js') });
  const { violations, passes } = (await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run(): Promise<{ violations: unknown[]; passes: unknown[] }> } }
    ).axe;
    const result = await axe.run();
    return { violations: result.violations, passes: result.passes.length };
  })) as { violations: AxeViolation[]; passes: number };
  expect(passes).toBeGreaterThan(10); // axe really ran its rules over the page
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const summary = serious.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} — ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 3)
        .join(', ')}`,
  );
  expect(summary).toEqual([]);
  await page.close();
});
