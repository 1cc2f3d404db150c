import { existsSync } from 'node:fs';
import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';
import { lavapipeIcd, swiftshaderIcd, vulkanEnv } from './scripts/vulkan.ts';
import { chromiumLaunchOptions } from './test/chromium.ts';

const swiftshader = swiftshaderIcd();
const lavapipe = lavapipeIcd();
// scripts/test.sh sets this where it could install lavapipe: then its absence fails the suite
// (its kernels' shader-f16, dp4a and subgroup paths would silently not run).
if (!lavapipe && process.env.ROOFLINE_REQUIRE_LAVAPIPE === '1') {
  throw new Error(
    'Mesa 25 lavapipe is required here (scripts/system-deps.sh could install it) but no lvp_icd.json of Mesa 25+ was found: see its output above.',
  );
}

/** The GPU test files that run on lavapipe too (each checks its own feature paths there). */
const LAVAPIPE_TESTS = ['gemv', 'gemm', 'attention', 'kernels', 'trace', 'trace-kernels'];
for (const name of LAVAPIPE_TESTS) {
  if (!existsSync(`test/gpu/${name}.test.ts`))
    throw new Error(`vite.config.ts: LAVAPIPE_TESTS names test/gpu/${name}.test.ts, which is gone`);
}

// One config for the page build and every test layer (unit, gpu, browser, e2e).
export default defineConfig({
  base: './',
  worker: { format: 'es' },
  build: { target: 'es2022', sourcemap: true },
  server: { host: '127.0.0.1' },
  preview: { host: '127.0.0.1' },
  test: {
    // Two files at a time even on two cores (vitest's default there is one): much of the suite
    // waits on a child process — Chromium, the CLI, PostgreSQL — rather than computing.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['test/unit/**/*.test.ts'], environment: 'node' },
      },
      {
        extends: true,
        test: {
          // SwiftShader where it is installed (CI), else whatever driver Dawn finds.
          name: swiftshader ? 'gpu (swiftshader)' : 'gpu',
          include: ['test/gpu/**/*.test.ts'],
          environment: 'node',
          // Dawn reads the Vulkan driver from the environment: one process per file.
          pool: 'forks',
          globalSetup: ['test/build-cli.global.ts'],
          env: swiftshader ? vulkanEnv(swiftshader) : {},
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      ...(lavapipe
        ? [
            {
              extends: true as const,
              test: {
                name: 'gpu (lavapipe)',
                // The kernels whose feature paths (shader-f16, dp4a, subgroups) lavapipe grants
                // and SwiftShader does not. The runner, the CLIs and the predictor do not depend
                // on the driver: once, on SwiftShader (above), is enough.
                include: LAVAPIPE_TESTS.map((name) => `test/gpu/${name}.test.ts`),
                environment: 'node' as const,
                pool: 'forks' as const,
                env: vulkanEnv(lavapipe),
                testTimeout: 120_000,
                hookTimeout: 120_000,
              },
            },
          ]
        : []),
      {
        extends: true,
        test: {
          // The second WebGPU implementation: wgpu (naga) in Deno children, on every Vulkan
          // driver here (test/wgpu/deno.ts picks them).
          name: 'wgpu (deno)',
          include: ['test/wgpu/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/wgpu/build-child.global.ts', 'test/build-cli.global.ts'],
          // The CLI's own Deno run takes the driver with the most features (the children pick theirs).
          env: lavapipe ? vulkanEnv(lavapipe) : {},
          testTimeout: 900_000,
          hookTimeout: 240_000,
        },
      },
      {
        extends: true,
        test: {
          // The gallery's server and database: PGlite always, and a throwaway PostgreSQL server
          // that the global setup starts where PostgreSQL is installed.
          name: 'server',
          include: ['test/server/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/server/postgres-cluster.ts'],
          testTimeout: 120_000,
          hookTimeout: 240_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: ['test/browser/**/*.test.ts'],
          testTimeout: 120_000,
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({ launchOptions: chromiumLaunchOptions() }),
            instances: [{ browser: 'chromium' }],
            screenshotFailures: false,
          },
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          exclude: ['test/e2e/peers*.test.ts'],
          environment: 'node',
          globalSetup: ['test/e2e/build-page.global.ts'],
          testTimeout: 240_000,
          hookTimeout: 240_000,
        },
      },
      {
        extends: true,
        test: {
          // bench:peers end to end: the driver and its pages built once for both files.
          name: 'e2e (peers)',
          include: ['test/e2e/peers*.test.ts'],
          environment: 'node',
          globalSetup: ['test/e2e/peers-build.global.ts'],
          testTimeout: 240_000,
          hookTimeout: 240_000,
        },
      },
    ],
  },
});
