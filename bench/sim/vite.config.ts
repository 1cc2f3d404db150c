import { defineConfig } from 'vite';

// Builds the serving-simulator benchmark (run.ts) for Node, as vite.cli.config.ts builds the CLI.
export default defineConfig({
  build: {
    ssr: true,
    outDir: 'node_modules/.cache/bench-sim',
    emptyOutDir: true,
    target: 'node20',
    minify: false,
    rollupOptions: {
      input: { run: 'bench/sim/run.ts' },
      output: { format: 'es', entryFileNames: '[name].js' },
    },
  },
  logLevel: 'warn',
});
