// GEMV in every format and variant, on a real adapter, checked against the CPU reference —
// including shapes whose N is not a multiple of anything, and matrices split into row chunks.

import { describe, expect, it } from 'vitest';
import { FORMAT_IDS, type FormatId, formatEntry } from '../../src/core/formats';
import { matrixBytes } from '../../src/kernels/formats';
import {
  GEMV_VARIANTS,
  type GemvVariant,
  gemvCapabilities,
  gemvCase,
  gemvVariantsFor,
} from '../../src/kernels/gemv';
import { CHECK_TIMING, sharedRunner } from './context';

const t = sharedRunner();

const ROW_VARIANT = GEMV_VARIANTS[0] as GemvVariant;
const ROWS4_VARIANT = GEMV_VARIANTS.find((v) => v.entry === 'gemv_rows4') as GemvVariant;
const TILE_VARIANT = GEMV_VARIANTS.find((v) => v.name === 'tile-r8-wg256') as GemvVariant;
const options = { rotationBytes: 1 << 20, maxBindingBytes: 1 << 30 };
/** The GPU-class tile and register forms (their f16 form reads x in f16). */
const isTile = (v: GemvVariant) =>
  ['gemv_tile', 'gemv_tile_sg', 'gemv_regx', 'gemv_regx_sg'].includes(v.entry);

describe('GEMV on a real adapter', () => {
  for (const format of FORMAT_IDS) {
    it(`${format}, every variant this adapter can run: ragged 37×96 and 300×256 verify`, async () => {
      // Every format has a portable variant at least, so this loop cannot check nothing.
      const variants = gemvVariantsFor(format, gemvCapabilities(t.gpu));
      expect(variants.some((v) => v.weights === 'portable')).toBe(true);
      for (const variant of variants) {
        for (const [n, k] of [
          [37, 96],
          [300, 256],
        ] as const) {
          const row = await t.runner.runCase(
            gemvCase(format, n, k, variant, options),
            CHECK_TIMING,
          );
          expect(row.error, `${variant.name} ${n}×${k}`).toBeUndefined();
          expect(row.verified).toBe(true);
          // x is f32, except on the DP4A path: quantized on the GPU (4K read, 48 bytes a group
          // of 32 written, then read by the product); the tile's f16 form reads f16.
          const dp4a = variant.weights === 'dp4a';
          const f16x = isTile(variant) && variant.weights === 'f16-native';
          const xBytes = dp4a ? 4 * k + 2 * 48 * (k / 32) : f16x ? 2 * k : 4 * k;
          expect(row.bytes).toBe(matrixBytes(format, n, k) + xBytes + 4 * n);
          expect(row.flops).toBe(2 * n * k);
        }
      }
      // Two dozen variants, each compiled for the adapter: minutes on a software one.
    }, 600_000);
  }

  it('offers DP4A variants for int8 and int4 exactly where packed_4x8_integer_dot_product exists', () => {
    const offered = (format: FormatId, dp4a: boolean) =>
      gemvVariantsFor(format, { f16: true, dp4a }).some((v) => v.weights === 'dp4a');
    for (const format of FORMAT_IDS) {
      expect(offered(format, true), format).toBe(formatEntry(format).codes.dp4a !== undefined);
      expect(offered(format, false), format).toBe(false);
    }
    expect(offered('int8', true)).toBe(true);
    expect(offered('int4', true)).toBe(true);
    expect(offered('int8', false)).toBe(false);
    expect(offered('fp16', true)).toBe(false);
    expect(offered('f32', true)).toBe(false);
    expect(offered('int4', t.gpu.hasDp4a)).toBe(t.gpu.hasDp4a);
  });

  it('offers the subgroup variants exactly where subgroups (and subgroup_id) are granted', () => {
    const offered = (subgroups: boolean, subgroupId: boolean, entry: GemvVariant['entry']) =>
      gemvVariantsFor('int4', { f16: false, dp4a: false, subgroups, subgroupId }).filter(
        (v) => v.entry === entry,
      ).length;
    expect(offered(true, false, 'gemv_subgroup')).toBe(2);
    expect(offered(false, false, 'gemv_subgroup')).toBe(0);
    expect(offered(true, true, 'gemv_subgroup_rows')).toBe(1);
    expect(offered(true, false, 'gemv_subgroup_rows')).toBe(0);
    expect(offered(false, true, 'gemv_subgroup_rows')).toBe(0);
    const here = gemvCapabilities(t.gpu);
    expect(offered(t.gpu.hasSubgroups, here.subgroupId === true, 'gemv_subgroup_rows') > 0).toBe(
      t.gpu.hasSubgroupId,
    );
  });

  it('offers the f16-native variant for fp16 exactly where shader-f16 is granted', async () => {
    const native = GEMV_VARIANTS.filter((v) => v.weights === 'f16-native' && !isTile(v));
    expect(native.length).toBeGreaterThan(0);
    const f16Forms = (format: FormatId, tile: boolean) =>
      gemvVariantsFor(format, { f16: true, dp4a: true }).some(
        (v) => v.weights === 'f16-native' && isTile(v) === tile,
      );
    expect(f16Forms('int4', false)).toBe(false);
    for (const format of FORMAT_IDS) {
      expect(f16Forms(format, false), format).toBe(
        formatEntry(format).codes['f16-native'] === true,
      );
      expect(
        gemvVariantsFor(format, { f16: false, dp4a: true }).some((v) => v.weights === 'f16-native'),
      ).toBe(false);
    }
    // The tile's f16 form (f16 x, f16 products) for every format but f32.
    expect(['fp16', 'int8', 'int4'].every((f) => f16Forms(f as FormatId, true))).toBe(true);
    expect(f16Forms('f32', true)).toBe(false);
    expect(
      gemvVariantsFor('fp16', { f16: t.gpu.hasF16, dp4a: t.gpu.hasDp4a }).some(
        (v) => v.weights === 'f16-native',
      ),
    ).toBe(t.gpu.hasF16);
    if (!t.gpu.hasF16) {
      // Forced onto an adapter without shader-f16 it is a failed row naming the problem.
      const row = await t.runner.runCase(
        gemvCase('fp16', 37, 96, native[0] as GemvVariant, options),
        CHECK_TIMING,
      );
      expect(row.verified).toBe(false);
      expect(row.error).toMatch(/f16/);
    }
  });

  it('splits a matrix larger than one binding into row chunks, and still verifies', async () => {
    for (const format of FORMAT_IDS) {
      for (const variant of [ROW_VARIANT, ROWS4_VARIANT, TILE_VARIANT]) {
        // 16 KiB bindings: 99 rows of 1024 become chunks of 4 (f32) … 32 (int4) rows, the last
        // ragged (3 rows: rows4 and the tile repeat its last row and write only those that exist).
        const small = { ...options, maxBindingBytes: 16384 };
        const row = await t.runner.runCase(
          gemvCase(format, 99, 1024, variant, small),
          CHECK_TIMING,
        );
        expect(row.error, `${format} ${variant.name}`).toBeUndefined();
        expect(row.verified).toBe(true);
      }
    }
  });

  it('refuses K that is not a multiple of 32 with a clear error', async () => {
    const row = await t.runner.runCase(
      gemvCase('int4', 64, 100, ROW_VARIANT, options),
      CHECK_TIMING,
    );
    expect(row.verified).toBe(false);
    expect(row.error).toMatch(/K must be a positive multiple of 32/);
  });

  it('leaves no buffer behind', () => {
    expect(t.runner.ledger.liveCount).toBe(0);
  });
});
