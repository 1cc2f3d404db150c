// Vitest global setup of the wgpu project: builds the Deno child once per test run into a folder
// of its own and hands its path to the tests (`inject('wgpuChild')`).

import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** child.js, built for this test run. */
    wgpuChild: string;
  }
}

export default function buildChild(project: TestProject): () => void {
  const dir = resolve('node_modules', '.cache', `wgpu-child-${process.pid}`);
  execFileSync(
    'npx',
    ['vite', 'build', '--config', 'test/wgpu/vite.child.config.ts', '--outDir', dir],
    { stdio: 'ignore' },
  );
  project.provide('wgpuChild', join(dir, 'child.js'));
  return () => rmSync(dir, { recursive: true, force: true });
}
