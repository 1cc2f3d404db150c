import type { UserConfig } from 'vite';

/**
 * A Vite build of TypeScript entries for Node (the CLIs, the benches, the calibration report):
 * the same `?raw` shader and data imports as the page, one unminified ES module per entry.
 */
export function nodeBuild(
  input: Record<string, string>,
  outDir: string,
  options: { sourcemap?: boolean } = {},
): UserConfig {
  return {
    build: {
      ssr: true,
      outDir,
      emptyOutDir: true,
      target: 'node20',
      minify: false,
      sourcemap: options.sourcemap ?? false,
      rollupOptions: { input, output: { format: 'es', entryFileNames: '[name].js' } },
    },
    logLevel: 'warn',
  };
}
