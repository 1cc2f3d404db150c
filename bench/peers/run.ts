// npm run bench:peers [-- flags]: builds the peers page, serves it on 127.0.0.1, and loads it in
// headless Chromium (Debian's; WebGPU on SwiftShader as in the tests, or on the GPU with
// ROOFLINE_CHROMIUM_GPU=1) once per peer — onnxruntime-web's WebGPU EP, its JSEP, and tfjs —
// each page running ours beside that peer; then prints one table (or, with --json, one
// document). Exits non-zero when a page failed, ours failed a row, or a page reached beyond its
// own origin. A peer's wrong or refused row is reported, not a failure of the run.

import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { type Browser, chromium } from 'playwright';
import { build, preview } from 'vite';
import { parseFlags, UsageError } from '../../src/cli/args/flags';
import { chromiumLaunchOptions } from '../../test/chromium';
import { runDecodePeers } from './decode/driver';
import { formatDecodeDocument } from './decode/report';
import { DECODE_PEERS, type DecodeDocument, type DecodePeer } from './decode/types';
import { formatDocument } from './report';
import { oursKey } from './shapes';
import { type PageReport, PEER_NAMES, type PeerName, type PeersDocument } from './types';

const USAGE = `usage: npm run bench:peers [-- --full] [--json] [--peers LIST]

  Runs the same GEMV and GEMM shapes through our kernels and through onnxruntime-web (WebGPU EP
  and JSEP: MatMul f32/f16, MatMulNBits int4 b32/b128 and int8 b32) and tfjs (tf.matMul f32),
  one page load per peer, in headless Chromium on the same adapter; every side verified against
  the f64 CPU reference before and after timing. Prints ours ÷ each peer per shape and format.
  --full          the Llama-3-8B layer matrices at M = 1, 128, 512 (for real GPUs)
  --json          print the document (every page's report) instead of the table
  --peers LIST    comma-separated subset of ${PEER_NAMES.join(',')} (default: all)
  --formats LIST  comma-separated subset of our formats (default: all; tfjs runs f32 only)
  --kernels LIST  comma-separated subset of gemv,gemm: only those shapes (default: both)
  --tiny          tiny shapes (the tests')
  --from FILE     print the table of a document an earlier --json run wrote (runs nothing)
  --wrong LIST, --refuse LIST   test hooks: ORT formats (f32,f16,q4b32,q4b128,q8b32) whose
                  reference is made wrong, or whose node no provider has
  CHROMIUM_PATH picks another Chrome/Chromium; PEERS_CONSOLE=1 forwards all the pages' console;
  ROOFLINE_CHROMIUM_GPU=1 runs Chromium's WebGPU on the GPU (Vulkan) instead of SwiftShader.

  Whole-model decode (one synthetic model, the same int4 weights on every side):
  --decode MODEL:int4  a catalogue model (dense Llama family) or tiny; writes its ONNX decoder,
                  config and tokenizer, then runs ours beside ${DECODE_PEERS.join(', ')}
                  (--peers picks), one page load each: cross-check of the first greedy
                  tokens and logits, then TTFT and ms/token, interleaved
  --layers K      the model's first K layers (default: all), the full LM head always
  --context L     random cached positions the timed tokens decode from (default 512)
  --tokens N      timed tokens a round (default 8); --rounds R (default 3)
  --prompt P      prompt tokens for TTFT and the cross-check (default 32)`;

const FLAGS = {
  full: { type: 'boolean' },
  json: { type: 'boolean' },
  tiny: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
  peers: { type: 'string', value: 'a list of peers' },
  from: { type: 'string', value: 'a file name' },
  formats: { type: 'string', value: 'a list of formats' },
  kernels: { type: 'string', value: 'a list of kernels' },
  wrong: { type: 'string', value: 'a list of ORT formats' },
  refuse: { type: 'string', value: 'a list of ORT formats' },
  decode: { type: 'string', value: 'MODEL:FORMAT' },
  layers: { type: 'string', value: 'a number of layers' },
  context: { type: 'string', value: 'a number of positions' },
  tokens: { type: 'string', value: 'a number of tokens' },
  rounds: { type: 'string', value: 'a number of rounds' },
  prompt: { type: 'string', value: 'a number of tokens' },
} as const;

function packageVersion(name: string): string {
  const path = resolve(process.cwd(), 'node_modules', name, 'package.json');
  return (JSON.parse(readFileSync(path, 'utf8')) as { version: string }).version;
}

interface PageRun {
  report: PageReport;
  foreign: string[];
  pageErrors: string[];
}

