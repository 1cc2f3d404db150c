import { defineConfig } from 'vite';

// Builds scripts/calibrate.ts for Node (the CSVs come in as `?raw` text, as in the page).
export default defineConfig({
  build: {
    ssr: true,
    outDir: 'node_modules/.cache/calibrate',
    emptyOutDir: true,
    target: 'node20',
    minify: false,
    rollupOptions: {
      input: { calibrate: 'scripts/calibrate.ts' },
      output: { format: 'es', entryFileNames: '[name].js' },
    },
  },
  logLevel: 'warn',
});
