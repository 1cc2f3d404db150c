// End to end: build the page, serve it on 127.0.0.1, click Quick run in headless Chromium,
// and check that verified numbers, the charts and the predictions appear. Then the same page in
// a Chromium without WebGPU: a clear message, and spec-mode predictions still there.
// Writes screenshots to test-results/.

import { mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { type Browser, chromium, type Page } from 'playwright';
import { type PreviewServer, preview } from 'vite';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { FORMAT_IDS, MODEL_FORMAT_IDS } from '../../src/core/formats';
import { type ResultsDocument, validateResults } from '../../src/core/results';
import { COMPARED_DECODES } from '../../src/model/measured/run-comparison';
import { page as zhPage } from '../../src/ui/i18n/zh/page';
import { SLIDES } from '../../src/ui/presenter/presenter';
import { chromiumLaunchOptions } from '../chromium';

let server: PreviewServer;
/** The Quick run's document, for the tests that share, compare and present it. */
let quickDoc: ResultsDocument | undefined;
let browser: Browser;
let origin: string;

/** The page built once for the e2e tests (test/e2e/build-page.global.ts). */
const dist = inject('pageDir');

beforeAll(async () => {
  server = await preview({
    logLevel: 'warn',
    build: { outDir: dist },
    preview: { host: '127.0.0.1', port: 0 },
  });
  const address = server.httpServer.address() as AddressInfo;
  origin = `http://127.0.0.1:${address.port}`;
  browser = await chromium.launch({ ...chromiumLaunchOptions(), headless: true });
});

afterAll(async () => {
  await browser?.close();
  await new Promise<void>((resolve) => server?.httpServer.close(() => resolve()));
});

/**
 * The first test's Quick run pins its variants — the tuner is tested in Node
 * (test/gpu/runner.test.ts), and tuning every format and shape class takes minutes on SwiftShader
 * — and takes 3 samples a kernel: the page is under test, not the measurement's precision.
 */
const PINNED = { gemvVariant: 'rows4-wg64', gemmVariant: 'reg4x4', samples: 3 };
const PINNED_QUERY = '?gemv-variant=rows4-wg64&gemm-variant=reg4x4&samples=3';

async function openPage(query = ''): Promise<{ page: Page; foreign: string[]; errors: string[] }> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const foreign: string[] = [];
  const errors: string[] = [];
  page.on('request', (r) => {
    if (!r.url().startsWith(origin) && !r.url().startsWith('data:')) foreign.push(r.url());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    // Served as static files, the gallery's API answers 404: the page says "not connected",
    // and the browser logs the missing resource. Any other error counts.
    const gallery404 = m.location().url.includes('/api/') && /status of 404/.test(m.text());
    if (m.type() === 'error' && !gallery404) errors.push(m.text());
  });
  await page.goto(`${origin}/${query}`);
  return { page, foreign, errors };
}

