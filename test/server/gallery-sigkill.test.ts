// The gallery's server killed with SIGKILL during a burst of submissions, then started again on
// the same data: every submission it acknowledged (2xx) is there, and no run is half-written
// (each run has exactly the GEMV and decode rows its document gives, and the GPU pages' summary
// counts exactly the stored runs and their values). The server runs as a child
// process (its production build); PGlite in a temporary data directory, and a PostgreSQL server
// where the global setup started one.

import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Database } from '../../server/db/database';
import { openDatabase } from '../../server/db/open';
import { extractColumns } from '../../server/runs/extract';
import { createPostgresDatabase, galleryRun, testDatabases } from './gallery-fixtures';

const OUT = resolve('node_modules/.cache/gallery-sigkill-server');
const SUBMISSIONS = 400;
const CLIENTS = 12;
/** Kill after this many acknowledgements: the burst is then well under way. */
const KILL_AFTER_ACKS = 25;

interface Server {
  child: ChildProcess;
  url: string;
  exited: Promise<number | null>;
}

/** Starts the built server on a free port; resolves once it says where it listens. */
function startServer(dataDir: string, databaseUrl: string | undefined): Promise<Server> {
  const env = { ...process.env, DATABASE_URL: databaseUrl ?? '' };
  const args = [join(OUT, 'server.js'), '--port', '0', '--data-dir', dataDir];
  const child = spawn(process.execPath, [...args, '--static', OUT, '--rate-limit', '100000'], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  return new Promise((ready, fail) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const m = /on (http:\/\/127\.0\.0\.1:\d+\/)/.exec(output);
      if (m?.[1] !== undefined) ready({ child, url: m[1], exited });
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    void exited.then((code) =>
      fail(new Error(`the server exited (${code}) before listening:\n${output}`)),
    );
  });
}

/** The burst: CLIENTS clients submit distinct runs until all are sent or the server is gone. */
async function burst(url: string, onAck: (acks: number) => void) {
  const acknowledged = new Map<string, number>();
  let next = 0;
  const client = async () => {
    while (next < SUBMISSIONS) {
      const doc = galleryRun({ readGbps: 100 + next, decodeMs: 5 + next / 100, seed: next });
      next++;
      try {
        const reply = await fetch(`${url}api/runs`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(doc),
        });
        if (reply.status === 200 || reply.status === 201) {
          const { id } = (await reply.json()) as { id: number };
          acknowledged.set(doc.createdAt, id);
          onAck(acknowledged.size);
        }
      } catch {
        return; // the server is gone: this client stops
      }
    }
  };
  await Promise.all(Array.from({ length: CLIENTS }, client));
  return acknowledged;
}

/** Each stored run's GEMV and decode rows against what its document gives. */
async function halfWritten(db: Database): Promise<string[]> {
  const rows = await db.query<{ id: number; document: unknown; gemv: number; decode: number }>(
    `SELECT r.id, r.document,
       (SELECT count(*) FROM run_gemv g WHERE g.run_id = r.id)::int AS gemv,
       (SELECT count(*) FROM run_decode d WHERE d.run_id = r.id)::int AS decode
     FROM runs r`,
  );
  return rows.flatMap((r) => {
    const c = extractColumns(
      (typeof r.document === 'string' ? JSON.parse(r.document) : r.document) as Parameters<
        typeof extractColumns
      >[0],
    );
    const ok = c.gemv.length === r.gemv && c.decode.length === r.decode;
    return ok ? [] : [`run ${r.id}: ${r.gemv} GEMV / ${r.decode} decode rows`];
  });
}

beforeAll(async () => {
  await build({
    configFile: resolve('vite.server.config.ts'),
    build: { outDir: OUT, sourcemap: false },
    logLevel: 'warn',
  });
});

describe.each(testDatabases())('SIGKILL during a burst, on $name', (target) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'gallery-sigkill-'));
  let server: Server | undefined;
  afterAll(async () => {
    server?.child.kill('SIGKILL');
    await server?.exited;
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps every acknowledged submission, and no half-written run', async () => {
    // PostgreSQL: a fresh database of the test cluster (its URL); PGlite: the data directory
    const databaseUrl =
      target.name === 'PostgreSQL'
        ? await createPostgresDatabase(inject('postgresUrl'))
        : undefined;
    server = await startServer(dataDir, databaseUrl);
    const first = server;
    const acknowledged = await burst(first.url, (acks) => {
      if (acks === KILL_AFTER_ACKS) first.child.kill('SIGKILL');
    });
    await first.exited;
    expect(acknowledged.size).toBeGreaterThanOrEqual(KILL_AFTER_ACKS);
    expect(acknowledged.size).toBeLessThan(SUBMISSIONS); // it died mid-burst

    server = await startServer(dataDir, databaseUrl);
    for (const [createdAt, id] of acknowledged) {
      const reply = await fetch(`${server.url}api/runs/${id}`);
      expect(reply.status, `acknowledged run ${id}`).toBe(200);
      const run = (await reply.json()) as { document: { createdAt: string } };
      expect(run.document.createdAt).toBe(createdAt);
    }
    server.child.kill('SIGTERM');
    await server.exited;
    server = undefined;

    const db = await openDatabase(databaseUrl === undefined ? { dataDir } : { databaseUrl });
    try {
      const [count] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM runs');
      expect(count?.n).toBeGreaterThanOrEqual(acknowledged.size);
      expect(await halfWritten(db)).toEqual([]);
      // the GPU pages' summary, written by the same statement as the runs, agrees with them
      const [summary] = await db.query<Record<string, number>>(
        `SELECT (SELECT count(*) FROM runs)::int AS runs,
           (SELECT coalesce(sum(runs), 0) FROM adapter_runs)::int AS counted_runs,
           (SELECT count(*) FROM run_figure_values)::int AS figure_values,
           (SELECT coalesce(sum(n), 0) FROM run_figures)::int AS counted_values`,
      );
      expect(summary?.counted_runs).toBe(summary?.runs);
      expect(summary?.counted_values).toBe(summary?.figure_values);
    } finally {
      await db.close();
    }
  });
});
