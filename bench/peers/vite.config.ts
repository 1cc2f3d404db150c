import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// The peers pages (bench/peers/index.html + main.ts: products; decode.html + decode/page.ts:
// whole-model decode), built apart from the app so the app's build and tests never see tfjs or
// transformers.js. Unminified: tf.time() then names tfjs's programs.
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
    rollupOptions: {
      input: {
        main: fileURLToPath(new URL('./index.html', import.meta.url)),
        decode: fileURLToPath(new URL('./decode.html', import.meta.url)),
      },
    },
  },
  preview: { host: '127.0.0.1' },
});
