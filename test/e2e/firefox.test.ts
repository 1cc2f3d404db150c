// The page in Firefox ESR (wgpu/naga on lavapipe): a default Quick run — the tuner trying every
// variant offered, and the decode run — finishes with every kernel verified, the predictions and
// charts shown, and no page error; the page names the implementation and what it does not offer.

import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'puppeteer-core';
import { type PreviewServer, preview } from 'vite';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { FORMAT_IDS, MODEL_FORMAT_IDS } from '../../src/core/formats';
import { type ResultsDocument, validateResults } from '../../src/core/results';
import { launchFirefox } from '../firefox';

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
  browser = await launchFirefox();
});

afterAll(async () => {
  await browser?.close();
  await new Promise<void>((resolve) => server?.httpServer.close(() => resolve()));
});

const text = (page: Page, selector: string) =>
  page.$eval(selector, (e) => e.textContent ?? '').catch(() => '');

/** Canvas pixels with any ink: a drawn chart is not blank. */
const inkedPixels = (page: Page, selector: string) =>
  page.$eval(selector, (canvas) => {
    const c = canvas as HTMLCanvasElement;
    const pixels = c.getContext('2d')?.getImageData(0, 0, c.width, c.height).data ?? [];
    let n = 0;
    for (let i = 3; i < pixels.length; i += 4) if ((pixels[i] ?? 0) > 0) n++;
    return n;
  });

/** A page that records its errors (the gallery's API answers 404 when served as static files). */
async function openPage(query = ''): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => {
    if (m.type() === 'error' && !/\/api\//.test(m.location().url ?? '')) errors.push(m.text());
  });
  await page.setViewport({ width: 1280, height: 900 });
  await page.goto(`${origin}/${query}`);
  await page.waitForFunction(
    () => document.querySelector<HTMLButtonElement>('#run-quick')?.disabled === false,
    { timeout: 60_000 },
  );
  return { page, errors };
}

/** Presses Quick run, waits for the end, checks every row verified; the document and seconds. */
async function quickRun(page: Page): Promise<{ doc: ResultsDocument; seconds: number }> {
  const started = Date.now();
  await page.click('#run-quick');
  await page.waitForFunction(
    () =>
      /^(Done|Stopped|The run failed)/.test(
        document.querySelector('#progress-label')?.textContent ?? '',
      ),
    { timeout: 600_000, polling: 1000 },
  );
  const seconds = (Date.now() - started) / 1000;
  expect(await text(page, '#progress-label')).toMatch(/^Done: (\d+) of \1 kernels verified\./);
  expect(await page.$$eval('#results-table tbody tr[data-verified="false"]', (r) => r.length)).toBe(
    0,
  );
  const doc = validateResults(
    await page.evaluate(() =>
      (
        window as never as { webgpuRoofline: { lastDocument(): unknown } }
      ).webgpuRoofline.lastDocument(),
    ),
  );
  expect(doc.results.every((r) => r.verified && r.gbps > 0)).toBe(true);
  expect(doc.decode?.every((d) => d.verified)).toBe(true);
  return { doc, seconds };
}

describe('the page in Firefox', () => {
  it('runs the default Quick plan, tuner and decode included, every kernel verified, 0 page errors', async () => {
    const { page, errors } = await openPage();
    expect(await text(page, '#adapter-details')).toMatch(/wgpu \(Firefox\)/);
    // wgpu grants no subgroups: the page says which variants that leaves out.
    expect(await text(page, '#adapter-unoffered')).toMatch(/need subgroups/);

    const { doc, seconds } = await quickRun(page);
    expect(doc.runtime.implementation).toBe('wgpu');
    expect(doc.settings).toBeUndefined();
    expect(doc.results.length).toBeGreaterThanOrEqual(10);
    expect(doc.tuning?.length).toBeGreaterThan(0);
    expect(doc.decode?.length).toBeGreaterThan(0);
    // The tile GEMVs (whose compile used to take Firefox down) were offered: tried, or skipped
    // when the Quick plan's tuning budget ran out (the next test runs one).
    const offered = doc.tuning?.flatMap((t) => [
      ...t.candidates.map((c) => c.variant),
      ...(t.skipped ?? []),
    ]);
    expect(offered?.some((v) => v.startsWith('tile-'))).toBe(true);
    // …and it never asked for a variant it was not offered: none needing subgroups ran.
    const unoffered = new Set(doc.unoffered?.map((u) => u.variant));
    expect([...unoffered].some((v) => v.startsWith('subgroup-'))).toBe(true);
    const tried = doc.tuning?.flatMap((t) => t.candidates.map((c) => c.variant)) ?? [];
    expect(tried.filter((v) => unoffered.has(v))).toEqual([]);
    expect(doc.results.filter((r) => unoffered.has(r.variant))).toEqual([]);

    expect(await inkedPixels(page, '#bandwidth-chart')).toBeGreaterThan(1000);
    expect(await inkedPixels(page, '#roofline-chart')).toBeGreaterThan(1000);
    expect(await page.$eval('#pred-source', (e) => (e as HTMLSelectElement).value)).toBe(
      'measured',
    );
    for (const format of MODEL_FORMAT_IDS) {
      const source = await page.$eval(
        `#pred-table tr[data-model="llama-3-8b"][data-format="${format}"]`,
        (row) => row.getAttribute('data-source'),
      );
      expect(source, format).toBe('measured');
    }
    console.log(`Quick plan in headless Firefox ESR (wgpu): ${seconds.toFixed(1)} s`);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('runs the tile GEMV at every format and in the decode: the compile that crashed it', async () => {
    const { page, errors } = await openPage(
      '?gemv-variant=tile-r8-wg256&samples=3&max-working-set-mib=1',
    );
    const { doc } = await quickRun(page);
    const gemv = doc.results.filter((r) => r.kernel === 'gemv');
    expect(new Set(gemv.map((r) => r.format))).toEqual(new Set(FORMAT_IDS));
    expect(gemv.every((r) => r.variant === 'tile-r8-wg256')).toBe(true);
    expect(doc.decode?.[0]?.gemvVariant).toBe('tile-r8-wg256');
    expect(errors).toEqual([]);
    await page.close();
  });
});
