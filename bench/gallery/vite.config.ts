import { defineConfig } from 'vite';
import { nodeBuild } from '../../scripts/node-build.ts';

// Builds the gallery benchmark (run.ts) for Node, as bench/sim/vite.config.ts builds its bench.
export default defineConfig(
  nodeBuild({ run: 'bench/gallery/run.ts' }, 'node_modules/.cache/bench-gallery'),
);
