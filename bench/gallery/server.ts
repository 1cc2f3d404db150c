// The gallery's server as `npm start` runs it (dist-server/server.js, built by the npm script),
// in a child process on a temporary PGlite data directory: the benchmark's clients then do not
// share the server's thread. `prepare` gets the database before the server opens it.

import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Database } from '../../server/db/database';
import { openDatabase } from '../../server/db/open';

const SERVER = resolve('dist-server/server.js');

export async function withServer<P, T>(
  prepare: (db: Database) => Promise<P>,
  work: (baseUrl: string, prepared: P) => Promise<T>,
): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-gallery-'));
  try {
    const db = await openDatabase({ dataDir: dir });
    const prepared = await prepare(db).finally(() => db.close());
    const args = ['--port', '0', '--data-dir', dir, '--static', dir, '--rate-limit', '1000000000'];
    const child = spawn(process.execPath, [SERVER, ...args], {
      env: { ...process.env, DATABASE_URL: '' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exited = new Promise<void>((done) => child.once('exit', () => done()));
    try {
      const url = await new Promise<string>((ready, fail) => {
        let output = '';
        child.stdout.on('data', (chunk: Buffer) => {
          output += chunk.toString();
          const m = /on (http:\/\/127\.0\.0\.1:\d+\/)/.exec(output);
          if (m?.[1] !== undefined) ready(m[1]);
        });
        void exited.then(() => fail(new Error(`the gallery server exited: ${output}`)));
      });
      return await work(url, prepared);
    } finally {
      child.kill('SIGTERM');
      await exited;
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
