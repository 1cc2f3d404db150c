// The address trace on a real adapter: every GEMV variant's instrumented build still verifies,
// and the figures of today's variants are what their code says by hand: coalescing, x bytes,
// barriers (none inside the register form's K loop) and workgroup memory.

import { describe, expect, it } from 'vitest';
import { llama8bShapes, type TraceRow, traceAllGemv } from '../../src/bench/trace';
import { FORMAT_IDS, type FormatId, formatEntry, WEIGHT_FORMATS } from '../../src/core/formats';
import { sharedRunner } from './context';

const t = sharedRunner();

/** A format whose blocks straddle 16-byte words (int3: 12 bytes, int5: 20): read as u32. */
const straddles = (format: FormatId) => formatEntry(format).block.bytes % 16 !== 0;

describe('GEMV address trace', () => {
  let rows: TraceRow[] = [];
  const row = (format: string, variant: string) => {
    const found = rows.find((r) => r.format === format && r.variant === variant);
    if (!found) throw new Error(`no trace row for ${format} ${variant}`);
    return found;
  };

  // Today's one-row and four-row kernels, the GPU-class tile and register forms (plain, f16 and
  // subgroup forms where granted): `npm run bench -- --trace` traces every variant; this keeps
  // the suite short.
  const traced = new Set([
    'row-wg64',
    'rows4-wg64',
    'tile-r8-wg256',
    'tile-r8-wg256-f16',
    'tilesg-r8-wg256',
    'regx-r8-wg128',
    'regx-r8-wg128-f16',
    'regxsg-r8-wg128',
  ]);

  it('traces each format, and each instrumented build verifies', async () => {
    rows = await traceAllGemv(
      t.gpu,
      { device: t.gpu.device, buffers: t.runner.ledger },
      undefined,
      (v) => traced.has(v.name),
    );
    for (const format of FORMAT_IDS) expect(rows.some((r) => r.format === format)).toBe(true);
    for (const r of rows) {
      expect(r.error, `${r.format} ${r.variant}`).toBeUndefined();
      expect(r.verified).toBe(true);
      expect(r.sectorsPerUsefulByte).toBeGreaterThanOrEqual(1);
      expect(r.workgroups).toHaveLength(5);
    }
    expect(t.runner.ledger.liveCount).toBe(0);
  }, 600_000);

  it('gives rows4 the x bytes per weight byte its loop reads: 32 B of x per step of 4 rows', () => {
    // A step: x 2 × 16 B; weights 4 rows × 8 f32 (128 B), 8 f16 (64 B), 8 int8 (32 B) or
    // 8 int4 (16 B); grouped formats add 4 rows × a 4-byte scale word every 4th step (4 B).
    expect(row('f32', 'rows4-wg64').xBytesPerWeightByte).toBeCloseTo(32 / 128, 12);
    expect(row('fp16', 'rows4-wg64').xBytesPerWeightByte).toBeCloseTo(32 / 64, 12);
    expect(row('int8', 'rows4-wg64').xBytesPerWeightByte).toBeCloseTo(32 / 36, 12);
    expect(row('int4', 'rows4-wg64').xBytesPerWeightByte).toBeCloseTo(32 / 20, 12);
  });

  it('finds one row per invocation uncoalesced: lanes a row apart, x the same for all', () => {
    // f32 row-wg64: each lane's 16-byte weight word in its own sector (2), x a broadcast (2).
    expect(row('f32', 'row-wg64').weightSectorsPerUsefulByte).toBe(2);
    expect(row('f32', 'row-wg64').sectorsPerUsefulByte).toBe(2);
    // int4: the 4-byte scale words too, each in its own sector (8).
    expect(row('int4', 'row-wg64').weightSectorsPerUsefulByte).toBeGreaterThan(2);
  });

  it('has, at every format, a GPU-class variant coalesced (≤ 1.1) reading at most half rows4’s x', () => {
    // A format whose blocks straddle 16-byte words (int3: 12 bytes, int5: 20) has rows4 load a
    // step's 8 weights as whole u32 (the smallest load): int3 8 B of words + 1 B of scale a row,
    // so its traced figure (32 B ÷ 36 B) understates the x it reads per byte the matrix holds. Its
    // baseline is that: 32 B of x a step ÷ (4 rows × 8 weights × bits per weight / 8 B).
    expect(row('int3', 'rows4-wg64').xBytesPerWeightByte).toBeCloseTo(32 / 36, 12);
    const rows4Of = (format: FormatId) =>
      straddles(format)
        ? 32 / ((4 * 8 * WEIGHT_FORMATS[format].bitsPerWeight) / 8)
        : (row(format, 'rows4-wg64').xBytesPerWeightByte ?? Number.NaN);
    for (const format of FORMAT_IDS) {
      const rows4 = rows4Of(format);
      const tile = row(format, 'tile-r8-wg256');
      expect(tile.sectorsPerUsefulByte, format).toBeLessThanOrEqual(1.1);
      expect(tile.xBytesPerWeightByte, format).toBeLessThanOrEqual(rows4 / 2 + 1e-12);
      // Eight rows share each x load: x bytes per weight byte is 4 B ÷ (8 × bytes per weight).
      expect(tile.workgroups[0], format).toBe(4096 / 8);
    }
  });

  it('finds the register form with no barrier inside its K loop, the tile with two a step', () => {
    // The trace's matrix: 256 × 4096. A workgroup of R = 8 rows loads 8 rows' weights and scales;
    // f32: 8 × 16 KiB; int4: 8 × 128 groups × (16 B + a 4-byte scale word).
    const kib = { f32: 128, int4: 20 } as const;
    for (const format of ['f32', 'int4'] as const) {
      // tile-r8-wg256: K / (32 lanes × weights a word) steps of 2 barriers, then 1 + log2 32;
      // inside the loop: every step's but the first's (the first weight load follows them).
      const steps = format === 'f32' ? 4096 / 4 / 32 : 4096 / 32 / 32;
      const tile = row(format, 'tile-r8-wg256');
      expect(tile.barriersPerKiB, format).toBeCloseTo((2 * steps + 6) / kib[format], 12);
      expect(tile.loopBarriersPerKiB, format).toBeCloseTo((2 * steps - 2) / kib[format], 12);
      // regx: the tree alone, 1 + log2 32, after the loop; regxsg: one barrier.
      const regx = row(format, 'regx-r8-wg128');
      expect(regx.barriersPerKiB, format).toBeCloseTo(6 / kib[format], 12);
      if (t.gpu.hasSubgroups && t.gpu.hasSubgroupId) {
        expect(row(format, 'regxsg-r8-wg128').barriersPerKiB, format).toBeCloseTo(
          1 / kib[format],
          12,
        );
      }
    }
    for (const r of rows.filter((r) => r.variant.startsWith('regx'))) {
      expect(r.loopBarriersPerKiB, `${r.format} ${r.variant}`).toBe(0);
    }
  });

  it('gives the register form the tile’s coalesced weight loads, x per RPT rows, no staged x', () => {
    for (const format of FORMAT_IDS) {
      const regx = row(format, 'regx-r8-wg128');
      // A format whose blocks straddle 16-byte words reads a whole group a lane as its W u32
      // (int3: 3, int5: 5): each of those instructions touches 32 lanes × 4W bytes of sectors
      // for its 128 bytes (together they read their sectors' every byte once); the lanes'
      // scales, two to a u32, are 64 bytes in 2 sectors: (W × 128W + 64) ÷ (W × 128 + 64).
      const words = formatEntry(format).block.bytes / 4;
      const straddling = (words * 128 * words + 64) / (words * 128 + 64);
      if (straddles(format)) {
        expect(regx.weightSectorsPerUsefulByte, format).toBeCloseTo(straddling, 12);
      } else expect(regx.weightSectorsPerUsefulByte, format).toBe(1);
      // Workgroup memory: its tree's WG · RPT f32 alone (128 × 2), x in registers.
      expect(regx.workgroupBytes, format).toBe(1024);
    }
    // A lane's x (16 B of f32 per 16-byte weight word) serves its RPT = 2 rows.
    expect(row('f32', 'regx-r8-wg128').xBytesPerWeightByte).toBeCloseTo(16 / 32, 12);
    // int4: 128 B of x per group, against 2 rows × (16 B + a 4-byte scale word).
    expect(row('int4', 'regx-r8-wg128').xBytesPerWeightByte).toBeCloseTo(128 / 40, 12);
    // The tile stages 32 words of f32 x and reduces WG · RPT = 256 partial sums: 1.5 KiB.
    expect(row('f32', 'tile-r8-wg256').workgroupBytes).toBe(512 + 1024);
  });

  it('counts workgroups at the Llama-3-8B shapes from rows per workgroup', () => {
    expect(llama8bShapes().map((s) => `${s.n}×${s.k}`)).toEqual([
      '4096×4096',
      '1024×4096',
      '14336×4096',
      '4096×14336',
      '128256×4096',
    ]);
    // rows4-wg64: 256 rows per workgroup.
    expect(row('int4', 'rows4-wg64').workgroups).toEqual([16, 4, 56, 16, 501]);
  });
});
