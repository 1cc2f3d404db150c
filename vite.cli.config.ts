import { defineConfig } from 'vite';
import { nodeBuild } from './scripts/node-build.ts';

// Builds the command line for Node with the same `?raw` shader imports as the page.
export default defineConfig(
  nodeBuild(
    { bench: 'src/cli/bench.ts', predict: 'src/cli/predict.ts', simulate: 'src/cli/simulate.ts' },
    'dist-cli',
    { sourcemap: true },
  ),
);
