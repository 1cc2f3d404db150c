// Vitest global setup: builds the CLIs once per test run (vite.cli.config.ts, as `npm run bench`
// does) into a folder of its own, and hands its path to the tests (`inject('cliDir')`). The GPU
// projects and the wgpu one name this file; later ones find the first's build in the same process.

import { execFileSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The folder holding bench.js, predict.js and simulate.js, built for this test run. */
    cliDir: string;
  }
}

export default function buildCli(project: TestProject): () => void {
  // Inside the repository, so the built CLI resolves its packages (webgpu) from node_modules.
  const dir = resolve('node_modules', '.cache', `test-cli-${process.pid}`);
  if (!existsSync(join(dir, 'bench.js'))) {
    execFileSync('npx', ['vite', 'build', '--config', 'vite.cli.config.ts', '--outDir', dir], {
      stdio: 'ignore',
    });
  }
  project.provide('cliDir', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
