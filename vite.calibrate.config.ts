import { defineConfig } from 'vite';
import { nodeBuild } from './scripts/node-build.ts';

// Builds scripts/calibrate.ts for Node (the CSVs come in as `?raw` text, as in the page).
export default defineConfig(
  nodeBuild({ calibrate: 'scripts/calibrate.ts' }, 'node_modules/.cache/calibrate'),
);
