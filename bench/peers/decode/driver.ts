// `npm run bench:peers -- --decode MODEL:int4`: writes the model folder (ONNX decoder, config,
// tokenizer, run.json) into the built pages' models/ folder, serves it on 127.0.0.1, loads the
// decode page once per peer in headless Chromium and prints one table (or the --json document).
// Exits non-zero when a page failed, ours failed, or a page reached beyond its own origin; a
// peer that refused or disagreed is reported in its row, not a failure of the run.

import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { type Browser, chromium } from 'playwright';
import { build, preview } from 'vite';
import { UsageError } from '../../../src/cli/args/flags';
import { chromiumLaunchOptions } from '../../../test/chromium';
import { formatDecodeDocument } from './report';
import { type DecodeOptions, decodeRunSpec, writeModelFolder } from './run-spec';
import { DECODE_PEERS, type DecodeDocument, type DecodePageReport } from './types';

const usage = 'npm run bench:peers -- --help';

async function runPage(browser: Browser, url: string, origin: string) {
  const context = await browser.newContext();
  const foreign: string[] = [];
  try {
    const page = await context.newPage();
    page.on('request', (r) => {
      const u = r.url();
      if (!u.startsWith(origin) && !u.startsWith('data:') && !u.startsWith('blob:'))
        foreign.push(u);
    });
    page.on('console', (m) => {
      if (m.text().startsWith('[peers]') || process.env.PEERS_CONSOLE) console.error(m.text());
    });
    page.on('pageerror', (e) => console.error(`page error: ${e.message}`));
    await page.goto(url);
    await page.waitForFunction(() => window.__peersDecode?.done === true, null, {
      timeout: 0,
      polling: 500,
    });
    const report = (await page.evaluate(() => window.__peersDecode)) as DecodePageReport;
    return { report, foreign };
  } finally {
    await context.close();
  }
}

const packageVersion = (path: string): string =>
  (
    JSON.parse(readFileSync(resolve(process.cwd(), path, 'package.json'), 'utf8')) as {
      version: string;
    }
  ).version;

export async function runDecodePeers(o: DecodeOptions): Promise<number> {
  const spec = decodeRunSpec(o);
  const unknown = o.peers.find((p) => !DECODE_PEERS.includes(p));
  if (unknown !== undefined) throw new UsageError(`unknown decode peer ${unknown}`, usage);
  const configFile = resolve(process.cwd(), 'bench/peers/vite.config.ts');
  // BENCH_PEERS_PREBUILT=1: the pages are built already (the e2e tests build them once).
  if (process.env.BENCH_PEERS_PREBUILT !== '1') await build({ configFile });
  const pageRoot = resolve(process.cwd(), 'node_modules/.cache/bench-peers/page');
  const started = Date.now();
  const name = writeModelFolder(pageRoot, spec);
  console.error(
    `wrote models/${name} (${(spec.onnxBytes / 2 ** 20).toFixed(1)} MiB ONNX) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  const server = await preview({ configFile, preview: { host: '127.0.0.1', port: 0 } });
  const origin = `http://127.0.0.1:${(server.httpServer.address() as AddressInfo).port}`;
  const browser = await chromium.launch({ ...chromiumLaunchOptions(), headless: true });
  const doc: DecodeDocument = {
    kind: 'webgpu-roofline/peers-decode',
    version: 1,
    spec,
    versions: {
      'onnxruntime-web': packageVersion('node_modules/onnxruntime-web'),
      '@huggingface/transformers': packageVersion('node_modules/@huggingface/transformers'),
      'onnxruntime-web (transformers.js)': packageVersion(
        'node_modules/@huggingface/transformers/node_modules/onnxruntime-web',
      ),
      chromium: browser.version(),
    },
    pages: [],
  };
  let failed = false;
  try {
    for (const peer of o.peers) {
      const url = `${origin}/decode.html?peer=${peer}&model=${encodeURIComponent(name)}`;
      const run = await runPage(browser, url, origin);
      doc.pages.push(run.report);
      if (run.foreign.length > 0) {
        console.error(`the ${peer} page requested other origins: ${run.foreign.join(', ')}`);
        failed = true;
      }
      if (run.report.fatal || run.report.ours?.medianMs == null) failed = true;
    }
  } finally {
    await browser.close();
    await new Promise<void>((done) => server.httpServer.close(() => done()));
  }
  console.log(o.json ? JSON.stringify(doc, null, 2) : formatDecodeDocument(doc));
  console.error(`(${((Date.now() - started) / 1000).toFixed(0)} s)`);
  return failed ? 1 : 0;
}
