// In headless Chromium (SwiftShader): the kernels in the page, and the whole path the page uses —
// a module worker driven through comlink, with progress, rows, cancel and buffer accounting.

import { afterAll, describe, expect, it } from 'vitest';
import type { Progress } from '../../src/bench/runner';
import { BenchRunner } from '../../src/bench/runner';
import { FORMAT_IDS } from '../../src/core/formats';
import { validateResults } from '../../src/core/results';
import { acquireGpu } from '../../src/gpu/device';
import { bandwidthCase } from '../../src/kernels/bandwidth';
import { fmaCase } from '../../src/kernels/fma';
import { gemmCapabilitiesOf, gemmCase, gemmVariantsFor } from '../../src/kernels/gemm';
import { gemvCapabilities, gemvCase, gemvVariantsFor } from '../../src/kernels/gemv';
import { createBenchClient } from '../../src/worker/client';

const FAST_TIMING = { samples: 3, sampleTargetMs: 5, submitBudgetMs: 20 };

describe('WebGPU in the page', () => {
  it('finds an adapter and verifies the probes against their CPU references', async () => {
    expect(
      navigator.gpu,
      'navigator.gpu is missing: start Chromium with --enable-unsafe-webgpu',
    ).toBeDefined();
    const gpu = await acquireGpu(navigator.gpu);
    const runner = new BenchRunner(gpu);
    try {
      for (const kcase of [
        bandwidthCase('read', 256 * 1024, { targetBytesPerDispatch: 1 << 20 }),
        bandwidthCase('copy', 256 * 1024, { targetBytesPerDispatch: 1 << 20 }),
        bandwidthCase('write', 256 * 1024, { targetBytesPerDispatch: 1 << 20 }),
        fmaCase('f32', 4096, 16),
      ]) {
        const row = await runner.runCase(kcase, FAST_TIMING);
        expect(row.error, kcase.label).toBeUndefined();
        expect(row.verified).toBe(true);
        expect(row.medianMs).toBeGreaterThan(0);
      }
      expect(runner.ledger.liveCount).toBe(0);
      expect(gpu.description.isSoftware).toBe(true); // SwiftShader here
    } finally {
      runner.destroy();
      gpu.destroy();
    }
  });
});

/**
 * The first variant of each kernel source in `entries`: the row, four-row and tile GEMVs and the
 * register-tiled GEMM compile in Chrome's own WGSL compiler here; every variant, size and
 * feature path is verified in Node on SwiftShader and lavapipe (test/gpu).
 */
const firstOf = <V extends { entry: string }>(variants: V[], entries: readonly string[]): V[] =>
  entries.flatMap((entry) => variants.find((v) => v.entry === entry) ?? []);

describe('GEMV and GEMM in the page, every format', () => {
  it('verify against the CPU reference at ragged shapes', async () => {
    const gpu = await acquireGpu(navigator.gpu);
    const runner = new BenchRunner(gpu);
    const options = { rotationBytes: 1 << 20, maxBindingBytes: 1 << 30 };
    let checked = 0;
    try {
      for (const format of FORMAT_IDS) {
        const gemv = firstOf(gemvVariantsFor(format, gemvCapabilities(gpu)), [
          'gemv_row',
          'gemv_rows4',
          'gemv_tile',
        ]);
        const gemm = firstOf(gemmVariantsFor(gemmCapabilitiesOf(gpu.device)), ['gemm_reg']);
        expect(gemv.length, format).toBe(3);
        expect(gemm.length, format).toBe(1);
        const cases = [
          ...gemv.map((v) => gemvCase(format, 37, 96, v, options)),
          ...gemm.map((v) => gemmCase(format, 37, 45, 96, v, options)),
        ];
        for (const kcase of cases) {
          const row = await runner.runCase(kcase, FAST_TIMING);
          expect(row.error, kcase.label).toBeUndefined();
          expect(row.verified, kcase.label).toBe(true);
          checked++;
        }
      }
      expect(checked).toBe(4 * FORMAT_IDS.length);
      expect(runner.ledger.liveCount).toBe(0);
    } finally {
      runner.destroy();
      gpu.destroy();
    }
  }, 300_000);
});

