import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// The peers page (bench/peers/index.html + main.ts), built apart from the app so the app's
// build and tests never see tfjs. Unminified: tf.time() then names tfjs's programs.
const here = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root: here,
  base: './',
  publicDir: false,
  logLevel: 'warn',
  build: {
    outDir: fileURLToPath(new URL('../../node_modules/.cache/bench-peers/page', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    minify: false,
    chunkSizeWarningLimit: 8192,
  },
  preview: { host: '127.0.0.1' },
});
