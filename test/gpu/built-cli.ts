// A CLI as users run it: built from vite.cli.config.ts before a test file's tests, into a
// temporary folder of its own (so it never races another file's build, which empties
// dist-cli/), spawned per call, and removed afterwards; with the checks the CLI tests share.

import { execFileSync, type SpawnSyncReturns, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';

export interface BuiltCli {
  /** Runs the CLI with these arguments; waits at most a minute. */
  run(args: string[]): SpawnSyncReturns<string>;
  /** Writes `text` into the test's folder and returns its path. */
  file(name: string, text: string): string;
  /** A path in the test's folder (nothing is written there). */
  path(name: string): string;
}

/** `entry` (dist-cli/<entry>.js) built once for the calling test file. */
export function builtCli(entry: 'predict' | 'simulate'): BuiltCli {
  const work = mkdtempSync(join(tmpdir(), `roofline-${entry}-`));
  const outDir = join(work, 'dist-cli');
  beforeAll(() => {
    execFileSync('npx', ['vite', 'build', '--config', 'vite.cli.config.ts', '--outDir', outDir], {
      stdio: 'ignore',
    });
  });
  afterAll(() => rmSync(work, { recursive: true, force: true }));
  return {
    run: (args) =>
      spawnSync(process.execPath, [join(outDir, `${entry}.js`), ...args], {
        encoding: 'utf8',
        timeout: 60_000,
      }),
    file(name, text) {
      const path = join(work, name);
      writeFileSync(path, text);
      return path;
    },
    path: (name) => join(work, name),
  };
}

/** A failure for the user: exit 1, one line on stderr, nothing on stdout, no stack trace. */
export function expectOneLineError(result: SpawnSyncReturns<string>, pattern: RegExp): void {
  expect(result.status).toBe(1);
  expect(result.stdout).toBe('');
  expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
  expect(result.stderr).toMatch(pattern);
  expect(result.stderr).not.toMatch(/^\s+at /m);
}
