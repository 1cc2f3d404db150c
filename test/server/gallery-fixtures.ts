// Databases and documents for the gallery's tests: every test runs on PGlite and, where the
// global setup started one, on a PostgreSQL server (a fresh database per test file).

import pg from 'pg';
import { expect, inject } from 'vitest';
import type { Database } from '../../server/db/database';
import { openDatabase } from '../../server/db/open';
import type { ResultRow, ResultsDocument } from '../../src/core/results';
import { sampleDecodeRun, sampleDocument } from '../fixtures/results';

export interface TestDatabase {
  name: 'PGlite' | 'PostgreSQL';
  /** A new, empty, migrated database. */
  open(): Promise<Database>;
  /** The URL of that database (PostgreSQL only), for a second connection or a child process. */
  url?: string;
}

/** A new database on the test cluster; its URL. */
export async function createPostgresDatabase(serverUrl: string): Promise<string> {
  const name = `gallery_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export function testDatabases(): TestDatabase[] {
  const serverUrl = inject('postgresUrl');
  const list: TestDatabase[] = [{ name: 'PGlite', open: () => openDatabase({ dataDir: null }) }];
  if (serverUrl !== '') {
    list.push({
      name: 'PostgreSQL',
      open: async () => openDatabase({ databaseUrl: await createPostgresDatabase(serverUrl) }),
    });
  }
  return list;
}

/** Empties every table of the gallery (between tests of one file). */
export async function emptyGallery(db: Database): Promise<void> {
  await db.query('TRUNCATE runs, adapter_runs, run_figures RESTART IDENTITY CASCADE');
}

export interface RunSpec {
  vendor?: string;
  architecture?: string;
  description?: string;
  software?: boolean;
  readGbps: number;
  /** GEMV int4 share of the roof. */
  gemvShare?: number;
  /** Verified decode ms/token (all layers) for SmolLM2-135M int4 at context 512. */
  decodeMs?: number;
  userAgent?: string;
  /** Makes otherwise equal runs distinct documents. */
  seed?: number;
}

const CHROME_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';

/** A valid results document with the figures the gallery extracts set to these values. */
export function galleryRun(spec: RunSpec): ResultsDocument {
  const base = sampleDocument();
  const read = base.results[0] as ResultRow;
  const largest = 1 << 28;
  const gemv: ResultRow = {
    ...read,
    kernel: 'gemv',
    variant: 'rows4-wg64',
    format: 'int4',
    shape: { m: 1, n: 4096, k: 4096 },
    bytes: 4096 * 4096 * 0.5,
    flops: 2 * 4096 * 4096,
    gbps: spec.readGbps * (spec.gemvShare ?? 0.5),
    rooflineEfficiency: spec.gemvShare ?? 0.5,
  };
  const createdAt = new Date(Date.UTC(2026, 10, 1) + (spec.seed ?? 0) * 1000).toISOString();
  return {
    ...base,
    createdAt,
    runtime: { kind: 'browser', description: spec.userAgent ?? CHROME_LINUX },
    adapter: {
      ...base.adapter,
      vendor: spec.vendor ?? 'nvidia',
      architecture: spec.architecture ?? 'ada',
      description: spec.description ?? '',
      isSoftware: spec.software ?? false,
      isFallbackAdapter: spec.software ?? false,
    },
    results: [
      ...base.results,
      {
        ...read,
        shape: { workingSetBytes: largest, passes: 1 },
        bytes: largest,
        gbps: spec.readGbps,
      },
      gemv,
    ],
    ...(spec.decodeMs === undefined
      ? {}
      : { decode: [sampleDecodeRun({ medianMs: spec.decodeMs / 15, scaledMs: spec.decodeMs })] }),
  };
}

/** `actual` equals `expected` but for numbers, which may differ by a real's rounding (the page's
 * figures are kept as float4: migration 003), 1 part in 10^6 where 2^-24 is 6 parts in 10^8. */
export function expectNear(actual: unknown, expected: unknown, where: string): void {
  if (typeof expected === 'number' && typeof actual === 'number') {
    const scale = Math.max(Math.abs(actual), Math.abs(expected));
    expect(Math.abs(actual - expected), `${where}: ${actual} vs ${expected}`).toBeLessThanOrEqual(
      1e-6 * scale,
    );
  } else if (typeof expected === 'object' && expected !== null && actual !== null) {
    expect(typeof actual, where).toBe('object');
    const a = actual as Record<string, unknown>;
    const e = expected as Record<string, unknown>;
    expect(Object.keys(a).sort(), where).toEqual(Object.keys(e).sort());
    for (const k of Object.keys(e)) expectNear(a[k], e[k], `${where}.${k}`);
  } else expect(actual, where).toEqual(expected);
}
