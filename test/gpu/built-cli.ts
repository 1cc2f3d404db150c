// A CLI as users run it: built once per test run from vite.cli.config.ts (the global setup
// test/build-cli.global.ts), spawned per call, with a temporary folder per test file for its
// inputs and outputs; with the checks the CLI tests share.

import { type SpawnSyncReturns, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, inject } from 'vitest';

export interface BuiltCli {
  /** Runs the CLI with these arguments; waits at most `timeoutMs` (a minute by default). */
  run(args: string[]): SpawnSyncReturns<string>;
  /** Writes `text` into the test's folder and returns its path. */
  file(name: string, text: string): string;
  /** A path in the test's folder (nothing is written there). */
  path(name: string): string;
}

/** The CLI `entry` (<entry>.js of this run's build), with a folder for the calling test file. */
export function builtCli(entry: 'bench' | 'predict' | 'simulate', timeoutMs = 60_000): BuiltCli {
  const work = mkdtempSync(join(tmpdir(), `roofline-${entry}-`));
  const script = join(inject('cliDir'), `${entry}.js`);
  afterAll(() => rmSync(work, { recursive: true, force: true }));
  return {
    run: (args) =>
      spawnSync(process.execPath, [script, ...args], { encoding: 'utf8', timeout: timeoutMs }),
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
