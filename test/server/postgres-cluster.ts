// Vitest global setup for the gallery's tests: starts a throwaway PostgreSQL cluster (initdb into
// a temporary directory, listening on 127.0.0.1 only, at a free port) and hands its URL to the
// tests, which then run against PGlite and this server alike. Where no PostgreSQL is installed
// or it will not start, the reason goes to test-results/postgres.json and the test summary says
// that only PGlite ran (scripts/system-deps.sh installs Debian's postgresql).

import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** postgres://… of the throwaway cluster, or '' when none could be started. */
    postgresUrl: string;
    postgresNote: string;
  }
}

function findBinary(name: string): string | null {
  for (const dir of (process.env.PATH ?? '').split(':')) {
    if (dir !== '' && existsSync(join(dir, name))) return join(dir, name);
  }
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
  for (const v of versions)
    if (existsSync(join(root, v, 'bin', name))) return join(root, v, 'bin', name);
  return null;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        resolve(typeof address === 'object' && address !== null ? address.port : 0),
      );
    });
  });
}

/** initdb refuses root: as root, the cluster belongs to the `postgres` user. */
function asClusterOwner(dir: string): string[] {
  if (process.getuid?.() !== 0) return [];
  const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
  chownSync(dir, uid, gid);
  return ['runuser', '-u', 'postgres', '--'];
}

interface Cluster {
  url: string;
  stop(): void;
}

async function startCluster(): Promise<Cluster> {
  const initdb = findBinary('initdb');
  const pgCtl = findBinary('pg_ctl');
  if (initdb === null || pgCtl === null) {
    throw new Error(
      'PostgreSQL is not installed (no initdb / pg_ctl; Debian: apt-get install postgresql)',
    );
  }
  const dir = mkdtempSync(join(tmpdir(), 'gallery-pg-'));
  chmodSync(dir, 0o700);
  const owner = asClusterOwner(dir);
  const run = (cmd: string, args: string[]) => {
    const [head, ...rest] = [...owner, cmd, ...args] as [string, ...string[]];
    execFileSync(head, rest, { stdio: 'pipe', timeout: 120_000 });
  };
  const data = join(dir, 'data');
  const port = await freePort();
  try {
    run(initdb, ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
    const options = `-c listen_addresses=127.0.0.1 -p ${port} -c unix_socket_directories=${dir} -c fsync=off`;
    run(pgCtl, ['start', '-D', data, '-w', '-t', '60', '-l', join(dir, 'log'), '-o', options]);
  } catch (e) {
    rmSync(dir, { recursive: true, force: true });
    const stderr = (e as { stderr?: Buffer }).stderr?.toString().trim();
    throw new Error(`PostgreSQL did not start: ${stderr || (e as Error).message}`);
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      try {
        run(pgCtl, ['stop', '-D', data, '-m', 'immediate', '-w']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

function record(note: { postgres: boolean; reason: string }): void {
  mkdirSync('test-results', { recursive: true });
  writeFileSync('test-results/postgres.json', `${JSON.stringify(note)}\n`);
}

export default async function setup(project: TestProject): Promise<() => void> {
  let cluster: Cluster | null = null;
  let reason = '';
  try {
    cluster = await startCluster();
  } catch (e) {
    reason = e instanceof Error ? e.message : String(e);
    process.stderr.write(`\nThe gallery tests run on PGlite only: ${reason}\n`);
  }
  record({ postgres: cluster !== null, reason });
  project.provide('postgresUrl', cluster?.url ?? '');
  project.provide('postgresNote', reason);
  return () => cluster?.stop();
}
