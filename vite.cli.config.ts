import { defineConfig } from 'vite';

// Builds the command line for Node with the same `?raw` shader imports as the page.
export default defineConfig({
  build: {
    ssr: true,
    outDir: 'dist-cli',
    emptyOutDir: true,
    target: 'node20',
    minify: false,
    sourcemap: true,
    rollupOptions: {
      input: {
        bench: 'src/cli/bench.ts',
        predict: 'src/cli/predict.ts',
        simulate: 'src/cli/simulate.ts',
      },
      output: { format: 'es', entryFileNames: '[name].js' },
    },
  },
  logLevel: 'warn',
});
