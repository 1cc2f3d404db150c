// Accessibility: axe-core over the page after a Quick run — in English and Chinese, at a phone's
// width and in presenter mode — with no serious or critical violation.

import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { type Browser, chromium, type Page } from 'playwright';
import { type PreviewServer, preview } from 'vite';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { chromiumLaunchOptions } from '../chromium';

let server: PreviewServer;
let browser: Browser;
let origin: string;

beforeAll(async () => {
  server = await preview({
    logLevel: 'warn',
    build: { outDir: inject('pageDir') },
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

it('has no serious or critical axe-core violations after a Quick run, in both languages, on a phone and presenting', async () => {
  // The page's CSP forbids injected scripts; axe is test tooling, so this page bypasses it.
  const page = await browser.newPage({ bypassCSP: true, viewport: { width: 1280, height: 900 } });
  // Variants pinned (no tuning: the page is the same, and axe sees the not-comparable notice too).
  await page.goto(`${origin}/?gemv-variant=rows4-wg64&gemm-variant=reg4x4`);
  await expect.poll(() => page.locator('#run-quick').isEnabled(), { timeout: 30_000 }).toBe(true);
  await page.click('#run-quick');
  await page.waitForSelector('body[data-done="true"]', { timeout: 200_000 });
  // A whole Quick run (the only unresumed one in the e2e tests) tells how long a Full one would
  // take here, far longer on a CPU; axe then checks that line too.
  await expect
    .poll(() => page.locator('#run-estimate').textContent())
    .toMatch(/^A Full run would take about [\d,.]+ (s|min|h) on this adapter/);
  const require = createRequire(import.meta.url);
  await page.addScriptTag({ path: require.resolve('axe-core/axe.min.js') });
  // In English, in Chinese, on a phone's width, and in presenter mode on a projector.
  expect(await seriousViolations(page)).toEqual([]);
  await page.selectOption('#language', 'zh');
  await page.waitForSelector('html[lang="zh-CN"]');
  expect(await seriousViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 375, height: 800 });
  expect(await seriousViolations(page)).toEqual([]);
  // Nothing wider than the phone: wide tables scroll inside their own box.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.keyboard.press('p');
  await page.waitForSelector('body[data-present="bandwidth"]');
  expect(await seriousViolations(page)).toEqual([]);
  await page.close();
});

/** axe-core's serious and critical findings on the page as it is now, one line each. */
async function seriousViolations(page: Page): Promise<string[]> {
  const { violations, passes } = (await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run(): Promise<{ violations: unknown[]; passes: unknown[] }> } }
    ).axe;
    const result = await axe.run();
    return { violations: result.violations, passes: result.passes.length };
  })) as { violations: AxeViolation[]; passes: number };
  expect(passes).toBeGreaterThan(10); // axe really ran its rules over the page
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')}`,
    );
}
