// `npm run bench:gallery`: the results gallery on its embedded database (PGlite in a temporary
// data directory), served over HTTP on 127.0.0.1 as `npm start` serves it:
// The server runs as `npm start` runs it, in a child process (dist-server/server.js).
// 1. the GPU page's query (GET /api/adapters/:key) over one GPU with 10,000 runs: the first
//    request (cold) reported apart, then timed after 20 more that warm it as the load is warmed;
// 2. submissions (POST /api/runs, each answered after its COMMIT) for --seconds (default 60)
//    each way: offered at --rate a second (default 200; latency at that rate, from when each was
//    due), and by --concurrency clients (default 32) each sending its next when answered (the
//    most stored per second). Each on a fresh server and database, after --warmup s (default 10)
//    of submissions from 8 clients that are not counted: a server just started runs V8's and
//    PGlite's WebAssembly baseline code until their hot functions are compiled again, optimised.
// Prints a table, or JSON with --json. Targets: ≥ 200 submissions/s sustained with p95 < 100 ms,
// query < 50 ms.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Database } from '../../server/db/database';
import { openDatabase } from '../../server/db/open';
import { templateDocument } from './documents';
import { type LoadResult, offerSubmissions, sustainSubmissions } from './load';
import { fillOneGpu, type QueryResult, timeGpuPage } from './query';
import { withServer } from './server';
import { type StageTimes, stageTimes } from './stages';

const TARGETS = { perSecond: 200, p95Ms: 100, queryMs: 50 };

function options() {
  const { values } = parseArgs({
    options: {
      seconds: { type: 'string', default: '60' },
      concurrency: { type: 'string', default: '32' },
      rate: { type: 'string', default: String(TARGETS.perSecond) },
      warmup: { type: 'string', default: '10' },
      runs: { type: 'string', default: '10000' },
      json: { type: 'boolean', default: false },
    },
  });
  const whole = (name: string, raw: string) => {
    const n = Number(raw);
    if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a whole number ≥ 1`);
    return n;
  };
  return {
    seconds: whole('seconds', values.seconds),
    concurrency: whole('concurrency', values.concurrency),
    rate: whole('rate', values.rate),
    warmup: whole('warmup', values.warmup),
    runs: whole('runs', values.runs),
    json: values.json,
  };
}

/** `work` on a fresh PGlite database in a temporary directory, in this process. */
async function withDatabase<T>(work: (db: Database) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-gallery-'));
  const db = await openDatabase({ dataDir: dir });
  try {
    return await work(db);
  } finally {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const ok = (pass: boolean) => (pass ? 'yes' : 'NO');
const ms = (l: LoadResult['latencyMs']) =>
  `${l.p50.toFixed(1)} / ${l.p95.toFixed(1)} / ${l.p99.toFixed(1)} ms`;

function loadRows(offered: LoadResult, clients: LoadResult): string[][] {
  const rate = offered.offeredPerSecond ?? 0;
  return [
    [
      `submissions offered at ${rate}/s: stored per second`,
      `${offered.perSecond.toFixed(0)} (${offered.stored} in ${offered.seconds.toFixed(1)} s, at most ${offered.concurrency} in flight)`,
      `≥ ${TARGETS.perSecond}`,
      ok(offered.perSecond >= TARGETS.perSecond * 0.99 && rate >= TARGETS.perSecond),
    ],
    [
      `  their latency p50 / p95 / p99 (from when each was due)`,
      ms(offered.latencyMs),
      `p95 < ${TARGETS.p95Ms} ms`,
      ok(offered.latencyMs.p95 < TARGETS.p95Ms),
    ],
    [
      `submissions from ${clients.concurrency} clients, each sending when answered: stored per second`,
      `${clients.perSecond.toFixed(0)} (${clients.stored} in ${clients.seconds.toFixed(1)} s)`,
      `≥ ${TARGETS.perSecond}`,
      ok(clients.perSecond >= TARGETS.perSecond),
    ],
    [`  their latency p50 / p95 / p99 (mostly queueing)`, ms(clients.latencyMs), '', ''],
  ];
}

function table(query: QueryResult, offered: LoadResult, clients: LoadResult): string {
  const lines: string[][] = [
    ['figure', 'measured', 'target', 'met'],
    ...loadRows(offered, clients),
    [
      `GPU page query, ${query.runs} runs of one GPU (p50 / p95 of ${query.repeats} after ${query.warmup + 1})`,
      `${query.p50Ms.toFixed(1)} / ${query.p95Ms.toFixed(1)} ms (first ${query.firstMs.toFixed(1)} ms)`,
      `< ${TARGETS.queryMs} ms`,
      ok(query.p95Ms < TARGETS.queryMs),
    ],
  ];
  const width = [0, 1, 2, 3].map((i) => Math.max(...lines.map((l) => l[i]?.length ?? 0)));
  const text = lines.map((l) =>
    l
      .map((c, i) => c.padEnd(width[i] ?? 0))
      .join('  ')
      .trimEnd(),
  );
  text.splice(1, 0, width.map((w) => '-'.repeat(w)).join('  '));
  for (const [how, load] of [
    ['offered', offered],
    ['clients', clients],
  ] as const) {
    const failed = Object.entries(load.failed);
    if (failed.length > 0)
      text.push(`not stored (${how}): ${failed.map(([s, n]) => `${n} × HTTP ${s}`).join(', ')}`);
  }
  return text.join('\n');
}

function stageTable(s: StageTimes): string {
  const f = (ms: number) => `${ms.toFixed(2)} ms`;
  return [
    `one submission's stages (mean of ${s.submissions}, one at a time, no HTTP):`,
    `  validate ${f(s.validateMs)} · hostile check ${f(s.hostileMs)} · hash ${f(s.hashMs)} · extract ${f(s.extractMs)} · store (transaction) ${f(s.storeMs)}`,
  ].join('\n');
}

async function main() {
  const o = options();
  const template = templateDocument();
  const log = (s: string) => {
    if (!o.json) console.log(s);
  };
  log(`Filling a PGlite gallery with ${o.runs} runs of one GPU…`);
  const query = await withServer(
    (db) => fillOneGpu(db, template, o.runs),
    (url, key) => timeGpuPage(url, key, o.runs),
  );
  log('Timing the stages of 200 submissions, one after another…');
  const stages = await withDatabase((db) => stageTimes(db, template));
  const warm = (url: string) => sustainSubmissions(url, template, o.warmup, 8, 1e8);
  log(`Submitting at ${o.rate}/s for ${o.seconds} s (after ${o.warmup} s of warm-up)…`);
  const offered = await withServer(
    async () => undefined,
    async (url) => {
      await warm(url);
      return offerSubmissions(url, template, o.seconds, o.rate);
    },
  );
  log(
    `Submitting for ${o.seconds} s with ${o.concurrency} clients (after ${o.warmup} s of warm-up)…`,
  );
  const clients = await withServer(
    async () => undefined,
    async (url) => {
      await warm(url);
      return sustainSubmissions(url, template, o.seconds, o.concurrency);
    },
  );
  if (o.json) {
    const report = { database: 'pglite', targets: TARGETS, query, offered, clients, stages };
    console.log(JSON.stringify(report, null, 2));
  } else console.log(`\n${table(query, offered, clients)}\n\n${stageTable(stages)}`);
}

main().catch((e: unknown) => {
  console.error(`bench:gallery failed: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});