async function runPage(
  browser: Browser,
  url: string,
  origin: string,
  full: boolean,
): Promise<PageRun> {
  const context = await browser.newContext();
  const foreign: string[] = [];
  const pageErrors: string[] = [];
  try {
    const page = await context.newPage();
    page.on('request', (r) => {
      if (
        !r.url().startsWith(origin) &&
        !r.url().startsWith('data:') &&
        !r.url().startsWith('blob:')
      )
        foreign.push(r.url());
    });
    page.on('pageerror', (e) => pageErrors.push(e.message));
    page.on('console', (m) => {
      if (m.text().startsWith('[peers]') || process.env.PEERS_CONSOLE) console.error(m.text());
    });
    await page.goto(url);
    await page.waitForFunction(() => window.__peers?.done === true, null, {
      timeout: full ? 0 : 60 * 60_000,
      polling: 500,
    });
    const report = (await page.evaluate(() => window.__peers)) as PageReport;
    return { report, foreign, pageErrors };
  } finally {
    await context.close();
  }
}

async function main(argv: string[]): Promise<number> {
  const { values } = parseFlags(argv, FLAGS, { usage: USAGE, repeated: 'error' });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  if (values.decode !== undefined) {
    const num = (v: string | undefined, fallback: number) =>
      v === undefined ? fallback : Number(v);
    return runDecodePeers({
      decode: values.decode,
      ...(values.layers === undefined ? {} : { layers: Number(values.layers) }),
      context: num(values.context, 512),
      tokens: num(values.tokens, 8),
      rounds: num(values.rounds, 3),
      prompt: num(values.prompt, 32),
      peers: (values.peers?.split(',') ?? DECODE_PEERS) as DecodePeer[],
      json: values.json === true,
    });
  }
  if (values.from !== undefined) {
    const saved = JSON.parse(readFileSync(values.from, 'utf8')) as PeersDocument | DecodeDocument;
    console.log(
      saved.kind === 'webgpu-roofline/peers-decode'
        ? formatDecodeDocument(saved)
        : formatDocument(saved),
    );
    return 0;
  }
  const peers = (values.peers?.split(',') ?? PEER_NAMES) as PeerName[];
  const unknownPeer = peers.find((p) => !PEER_NAMES.includes(p));
  if (unknownPeer !== undefined) throw new UsageError(`unknown peer ${unknownPeer}`, USAGE);
  const full = values.full === true;
  const query = new URLSearchParams();
  if (full) query.set('full', '1');
  if (values.tiny) query.set('shapes', 'tiny');
  const unknownKernel = values.kernels?.split(',').find((k) => k !== 'gemv' && k !== 'gemm');
  if (unknownKernel !== undefined) throw new UsageError(`unknown kernel ${unknownKernel}`, USAGE);
  for (const name of ['formats', 'kernels', 'wrong', 'refuse'] as const) {
    const v = values[name];
    if (v !== undefined) query.set(name, v);
  }
  const configFile = resolve(process.cwd(), 'bench/peers/vite.config.ts');
  // BENCH_PEERS_PREBUILT=1: the pages are built already (the e2e tests build them once).
  if (process.env.BENCH_PEERS_PREBUILT !== '1') await build({ configFile });
  const server = await preview({ configFile, preview: { host: '127.0.0.1', port: 0 } });
  const origin = `http://127.0.0.1:${(server.httpServer.address() as AddressInfo).port}`;
  const browser = await chromium.launch({ ...chromiumLaunchOptions(), headless: true });
  const started = Date.now();
  const doc: PeersDocument = {
    kind: 'webgpu-roofline/peers',
    version: 1,
    full,
    versions: {
      'onnxruntime-web': packageVersion('onnxruntime-web'),
      '@tensorflow/tfjs-backend-webgpu': packageVersion('@tensorflow/tfjs-backend-webgpu'),
      '@tensorflow/tfjs-core': packageVersion('@tensorflow/tfjs-core'),
      chromium: browser.version(),
    },
    pages: [],
  };
  let failed = false;
  try {
    for (const peer of peers) {
      query.set('peer', peer);
      const run = await runPage(browser, `${origin}/?${query}`, origin, full);
      doc.pages.push(run.report);
      if (run.foreign.length > 0) {
        console.error(`the ${peer} page requested other origins: ${run.foreign.join(', ')}`);
        failed = true;
      }
      if (run.pageErrors.length > 0)
        console.error(`${peer} page errors: ${run.pageErrors.join('; ')}`);
      const r = run.report;
      if (r.fatal || r.rows.length === 0 || r.rows.some((row) => row.ours.status !== 'timed'))
        failed = true;
      // Our side is tuned once, on the first page; the next pages run the variants it chose.
      if (!query.has('ours')) {
        const tuned = r.rows.filter((row) => row.ours.status === 'timed');
        query.set(
          'ours',
          tuned
            .map((row) => `${oursKey(row.shape, row.ours.format)}:${row.ours.variant}`)
            .join(','),
        );
      }
    }
  } finally {
    await browser.close();
    await new Promise<void>((done) => server.httpServer.close(() => done()));
  }
  console.log(values.json ? JSON.stringify(doc, null, 2) : formatDocument(doc));
  console.error(`(${((Date.now() - started) / 1000).toFixed(0)} s in the pages)`);
  return failed ? 1 : 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (e: unknown) => {
    if (e instanceof UsageError) {
      console.error(e.message);
      process.exit(2);
    }
    console.error(e instanceof Error ? (e.stack ?? e.message) : String(e));
    process.exit(1);
  },
);
