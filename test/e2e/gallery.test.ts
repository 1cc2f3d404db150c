// End to end, the results gallery: build the page, serve it with the gallery's server (PGlite)
// on 127.0.0.1, run the Quick plan in headless Chromium, add the run to the gallery after seeing
// exactly what is sent, and find it in the GPU browser with its standing line. The page that run
// leaves is then checked for accessibility (axe-core: in English and Chinese, at a phone's width
// and presenting). Then the same build served as static files only: the gallery says it is not
// connected, the page still runs.

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { type Browser, chromium, type Page } from 'playwright';
import { type PreviewServer, preview } from 'vite';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../server/app';
import type { Database } from '../../server/db/database';
import { openDatabase } from '../../server/db/open';
import { validateResults } from '../../src/core/results';
import { chromiumLaunchOptions } from '../chromium';

/** The page built once for the e2e tests (test/e2e/build-page.global.ts). */
const OUT = inject('pageDir');
let db: Database;
let app: FastifyInstance;
let staticServer: PreviewServer;
let browser: Browser;
/** The page after the first test's whole Quick run, for the accessibility test. */
let afterQuickRun: Page | undefined;

beforeAll(async () => {
  db = await openDatabase({ dataDir: null });
  app = await buildApp({ db, staticDir: OUT });
  await app.listen({ host: '127.0.0.1', port: 0 });
  staticServer = await preview({
    logLevel: 'warn',
    build: { outDir: OUT },
    preview: { host: '127.0.0.1', port: 0 },
  });
  browser = await chromium.launch({ ...chromiumLaunchOptions(), headless: true });
});

afterAll(async () => {
  await browser?.close();
  await app?.close();
  await db?.close();
  await new Promise<void>((resolve) => staticServer?.httpServer.close(() => resolve()));
});

/**
 * The page at `origin` with quick settings: the gallery takes a run whatever its settings, and a
 * Quick run that skips tuning, stops its read sweep at 1 MiB and takes 3 samples a kernel takes a
 * fraction of the time on a software adapter.
 */
async function open(origin: string): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(
    `${origin}/?gemv-variant=rows4-wg64&gemm-variant=reg4x4&samples=3&max-working-set-mib=1`,
  );
  return { page, errors };
}

async function quickRun(page: Page): Promise<void> {
  await expect.poll(() => page.locator('#run-quick').isEnabled(), { timeout: 30_000 }).toBe(true);
  await page.click('#run-quick');
  await page.waitForSelector('body[data-done="true"]', { timeout: 180_000 });
}

describe('the results gallery', () => {
  it('adds a Quick run from the page on consent, and shows it in the GPU browser', async () => {
    const address = app.server.address() as AddressInfo;
    const { page, errors } = await open(`http://127.0.0.1:${address.port}`);
    await expect
      .poll(() => page.locator('#gallery-connection').textContent(), { timeout: 30_000 })
      .toMatch(/Connected/);
    await quickRun(page);
    // nothing is sent before consent
    expect(await db.query('SELECT id FROM runs')).toEqual([]);
    await page.click('#gallery-offer');
    const shown = JSON.parse((await page.locator('#gallery-preview').textContent()) ?? '');
    const doc = validateResults(
      await page.evaluate(() =>
        (
          window as never as { webgpuRoofline: { lastDocument(): unknown } }
        ).webgpuRoofline.lastDocument(),
      ),
    );
    expect(shown).toEqual(doc);
    await page.click('#gallery-send');
    await expect
      .poll(() => page.locator('#gallery-status').textContent(), { timeout: 30_000 })
      .toMatch(/Added to the gallery as run 1\. The first run on this GPU in the gallery\./);
    const [stored] = await db.query<{ document: unknown }>('SELECT document FROM runs');
    expect(stored?.document).toEqual(doc);
    // SwiftShader is a CPU: listed apart from GPUs
    await expect
      .poll(() => page.locator('#gallery-software tr[data-adapter]').count(), { timeout: 30_000 })
      .toBe(1);
    await page.locator('#gallery-software tr[data-adapter] button').click();
    await expect
      .poll(() => page.locator('#gallery-gpu h3').textContent(), { timeout: 30_000 })
      .toMatch(/side by side/);
    // sent once: the offer is not made again for this run
    expect(await page.locator('#gallery-offer').isHidden()).toBe(true);
    expect(errors).toEqual([]);
    afterQuickRun = page;
  });

  it('has no serious or critical axe-core violations after a Quick run, in both languages, on a phone and presenting', async () => {
    const page = afterQuickRun;
    if (page === undefined) throw new Error('needs the page of the first test’s Quick run');
    // A whole Quick run (the only unresumed one in the e2e tests) tells how long a Full one would
    // take here, far longer on a CPU; axe then checks that line too.
    await expect
      .poll(() => page.locator('#run-estimate').textContent())
      .toMatch(/^A Full run would take about [\d,.]+ (s|min|h) on this adapter/);
    // axe is test tooling: evaluated through the devtools protocol, which the page's CSP (no
    // injected scripts) does not govern.
    const require = createRequire(import.meta.url);
    await page.evaluate(readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8'));
    // In English, in Chinese, on a phone's width, and in presenter mode on a projector.
    expect(await seriousViolations(page)).toEqual([]);
    await page.selectOption('#language', 'zh');
    await page.waitForSelector('html[lang="zh-CN"]');
    expect(await seriousViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 375, height: 800 });
    expect(await seriousViolations(page)).toEqual([]);
    // Nothing wider than the phone: wide tables scroll inside their own box.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.keyboard.press('p');
    await page.waitForSelector('body[data-present="bandwidth"]');
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });

  it('served as static files, says the gallery is not connected and still runs', async () => {
    const address = staticServer.httpServer.address() as AddressInfo;
    const { page, errors } = await open(`http://127.0.0.1:${address.port}`);
    await expect
      .poll(() => page.locator('#gallery-connection').textContent(), { timeout: 30_000 })
      .toMatch(/Not connected/);
    // It runs: a first verified row, then cancelled (the whole run is the test above).
    await expect.poll(() => page.locator('#run-quick').isEnabled(), { timeout: 30_000 }).toBe(true);
    await page.click('#run-quick');
    await page.locator('#results-table tbody tr[data-verified="true"]').first().waitFor();
    await page.click('#cancel');
    await expect
      .poll(() => page.locator('#progress-label').textContent(), { timeout: 60_000 })
      .toMatch(/^Stopped: Cancelled by the user\./);
    expect(await page.locator('#gallery-offer').isHidden()).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });
});

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

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
