import { defineConfig } from 'vite';
import { nodeBuild } from './scripts/node-build.ts';

// Builds the gallery's server (server/main.ts) for Node; its migrations come in as `?raw` text.
export default defineConfig(
  nodeBuild({ server: 'server/main.ts' }, 'dist-server', { sourcemap: true }),
);
