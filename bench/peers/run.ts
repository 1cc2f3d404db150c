// npm run bench:peers [-- --full]: builds the peers page, serves it on 127.0.0.1, opens it in
// headless Chromium (Debian's, WebGPU flags as in the tests), waits for the page's report and
// prints our time ÷ tfjs's per shape. Exits non-zero when a side failed to verify or run, or
// the page reached beyond its own origin.

import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { chromium } from 'playwright';
import { build, preview } from 'vite';
import { chromiumLaunchOptions } from '../../test/chromium';
import { formatReport, rowFailed } from './report';
import type { PeerReport } from './types';

const USAGE = `usage: npm run bench:peers [-- --full]

  Runs the same GEMV and GEMM shapes through our kernels and tfjs's WebGPU matMul (f32) in
  headless Chromium, on the same adapter in one run, and prints our time ÷ tfjs's per shape.
  --full   the Llama-3-8B layer matrices at M = 1, 128, 512 (for real GPUs; slow elsewhere)
  CHROMIUM_PATH picks another Chrome/Chromium.`;

function packageVersion(name: string): string {
  const path = resolve(process.cwd(), 'node_modules', name, 'package.json');
  return (JSON.parse(readFileSync(path, 'utf8')) as { version: string }).version;
}

async function main(argv: string[]): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(USAGE);
    return 0;
  }
  const unknown = argv.filter((a) => a !== '--full');
  if (unknown.length > 0) {
    console.error(`unknown argument ${unknown.join(' ')}\n\n${USAGE}`);
    return 2;
  }
  const full = argv.includes('--full');
  const configFile = resolve(process.cwd(), 'bench/peers/vite.config.ts');
  await build({ configFile });
  const server = await preview({ configFile, preview: { host: '127.0.0.1', port: 0 } });
  const origin = `http://127.0.0.1:${(server.httpServer.address() as AddressInfo).port}`;
  const browser = await chromium.launch({ ...chromiumLaunchOptions(), headless: true });
  const foreign: string[] = [];
  const pageErrors: string[] = [];
  try {
    const page = await browser.newPage();
    page.on('request', (r) => {
      if (!r.url().startsWith(origin) && !r.url().startsWith('data:')) foreign.push(r.url());
    });
    page.on('pageerror', (e) => pageErrors.push(e.message));
    page.on('console', (m) => {
      if (m.text().startsWith('[peers]')) console.error(m.text());
      else if (m.type() === 'error') pageErrors.push(m.text());
    });
    const started = Date.now();
    await page.goto(`${origin}/${full ? '?full=1' : ''}`);
    await page.waitForFunction(() => window.__peers?.done === true, null, {
      timeout: full ? 0 : 15 * 60_000,
      polling: 500,
    });
    const report = (await page.evaluate(() => window.__peers)) as PeerReport;
    report.versions.tfjsBackendWebgpu = packageVersion('@tensorflow/tfjs-backend-webgpu');
    console.log(formatReport(report));
    console.log(`(${((Date.now() - started) / 1000).toFixed(0)} s in the page)`);
    const failed = report.rows.filter(rowFailed);
    if (foreign.length > 0)
      console.error(`the page requested other origins: ${foreign.join(', ')}`);
    if (pageErrors.length > 0) console.error(`page errors: ${pageErrors.join('; ')}`);
    return report.fatal || failed.length > 0 || report.rows.length === 0 || foreign.length > 0
      ? 1
      : 0;
  } finally {
    await browser.close();
    await new Promise<void>((done) => server.httpServer.close(() => done()));
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(e instanceof Error ? (e.stack ?? e.message) : String(e));
    process.exit(1);
  },
);
