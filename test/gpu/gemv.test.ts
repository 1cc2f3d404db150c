// GEMV in every format and variant, on a real adapter, checked against the CPU reference —
// including shapes whose N is not a multiple of anything, and matrices split into row chunks.

import { describe, expect, it } from 'vitest';
import { MATRIX_FORMATS, matrixBytes } from '../../src/kernels/formats';
import { GEMV_VARIANTS, type GemvVariant, gemvCase, gemvVariantsFor } from '../../src/kernels/gemv';
import { FAST_TIMING, sharedRunner } from './context';

const t = sharedRunner();

const ROW_VARIANT = GEMV_VARIANTS[0] as GemvVariant;
const options = { rotationBytes: 1 << 20, maxBindingBytes: 1 << 30 };

describe('GEMV on a real adapter', () => {
  for (const format of MATRIX_FORMATS) {
    it(`${format}, every variant this adapter can run: ragged 37×96 and 300×256 verify`, async () => {
      for (const variant of gemvVariantsFor(format, { f16: t.gpu.hasF16, dp4a: t.gpu.hasDp4a })) {
        for (const [n, k] of [
          [37, 96],
          [300, 256],
        ] as const) {
          const row = await t.runner.runCase(gemvCase(format, n, k, variant, options), FAST_TIMING);
          expect(row.error, `${variant.name} ${n}×${k}`).toBeUndefined();
          expect(row.verified).toBe(true);
          // x is f32, except on the DP4A path: int8 with an f16 scale per 32.
          const xBytes = variant.entry === 'gemv_dp4a' ? k + (2 * k) / 32 : 4 * k;
          expect(row.bytes).toBe(matrixBytes(format, n, k) + xBytes + 4 * n);
          expect(row.flops).toBe(2 * n * k);
        }
      }
    });
  }

  it('offers the DP4A variant for int8 exactly where packed_4x8_integer_dot_product exists', () => {
    const offered = (format: 'int8' | 'int4', dp4a: boolean) =>
      gemvVariantsFor(format, { f16: false, dp4a }).some((v) => v.entry === 'gemv_dp4a');
    expect(offered('int8', true)).toBe(true);
    expect(offered('int8', false)).toBe(false);
    expect(offered('int4', true)).toBe(false);
    expect(offered('int8', t.gpu.hasDp4a)).toBe(t.gpu.hasDp4a);
  });

  it('offers the f16-native variant for fp16 exactly where shader-f16 is granted', async () => {
    const native = GEMV_VARIANTS.filter((v) => v.weights === 'f16-native');
    expect(native.length).toBeGreaterThan(0);
    expect(
      gemvVariantsFor('int4', { f16: true, dp4a: true }).some((v) => v.weights === 'f16-native'),
    ).toBe(false);
    expect(
      gemvVariantsFor('fp16', { f16: t.gpu.hasF16, dp4a: t.gpu.hasDp4a }).some(
        (v) => v.weights === 'f16-native',
      ),
    ).toBe(t.gpu.hasF16);
    if (!t.gpu.hasF16) {
      // Forced onto an adapter without shader-f16 it is a failed row naming the problem.
      const row = await t.runner.runCase(
        gemvCase('fp16', 37, 96, native[0] as GemvVariant, options),
        FAST_TIMING,
      );
      expect(row.verified).toBe(false);
      expect(row.error).toMatch(/f16/);
    }
  });

  it('splits a matrix larger than one binding into row chunks, and still verifies', async () => {
    for (const format of MATRIX_FORMATS) {
      // 16 KiB bindings: 99 rows of 1024 become chunks of 4 (f32) … 32 (int4) rows, the last ragged.
      const small = { ...options, maxBindingBytes: 16384 };
      const row = await t.runner.runCase(
        gemvCase(format, 99, 1024, ROW_VARIANT, small),
        FAST_TIMING,
      );
      expect(row.error, format).toBeUndefined();
      expect(row.verified).toBe(true);
    }
  });

  it('refuses K that is not a multiple of 32 with a clear error', async () => {
    const row = await t.runner.runCase(
      gemvCase('int4', 64, 100, ROW_VARIANT, options),
      FAST_TIMING,
    );
    expect(row.verified).toBe(false);
    expect(row.error).toMatch(/K must be a positive multiple of 32/);
  });

  it('leaves no buffer behind', () => {
    expect(t.runner.ledger.liveCount).toBe(0);
  });
});
