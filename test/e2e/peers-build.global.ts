// Vitest global setup of the e2e (peers) project: builds the bench:peers driver and its pages
// once for both peers tests (each would otherwise build both, and the page build empties the
// folder the other test's server may be reading). The tests run the driver with
// BENCH_PEERS_PREBUILT=1, so it serves these pages instead of building its own.

import { resolve } from 'node:path';
import { build } from 'vite';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The built bench:peers driver (run.js), its pages built beside it. */
    peersDriver: string;
  }
}

export default async function buildPeers(project: TestProject): Promise<void> {
  await build({ configFile: resolve('bench/peers/vite.driver.config.ts'), logLevel: 'error' });
  await build({ configFile: resolve('bench/peers/vite.config.ts'), logLevel: 'error' });
  project.provide('peersDriver', resolve('node_modules/.cache/bench-peers/driver/run.js'));
}