describe('the page', () => {
  it('shows the adapter, runs the Quick plan in the worker, and shows verified results', async () => {
    const { page, foreign, errors } = await openPage(PINNED_QUERY);
    await expect.poll(() => page.locator('#run-quick').isEnabled(), { timeout: 30_000 }).toBe(true);
    const details = await page.locator('#adapter-details').textContent();
    expect(details).toMatch(/swiftshader|google|Vendor/i);
    // SwiftShader is a CPU: the page must say so.
    expect(await page.locator('#adapter-warning').textContent()).toMatch(/software renderer/);

    const started = Date.now();
    // Cancelled after its first verified row, then resumed: the row kept is not measured again.
    await page.click('#run-quick');
    const firstRow = page.locator('#results-table tbody tr[data-verified="true"]').first();
    await firstRow.waitFor();
    await page.click('#cancel');
    await expect
      .poll(() => page.locator('#progress-label').textContent(), { timeout: 60_000 })
      .toMatch(/^Stopped: Cancelled by the user\./);
    const kept = await firstRow.textContent();
    expect(await page.locator('#resume').isVisible()).toBe(true);
    await page.click('#resume');
    await expect
      .poll(() => page.locator('#progress-label').textContent(), { timeout: 200_000 })
      .toMatch(/^Done: (\d+) of \1 kernels verified\./);
    expect(await page.locator('#resume').isVisible()).toBe(false);
    expect(await firstRow.textContent()).toBe(kept);
    const seconds = (Date.now() - started) / 1000;

    const verifiedRows = await page
      .locator('#results-table tbody tr[data-verified="true"]')
      .count();
    const failedRows = await page.locator('#results-table tbody tr[data-verified="false"]').count();
    expect(failedRows).toBe(0);
    expect(verifiedRows).toBeGreaterThanOrEqual(10);
    const dram = (await page.locator('#dram-gbps').textContent()) ?? '';
    expect(dram).toMatch(/^[\d,]+\.\d+ GB\/s/);
    expect(Number.parseFloat(dram.replaceAll(',', ''))).toBeGreaterThan(0);
    expect(await page.locator('#compute-peak').textContent()).toMatch(/\d+\.\d GFLOP\/s \(f32\)/);

    // The document the page holds passes the schema validator.
    const doc = validateResults(
      await page.evaluate(() =>
        (
          window as never as { webgpuRoofline: { lastDocument(): unknown } }
        ).webgpuRoofline.lastDocument(),
      ),
    );
    expect(doc.runtime.kind).toBe('browser');
    expect(doc.settings).toEqual(PINNED);
    quickDoc = doc;
    // A resumed run tells nothing of a whole one's time: no Full-run estimate (see below).
    expect(await page.locator('#run-estimate').textContent()).toBe('');
    expect(doc.results.every((r) => r.verified && r.gbps > 0)).toBe(true);

    // The chart drew something: the canvas is not blank.
    const inked = await inkedPixels(page, '#bandwidth-chart');
    expect(inked).toBeGreaterThan(1000);

    // The roofline: drawn, with every verified GEMV/GEMM row as a point.
    const matrixRows = doc.results.filter((r) => r.kernel === 'gemv' || r.kernel === 'gemm');
    expect(matrixRows.length).toBeGreaterThan(0);
    expect(await page.locator('#roofline-chart').getAttribute('data-points')).toBe(
      String(matrixRows.length),
    );
    expect(await inkedPixels(page, '#roofline-chart')).toBeGreaterThan(1000);
    expect(await page.locator('#roofline-summary').textContent()).toMatch(
      /β = \d{1,3}(,\d{3})*(\.\d+)? GB\/s/,
    );

    // Predictions switch to measured mode: numbers for Llama-3-8B at each format.
    expect(await page.locator('#pred-source').inputValue()).toBe('measured');
    for (const format of MODEL_FORMAT_IDS) {
      const row = page.locator(`#pred-table tr[data-model="llama-3-8b"][data-format="${format}"]`);
      expect(await row.getAttribute('data-source')).toBe('measured');
      const text = (await row.textContent()) ?? '';
      expect(text).toMatch(/measured/);
      expect(text).toMatch(/✓ meets|~ borderline|✗ misses/);
      // ms/token, tokens/s, TTFT and E2E: each an expected value over its range (digits grouped:
      // 1,234).
      for (const i of [2, 3, 4, 5]) {
        expect(await row.locator('td').nth(i).textContent()).toMatch(
          /^\d{1,3}(,\d{3})*(\.\d+)?( m?s)?\d{1,3}(,\d{3})*(\.\d+)?–\d{1,3}(,\d{3})*(\.\d+)?$/,
        );
      }
    }
    expect(await page.locator('#pred-source-note').textContent()).toMatch(/Source: measured/);
    expect(await page.locator('#contrast-table tbody tr').count()).toBe(MODEL_FORMAT_IDS.length);
    expect(await page.locator('#contrast-chapter').textContent()).toMatch(/chapter/);
    expect(await page.locator('#latency-table tbody tr').count()).toBeGreaterThanOrEqual(2);
    expect(await page.locator('#bytes-table tbody tr').count()).toBe(FORMAT_IDS.length);

    mkdirSync('test-results', { recursive: true });
    await page.screenshot({ path: 'test-results/e2e-quick-run.png', fullPage: true });
    console.log(
      `Quick plan in headless Chromium: ${seconds.toFixed(1)} s, ${verifiedRows} verified rows, ${dram}`,
    );
    // Share: a permalink reproduces the run in a fresh page, marked as shared.
    await page.click('#make-link');
    // The link is made asynchronously (compression): wait for it.
    const linkPattern = new RegExp(`^${origin}/#r=[A-Za-z0-9_-]+$`);
    await expect.poll(() => page.locator('#share-link').inputValue()).toMatch(linkPattern);
    const link = await page.locator('#share-link').inputValue();
    const shared = await browser.newPage();
    await shared.goto(link);
    await shared.waitForSelector('body[data-origin="shared"]', { timeout: 30_000 });
    expect(await shared.locator('#doc-origin').textContent()).toMatch(/shared result/);
    expect(await shared.locator('#results-table tbody tr').count()).toBe(doc.results.length);
    await shared.close();

    // A malformed file is refused with a message naming the problem; the results stay.
    await page.setInputFiles('#import-file', {
      name: 'broken.json',
      mimeType: 'application/json',
      buffer: Buffer.from('{"schemaVersion": 1,'),
    });
    await expect.poll(() => page.locator('#share-error').textContent()).toMatch(/not valid JSON/);
    expect(await page.locator('#results-table tbody tr').count()).toBe(doc.results.length);

    // An imported document's strings are shown as text, never as HTML.
    const hostile = { ...doc, adapter: { ...doc.adapter, vendor: '<img src=x id=pwned>' } };
    await openJson(page, '#import-file', 'hostile.json', hostile);
    await page.waitForSelector('body[data-origin="imported"]');
    expect(await page.locator('#doc-origin').textContent()).toContain('<img src=x id=pwned>');
    expect(await page.locator('#pwned').count()).toBe(0);

    // An out-of-range input is clamped, with a message saying so.
    await page.locator('#pred-prompt').fill('999999');
    await page.locator('#pred-prompt').press('Tab');
    await expect
      .poll(() => page.locator('#pred-clamp').textContent())
      .toMatch(/Prompt tokens 999999 is outside 1–32768: using 32768/);
    expect(await page.locator('#pred-clamp').isVisible()).toBe(true);
    expect(await page.locator('#pred-prompt').inputValue()).toBe('32768');
    expect(await page.locator('#pred-ttft-head').textContent()).toContain('32,768-token prompt');

    // The finished run is kept in this browser's list and reopens as a saved run.
    expect(await page.locator('#history-list li').count()).toBeGreaterThanOrEqual(1);
    await page.locator('#history-list li button', { hasText: 'Open' }).first().click();
    await page.waitForSelector('body[data-origin="saved"]');
    expect(await page.locator('#results-table tbody tr').count()).toBe(doc.results.length);
    // …and can be compared with the run on screen (here itself: every ratio is exactly 1).
    await page.locator('#history-list li button', { hasText: 'Compare' }).first().click();
    await page.waitForSelector('body[data-comparing="true"]');
    const ratios = await page.locator('#compare-table tbody td:last-child').allTextContents();
    expect(ratios.length).toBeGreaterThanOrEqual(6);
    for (const r of ratios) expect(r).toBe('1.00×');
    await page.click('#compare-clear');

    expect(foreign).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('exports, imports and compares runs; speaks Chinese; presents at 1280×720', async () => {
    if (quickDoc === undefined) throw new Error('needs the Quick run of the first test');
    const doc = quickDoc;
    const { page, foreign, errors } = await openPage();
    await expect.poll(() => page.locator('#run-quick').isEnabled(), { timeout: 30_000 }).toBe(true);

    // Export → import: the same numbers come back.
    await openJson(page, '#import-file', 'run.json', doc);
    await page.waitForSelector('body[data-origin="imported"]');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.locator('#download-json').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^webgpu-roofline-.*\.json$/);
    const exported = validateResults(JSON.parse(readFileSync(await download.path(), 'utf8')));
    expect(exported.results).toEqual(doc.results);
    await openJson(page, '#import-file', 'exported.json', exported);
    await page.waitForSelector('body[data-origin="imported"]');
    expect(await page.locator('#results-table tbody tr').count()).toBe(doc.results.length);
    // At 1280 px the predictions table of a measured run fits: no column cut at the edge.
    const [predWidth, predBox] = await page
      .locator('#pred-table')
      .evaluate((t) => [t.parentElement?.scrollWidth ?? 0, t.parentElement?.clientWidth ?? 0]);
    expect(predWidth).toBeGreaterThan(0);
    expect(predWidth).toBeLessThanOrEqual(predBox ?? 0);

    // Compare with a second run: here the same run, slowed to half speed, so every measured
    // ratio is exactly 0.5 (and decode takes longer).
    const half: ResultsDocument = {
      ...doc,
      createdAt: new Date(Date.parse(doc.createdAt) + 60_000).toISOString(),
      adapter: { ...doc.adapter, description: 'half-speed copy' },
      results: doc.results.map((r) => ({
        ...r,
        medianMs: r.medianMs * 2,
        gbps: r.gbps / 2,
        gflops: r.gflops / 2,
      })),
      ...(doc.decode === undefined
        ? {}
        : {
            decode: doc.decode.map((d) =>
              d.medianMs === undefined ? d : { ...d, medianMs: d.medianMs * 2 },
            ),
          }),
    };
    await openJson(page, '#compare-file', 'half.json', half);
    await page.waitForSelector('body[data-comparing="true"]');
    expect(await page.locator('#compare-caption').textContent()).toContain('half-speed copy');
    const measuredRatios = await page
      .locator(
        '#compare-table tbody tr:not([data-kind="decode"]):not([data-kind="decode-run"]) td:last-child',
      )
      .allTextContents();
    expect(measuredRatios.length).toBeGreaterThanOrEqual(6);
    for (const r of measuredRatios) expect(r).toBe('0.50× ▼');
    // The Quick plan's whole-model decode run, both runs' side by side: twice the ms/token.
    const runRatios = await page
      .locator('#compare-table tbody tr[data-kind="decode-run"] td:last-child')
      .allTextContents();
    expect(runRatios.length).toBe(doc.decode?.filter((d) => d.medianMs !== undefined).length);
    expect(runRatios.length).toBeGreaterThanOrEqual(1);
    for (const r of runRatios) expect(r).toBe('2.00× ▼');
    const decodeRatios = await page
      .locator('#compare-table tbody tr[data-kind="decode"] td:last-child')
      .allTextContents();
    // One predicted decode per model and format compared, each slower in the half-speed run.
    expect(decodeRatios).toHaveLength(COMPARED_DECODES.flatMap((d) => d.formats).length);
    for (const r of decodeRatios) expect(Number.parseFloat(r)).toBeGreaterThan(1);
    await page.screenshot({ path: 'test-results/e2e-compare.png', fullPage: true });
    await page.click('#compare-clear');
    await page.waitForSelector('body[data-comparing="false"]');

    // Chinese: every fixed string from the Chinese table, the views' words too, numbers grouped.
    await page.selectOption('#language', 'zh');
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('zh-CN');
    const fixed = await page
      .locator('[data-i18n]')
      .evaluateAll((els) =>
        els.map((el) => [(el as HTMLElement).dataset.i18n ?? '', el.textContent ?? '']),
      );
    expect(fixed.length).toBeGreaterThan(80);
    for (const [key, text] of fixed) {
      const expected = zhPage[key as keyof typeof zhPage].replace(/\*\*|`/g, '');
      expect(text, key).toBe(expected);
    }
    for (const id of [
      '#roofline-summary',
      '#pred-source-note',
      '#latency-caption',
      '#bytes-why',
      '#doc-origin',
    ]) {
      expect(await page.locator(id).textContent(), id).toMatch(/[\u4e00-\u9fff]/);
    }
    expect(await page.locator('#results-table tbody tr').first().textContent()).toContain('已校验');
    expect(await page.locator('#pred-table tbody tr').first().textContent()).toMatch(
      /[\u4e00-\u9fff]/,
    );
    await page.screenshot({ path: 'test-results/e2e-chinese.png', fullPage: true });
    // A refused file says why in Chinese, the importer's detail kept.
    await page.setInputFiles('#import-file', {
      name: 'broken.json',
      mimeType: 'application/json',
      buffer: Buffer.from('{"schemaVersion": 1,'),
    });
    await expect
      .poll(() => page.locator('#share-error').textContent())
      .toMatch(/^不是有效的 JSON（.*not valid JSON/);
    // The choice is kept: a reload stays in Chinese.
    await page.reload();
    await expect.poll(() => page.locator('#run-title').textContent()).toBe(zhPage['run.title']);
    await page.selectOption('#language', 'en');
    await expect.poll(() => page.locator('#run-title').textContent()).toBe('Run');

    // Presenter mode on a projector's 1280×720: P, then the arrow keys, one idea per screen.
    await openJson(page, '#import-file', 'run.json', doc);
    await page.waitForSelector('body[data-origin="imported"]');
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.keyboard.press('p');
    for (const [i, slide] of SLIDES.entries()) {
      await page.waitForSelector(`body[data-present="${slide.id}"]`);
      expect(await page.locator('#presenter-step').textContent()).toBe(
        `${i + 1} / ${SLIDES.length}`,
      );
      expect(await page.locator('#presenter-figure').textContent()).not.toMatch(/No run yet/);
      const visible = await page
        .locator('main > section')
        .evaluateAll((els) =>
          els.filter((el) => el.getClientRects().length > 0).map((el) => el.id),
        );
      expect(visible).toEqual([...slide.sections]);
      // The screen's chart (where it has one) fits on the projector without scrolling.
      const chart = page.locator('main > section.on-slide canvas').first();
      if ((await chart.count()) > 0) {
        const box = await chart.boundingBox();
        expect(box && box.y + box.height, slide.id).toBeLessThanOrEqual(720);
        expect(box?.height ?? 0, slide.id).toBeGreaterThan(200);
      }
      await page.screenshot({ path: `test-results/e2e-present-${i + 1}-${slide.id}.png` });
      await page.keyboard.press('ArrowRight');
    }
    await page.keyboard.press('ArrowLeft');
    await page.waitForSelector(`body[data-present="${SLIDES[SLIDES.length - 2]?.id}"]`);
    await page.keyboard.press('Escape');
    await page.waitForSelector('body:not([data-present])');
    expect(await page.locator('main > section:visible').count()).toBeGreaterThan(8);

    expect(foreign).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('marks a run with non-default settings from the address as not comparable', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(
      `${origin}/?samples=3&max-working-set-mib=1&gemv-variant=row-wg64&gemm-variant=reg4x4`,
    );
    expect(await page.locator('#run-settings').textContent()).toMatch(
      /Non-default run settings .*max-working-set-mib=1.*not comparable/,
    );
    await expect.poll(() => page.locator('#run-quick').isEnabled(), { timeout: 30_000 }).toBe(true);
    // Run until the first GEMV row (after the read sweep), then cancelled: the settings show in
    // what was measured by then. (A whole run's Full-run estimate: test/e2e/gallery.test.ts.)
    await page.click('#run-quick');
    await page
      .locator('#results-table tbody tr[data-kernel="gemv"][data-verified="true"]')
      .first()
      .waitFor({ timeout: 200_000 });
    await page.click('#cancel');
    await page.waitForSelector('body[data-done="true"]', { timeout: 60_000 });
    const doc = validateResults(
      await page.evaluate(() =>
        (
          window as never as { webgpuRoofline: { lastDocument(): unknown } }
        ).webgpuRoofline.lastDocument(),
      ),
    );
    expect(doc.settings).toEqual({
      samples: 3,
      maxWorkingSetMiB: 1,
      gemvVariant: 'row-wg64',
      gemmVariant: 'reg4x4',
    });
    const reads = doc.results.filter((r) => r.kernel === 'read');
    expect(Math.max(...reads.map((r) => r.shape.workingSetBytes ?? 0))).toBe(1 << 20);
    // The GEMV rows verified before the cancel (the row it stopped is a failed one).
    const gemv = doc.results.filter((r) => r.kernel === 'gemv' && r.verified);
    expect(gemv.length).toBeGreaterThan(0);
    expect(gemv.every((r) => r.variant === 'row-wg64')).toBe(true);
    expect(await page.locator('body').getAttribute('data-comparable')).toBe('false');
    expect(await page.locator('#doc-origin').textContent()).toMatch(
      /Not comparable: measured with non-default settings \(max-working-set-mib=1&samples=3&gemv-variant=row-wg64&gemm-variant=reg4x4\)/,
    );
    expect(errors).toEqual([]);
    await page.close();
  });

  it('keeps the initial load small (built JS, gzipped, within a budget)', () => {
    const sizes = readdirSync(`${dist}/assets`)
      .filter((f) => f.endsWith('.js'))
      .map((f) => ({
        f,
        raw: statSync(`${dist}/assets/${f}`).size,
        gz: gzipSync(readFileSync(`${dist}/assets/${f}`)).length,
      }));
    const kB = (n: number) => (n / 1024).toFixed(1);
    for (const s of sizes) console.log(`built ${s.f}: ${kB(s.raw)} KiB, ${kB(s.gz)} KiB gzipped`);
    // What index.html loads before anything else: its module script and the chunks it preloads.
    const html = readFileSync(`${dist}/index.html`, 'utf8');
    const initial = [...html.matchAll(/(?:src|href)="\.\/assets\/([^"]+\.js)"/g)].map((m) => m[1]);
    expect(initial.length).toBeGreaterThanOrEqual(1);
    const first = sizes.filter((s) => initial.includes(s.f));
    expect(first.length).toBe(initial.length);
    // The serving simulator, the decode section and the presenter come after the first paint.
    for (const lazy of ['load-section', 'decode-section', 'presenter'])
      expect(sizes.some((s) => s.f.startsWith(lazy) && !initial.includes(s.f))).toBe(true);
    // The page's first JS (chart.js is much of it), worker aside: under 160 KiB gzipped (150
    // until the gallery's words in two languages and the grouped validation figures joined it).
    expect(first.reduce((sum, s) => sum + s.gz, 0)).toBeLessThan(160 * 1024);
  });

  it('without WebGPU: says so, and still predicts from a datasheet', async () => {
    // The same Chromium without --enable-unsafe-webgpu. On Linux it still exposes navigator.gpu
    // (requestAdapter() then returns null), so the page's navigator.gpu is deleted before load to
    // stand for a browser with no WebGPU at all.
    const { args, ...launch } = chromiumLaunchOptions();
    const plain = await chromium.launch({
      ...launch,
      args: args.filter((a) => a !== '--enable-unsafe-webgpu'),
      headless: true,
    });
    try {
      const page = await plain.newPage({ viewport: { width: 1280, height: 900 } });
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.addInitScript(() => {
        delete (Navigator.prototype as { gpu?: unknown }).gpu;
      });
      await page.goto(`${origin}/`);
      await page.waitForSelector('body[data-webgpu="missing"]', { timeout: 20_000 });
      const warning = page.locator('#adapter-warning');
      expect(await warning.isVisible()).toBe(true);
      expect(await warning.textContent()).toMatch(/does not expose WebGPU.*Chrome or Edge 113\+/);
      expect(await warning.textContent()).toMatch(/Predictions from a datasheet still work/);
      expect(await page.locator('#run-quick').isDisabled()).toBe(true);

      // Spec-mode predictions, from the GPU chosen in the picker.
      expect(await page.locator('body').getAttribute('data-prediction-source')).toBe('spec');
      for (const model of ['llama-3-8b', 'llama-3-70b']) {
        for (const format of MODEL_FORMAT_IDS) {
          const row = page.locator(
            `#pred-table tr[data-model="${model}"][data-format="${format}"]`,
          );
          expect(await row.getAttribute('data-source')).toBe('spec');
          // On the default RTX 4090 (24 GB) the 70B fits in no format: no times, what would fit.
          const fits = model === 'llama-3-8b';
          expect(await row.getAttribute('data-fits')).toBe(String(fits));
          expect(await row.locator('td').nth(2).textContent()).toMatch(
            fits ? /^[\d.]+[\d.]+–[\d.]+$/ : /^does not fit: needs [\d.]+ GB per GPU, has 24\.0 GB/,
          );
        }
      }
      expect(await page.locator('#pred-source-note').textContent()).toMatch(/Source: spec/);
      await page.selectOption('#pred-source', 'm3-max');
      await expect
        .poll(() => page.locator('#pred-source-note').textContent())
        .toMatch(/Apple M3 Max/);
      // The A100 contrast and its reference roofline need no GPU either.
      expect(await page.locator('#contrast-table tbody tr').count()).toBe(MODEL_FORMAT_IDS.length);
      expect(await inkedPixels(page, '#roofline-chart')).toBeGreaterThan(1000);
      await page.screenshot({ path: 'test-results/e2e-no-webgpu.png', fullPage: true });
      expect(errors).toEqual([]);
    } finally {
      await plain.close();
    }
  });
});

/** Gives a file input a JSON file holding `value`, as a person picking a file would. */
function openJson(page: Page, input: string, name: string, value: unknown): Promise<void> {
  return page.setInputFiles(input, {
    name,
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(value)),
  });
}

/** Non-transparent pixels of a canvas: more than a few hundred means something was drawn. */
function inkedPixels(page: Page, selector: string): Promise<number> {
  return page.evaluate((sel) => {
    const canvas = document.querySelector<HTMLCanvasElement>(sel);
    const ctx = canvas?.getContext('2d');
    if (!canvas || !ctx) return 0;
    const pixels = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
    let n = 0;
    for (let i = 3; i < pixels.length; i += 4) if ((pixels[i] ?? 0) > 0) n++;
    return n;
  }, selector);
}
