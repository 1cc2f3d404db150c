// Every kernel runs for real through Dawn and is checked against its CPU reference.

import { describe, expect, it } from 'vitest';
import {
  bandwidthCase,
  bandwidthGeometry,
  READ_VARIANTS,
  readVariantOptions,
} from '../../src/kernels/bandwidth';
import { fmaCase } from '../../src/kernels/fma';
import { FAST_TIMING, sharedRunner } from './context';

const t = sharedRunner();

describe('bandwidth probes on a real adapter', () => {
  const options = { targetBytesPerDispatch: 1 << 20 };
  // 96 KiB is not a power of two; 64 KiB is walked 16 times per dispatch (passes > 1).
  for (const kind of ['read', 'copy', 'write'] as const) {
    for (const size of [64 * 1024, 96 * 1024, 4 << 20]) {
      it(`${kind} over ${size / 1024} KiB verifies and is timed`, async () => {
        const kcase = bandwidthCase(kind, size, options);
        const row = await t.runner.runCase(kcase, FAST_TIMING);
        expect(row.error).toBeUndefined();
        expect(row.verified).toBe(true);
        expect(row.bytes).toBe(bandwidthGeometry(kind, size, options).bytes);
        expect(row.medianMs).toBeGreaterThan(0);
        expect(row.gbps).toBeCloseTo(row.bytes / (row.medianMs / 1000) / 1e9, 6);
        expect(row.samples).toBeGreaterThanOrEqual(FAST_TIMING.samples);
      });
    }
  }
});

describe('every read probe variant on a real adapter', () => {
  // 100032 bytes: 6252 elements, so some invocations walk a tail past the unrolled steps.
  for (const variant of READ_VARIANTS) {
    for (const size of [64 * 1024, 100_032, 4 << 20]) {
      it(`${variant} over ${size} bytes gives the reference sums`, async () => {
        const options = readVariantOptions(variant, { targetBytesPerDispatch: 1 << 20 });
        const row = await t.runner.runCase(bandwidthCase('read', size, options), FAST_TIMING);
        expect(row.error).toBeUndefined();
        expect(row.verified).toBe(true);
        expect(row.variant).toBe(variant);
        expect(row.bytes).toBe(bandwidthGeometry('read', size, options).bytes);
      });
    }
  }
});

describe('compute probe on a real adapter', () => {
  // 5 exercises the unrolled loop's remainder; 64 the unrolled body only.
  for (const iters of [1, 5, 64]) {
    it(`f32 with ${iters} multiply-adds per element verifies`, async () => {
      const row = await t.runner.runCase(fmaCase('f32', 4096, iters), FAST_TIMING);
      expect(row.error).toBeUndefined();
      expect(row.verified).toBe(true);
      expect(row.flops).toBe(16 * iters * 4096);
      expect(row.gflops).toBeGreaterThan(0);
    });
  }

  it('f16 verifies where shader-f16 is granted, and is a failed row (not a number) elsewhere', async () => {
    const row = await t.runner.runCase(fmaCase('f16', 4096, 8), FAST_TIMING);
    if (t.gpu.hasF16) {
      expect(row.error).toBeUndefined();
      expect(row.verified).toBe(true);
    } else {
      expect(row.verified).toBe(false);
      expect(row.error).toMatch(/f16/);
      expect(row.medianMs).toBe(0);
      expect(row.gflops).toBe(0);
    }
  });
});

it('leaves no buffer behind after the cases above', () => {
  expect(t.runner.ledger.liveCount).toBe(0);
  expect(t.runner.ledger.created).toBe(t.runner.ledger.destroyed);
  expect(t.runner.ledger.created).toBeGreaterThan(0);
});
