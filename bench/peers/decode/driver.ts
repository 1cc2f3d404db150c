// `npm run bench:peers -- --decode MODEL:int4`: writes the model folder (ONNX decoder, config,
// tokenizer, run.json) into the built pages' models/ folder, serves it on 127.0.0.1, loads the
// decode page once per peer in headless Chromium and prints one table (or the --json document).
// Exits non-zero when a page failed, ours failed, or a page reached beyond its own origin; a
// peer that refused or disagreed is reported in its row, not a failure of the run.

import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { dirname, resolve } from 'node:path';
import { type Browser, chromium } from 'playwright';
import { build, preview } from 'vite';
import { decodeShape } from '../../../src/bench/decode';
import { UsageError } from '../../../src/cli/flags';

const usage = 'npm run bench:peers -- --help';

import type { DecodeShape } from '../../../src/kernels/decode/shape';
import { TINY_SHAPE } from '../../../src/kernels/decode/shape';
import { promptTokens } from '../../../src/kernels/decode/verify';
import { getModel } from '../../../src/model/llm';
import { chromiumLaunchOptions } from '../../../test/chromium';
import { ONNX_FILE, textFiles } from './model-files';
import { buildOnnxDecoder } from './onnx-decoder';
import { formatDecodeDocument } from './report';
import {
  DECODE_PEERS,
  type DecodeDocument,
  type DecodePageReport,
  type DecodePeer,
  type DecodeRunSpec,
} from './types';

export interface DecodeOptions {
  /** MODEL:FORMAT, e.g. llama-3.2-1b:int4, or tiny:int4. */
  decode: string;
  layers?: number;
  context: number;
  tokens: number;
  prompt: number;
  rounds: number;
  peers: DecodePeer[];
  json: boolean;
}

const SEED = 0x5eed;
const CHECK_TOKENS = 8;

function shapeFor(model: string, layers: number | undefined): DecodeShape {
  if (model === 'tiny') return { ...TINY_SHAPE, layers: layers ?? TINY_SHAPE.layers };
  const config = getModel(model);
  if (config.moe !== undefined || config.mla !== undefined)
    throw new UsageError(`${model}: the ONNX writer takes dense Llama-family models only`, usage);
  const shape = decodeShape(config, Math.min(layers ?? config.layers, config.layers));
  if ((shape.windows ?? []).some((w) => w > 0))
    throw new UsageError(`${model}: sliding-window layers are not in the ONNX writer`, usage);
  return shape;
}

/** Parses MODEL:FORMAT and the numbers into the spec the pages read. */
export function decodeRunSpec(o: DecodeOptions): DecodeRunSpec {
  const [model = '', format = 'int4'] = o.decode.split(':');
  if (format !== 'int4')
    throw new UsageError(
      `--decode ${o.decode}: only int4 (MatMulNBits 4-bit, block 32) has an ONNX twin`,
      usage,
    );
  const positive = (name: string, v: number, min: number) => {
    if (!Number.isInteger(v) || v < min)
      throw new UsageError(`--${name} must be an integer ≥ ${min}, got ${v}`, usage);
  };
  positive('context', o.context, 1);
  positive('tokens', o.tokens, 1);
  positive('prompt', o.prompt, 1);
  positive('rounds', o.rounds, 1);
  if (o.layers !== undefined) positive('layers', o.layers, 1);
  const shape = shapeFor(model, o.layers);
  const positions = Math.max(o.context + o.tokens + 2, o.prompt + CHECK_TOKENS + 1);
  return {
    model,
    shape,
    seed: SEED,
    positions,
    prompt: promptTokens(o.prompt, shape.vocab),
    checkTokens: CHECK_TOKENS,
    context: o.context,
    tokens: o.tokens,
    rounds: o.rounds,
    onnxBytes: 0,
  };
}

/** Writes models/<name>/ under `root`; returns the folder's name. */
export function writeModelFolder(root: string, spec: DecodeRunSpec): string {
  const name = `${spec.model}-${spec.shape.layers}l`;
  const dir = resolve(root, 'models', name);
  const onnx = buildOnnxDecoder({ shape: spec.shape, seed: spec.seed, positions: spec.positions });
  spec.onnxBytes = onnx.length;
  mkdirSync(resolve(dir, dirname(ONNX_FILE)), { recursive: true });
  writeFileSync(resolve(dir, ONNX_FILE), onnx);
  for (const [file, text] of Object.entries(textFiles(spec.shape, spec.positions)))
    writeFileSync(resolve(dir, file), text);
  writeFileSync(resolve(dir, 'run.json'), JSON.stringify(spec));
  return name;
}

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
  await build({ configFile });
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
