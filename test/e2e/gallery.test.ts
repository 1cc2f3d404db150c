// End to end, the results gallery: build the page, serve it with the gallery's server (PGlite)
// on 127.0.0.1, run the Quick plan in headless Chromium, add the run to the gallery after seeing
// exactly what is sent, and find it in the GPU browser with its standing line. Then the same
// build served as static files only: the gallery says it is not connected, the page still runs.

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
 * The page at `origin`, its variants pinned: the gallery takes a run whatever its settings, and a
 * Quick run that skips tuning takes a fraction of the time on a software adapter.
 */
async function open(origin: string): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${origin}/?gemv-variant=rows4-wg64&gemm-variant=reg4x4`);
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
