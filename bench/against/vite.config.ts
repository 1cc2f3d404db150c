import { defineConfig } from 'vite';
import { nodeBuild } from '../../scripts/node-build.ts';

// Builds the side-by-side benchmark (run.ts) for Node, as vite.cli.config.ts builds the CLI.
export default defineConfig(
  nodeBuild({ run: 'bench/against/run.ts' }, 'node_modules/.cache/bench-against'),
);
