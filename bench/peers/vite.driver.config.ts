import { defineConfig } from 'vite';
import { nodeBuild } from '../../scripts/node-build.ts';

// Builds the Node driver (run.ts) the way vite.cli.config.ts builds the CLI.
export default defineConfig(
  nodeBuild({ run: 'bench/peers/run.ts' }, 'node_modules/.cache/bench-peers/driver'),
);
