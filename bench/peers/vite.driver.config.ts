import { defineConfig } from 'vite';

// Builds the Node driver (run.ts) the way vite.cli.config.ts builds the CLI.
export default defineConfig({
  build: {
    ssr: true,
    outDir: 'node_modules/.cache/bench-peers/driver',
    emptyOutDir: true,
    target: 'node20',
    minify: false,
    rollupOptions: {
      input: { run: 'bench/peers/run.ts' },
      output: { format: 'es', entryFileNames: '[name].js' },
    },
  },
  logLevel: 'warn',
});
