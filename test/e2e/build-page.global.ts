// Vitest global setup of the e2e project: builds the page once per test run (as `npm run build`
// does) into a folder of its own, and hands its path to the tests (`inject('pageDir')`), which
// serve it (vite preview, or the gallery's server) instead of each building it again.

import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { build } from 'vite';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The built page (index.html, assets/) for this test run. */
    pageDir: string;
  }
}

export default async function buildPage(project: TestProject): Promise<() => void> {
  const dir = resolve('node_modules', '.cache', `e2e-page-${process.pid}`);
  await build({ logLevel: 'warn', build: { outDir: dir, emptyOutDir: true } });
  project.provide('pageDir', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