describe('the benchmark worker, through comlink', () => {
  const client = createBenchClient();
  // Variants pinned: these tests are about the worker's plumbing; the tuner runs in the Node
  // runner tests and in the page's Quick run (test/e2e/page.test.ts).
  const PINNED = { gemvVariant: 'rows4-wg64', gemmVariant: 'reg4x4' };
  /** …and a read sweep stopped at 1 MiB, 3 samples a kernel: the whole plan, sooner. */
  const QUICK_SETTINGS = { ...PINNED, samples: 3, maxWorkingSetMiB: 1 };
  /** About half of the Quick plan's kernel rows. */
  const LOSE_AFTER_ROWS = 12;
  afterAll(() => client.terminate());

  it('describes the adapter', async () => {
    const report = await client.describe();
    expect(report.ok).toBe(true);
    if (report.ok) {
      expect(report.adapter.features).toEqual([...report.adapter.features].sort());
      expect(report.grantedLimits.maxStorageBufferBindingSize).toBeGreaterThan(0);
    }
  });

  // One Quick run (minutes on SwiftShader in Chromium), its device lost halfway through; resumed
  // on a new device, it measures the rest of the plan and reports the kept rows as well.
  it('a device lost mid-run keeps the rows measured and says why; resumed on a new device, the Quick plan runs with progress and rows as they finish, and frees every buffer', async () => {
    let finished = 0;
    const lost = await client.run(
      'quick',
      () => {},
      () => {
        finished++;
        if (finished === LOSE_AFTER_ROWS) void client.destroyDevice();
      },
      undefined,
      QUICK_SETTINGS,
    );
    expect(lost.incomplete).toMatch(/lost/i);
    expect(lost.stopReason).toBe('device-lost');
    const kept = lost.results.slice(0, -1);
    expect(kept.length).toBeGreaterThanOrEqual(LOSE_AFTER_ROWS);
    expect(kept.every((r) => r.verified)).toBe(true);
    const stopped = lost.results.at(-1);
    expect(stopped?.verified).toBe(false);
    expect(stopped?.error).toMatch(/lost/i);

    const progress: Progress[] = [];
    const rows: string[] = [];
    const doc = await client.run(
      'quick',
      (p) => progress.push(p),
      (row) => rows.push(`${row.kernel}:${row.verified}`),
      lost,
    );
    expect(doc.settings).toEqual(QUICK_SETTINGS); // the resumed run keeps the settings it began with
    expect(validateResults(doc)).toBe(doc);
    expect(doc.runtime.kind).toBe('browser');
    expect(doc.incomplete).toBeUndefined();
    expect(doc.stopReason).toBeUndefined();
    expect(doc.results.every((r) => r.verified)).toBe(true);
    expect(doc.results.slice(0, kept.length)).toEqual(kept); // kept, not measured again
    expect(doc.results.length).toBeGreaterThan(kept.length + 1);
    expect(doc.decode).toHaveLength(1);
    expect(doc.decode?.[0]?.verified).toBe(true);
    expect(rows).toHaveLength(doc.results.length);
    expect(progress.map((p) => p.step)).toEqual(doc.results.map((_, i) => i + 1));
    expect(progress.at(-1)?.etaMs).toBeGreaterThanOrEqual(0);
    expect((await client.bufferStats()).live).toBe(0);
  });

  it('cancels mid-run: rows so far kept, no buffer left, and the next run works', async () => {
    let cancelled = false;
    const doc = await client.run(
      'quick',
      () => {},
      () => {
        if (!cancelled) {
          cancelled = true;
          void client.cancel();
        }
      },
      undefined,
      PINNED,
    );
    expect(doc.incomplete).toBe('Cancelled by the user.');
    expect(doc.stopReason).toBe('cancelled');
    expect(doc.results[0]?.verified).toBe(true);
    expect(doc.results.length).toBeLessThan(8);
    const stats = await client.bufferStats();
    expect(stats.live).toBe(0);
    expect(stats.created).toBe(stats.destroyed);
    expect((await client.describe()).ok).toBe(true);
  });
});
