// Weight formats: pack → unpack round trips, the documented bit layouts, and exact byte counts.

import { describe, expect, it } from 'vitest';
import { FORMAT_IDS, formatEntry, WEIGHT_FORMATS } from '../../src/core/formats';
import { roundHalf } from '../../src/core/half';
import {
  checkShape,
  isGrouped,
  matrixBytes,
  packedWords,
  packMatrix,
  randomMatrixWords,
  ShapeError,
  unpackMatrix,
  weightReader,
  weightRowReader,
  wordsPerRow,
} from '../../src/kernels/formats';

const values = (n: number, k: number) =>
  Float64Array.from({ length: n * k }, (_, i) => Math.sin(i * 1.618) * (1 + (i % 7)));

describe('pack and unpack', () => {
  it('f32 and fp16 round-trip exactly to the nearest representable value', () => {
    const v = values(3, 64);
    expect([...unpackMatrix(packedWords(packMatrix('f32', 3, 64, v)))]).toEqual(
      [...v].map(Math.fround),
    );
    expect([...unpackMatrix(packedWords(packMatrix('fp16', 3, 64, v)))]).toEqual(
      [...v].map(roundHalf),
    );
  });

  for (const format of ['int8', 'int4', 'int3'] as const) {
    it(`${format} round-trips within half a quantization step of each group's scale`, () => {
      const v = values(5, 96);
      const packed = packMatrix(format, 5, 96, v);
      const back = unpackMatrix(packedWords(packed));
      const qmax = { int8: 127, int4: 7, int3: 3 }[format];
      for (let g = 0; g < (5 * 96) / 32; g++) {
        const group = [...v.slice(g * 32, g * 32 + 32)];
        const step = roundHalf(Math.max(...group.map(Math.abs)) / qmax);
        for (let j = 0; j < 32; j++) {
          const i = g * 32 + j;
          expect(Math.abs((back[i] ?? 0) - (v[i] ?? 0))).toBeLessThanOrEqual(step * 0.5 + 1e-6);
        }
      }
    });
  }

  it('an all-zero group has scale 0 and unpacks to zeros', () => {
    const zeros = new Float64Array(2 * 32);
    expect(
      [...unpackMatrix(packedWords(packMatrix('int4', 2, 32, zeros)))].every((x) => x === 0),
    ).toBe(true);
  });
});

describe('layouts', () => {
  it('int8: byte j of a word is weight k % 4 = j, two’s complement', () => {
    const v = new Float64Array(32);
    v[0] = 127;
    v[1] = -127;
    v[2] = 1;
    const packed = packMatrix('int8', 1, 32, v);
    expect(packed.weights[0]).toBe((0x7f | (0x81 << 8) | (0x01 << 16)) >>> 0);
  });

  it('int4: byte b holds weight b in its low nibble and b + 4 in its high nibble, stored + 8', () => {
    const int4 = formatEntry('int4');
    const at = (j: number) => int4.bitsOf?.(j)[0]?.at;
    expect([0, 1, 2, 3, 4, 5, 6, 7].map(at)).toEqual([0, 8, 16, 24, 4, 12, 20, 28]);
    expect(at(8)).toBe(32);
    const v = new Float64Array(32);
    v[0] = 7; // q = 7 → 15
    v[4] = -7; // q = −7 → 1
    const packed = packMatrix('int4', 1, 32, v);
    expect((packed.weights[0] ?? 0) & 0xff).toBe(0x1f);
  });

  it('int3: u32 0–1 hold the low bit pairs (weight j at bits 2j), u32 2 the high bits, stored + 4', () => {
    const v = new Float64Array(32);
    v[0] = 3; // q = 3 → 7: low pair 3, high bit 1
    v[1] = -3; // q = −3 → 1: low pair 1, high bit 0
    v[17] = 1; // with scale 1: q = 1 → 5: low pair 1, high bit 1
    const packed = packMatrix('int3', 1, 32, v);
    // Every other weight is q = 0 → 4: low pair 0, high bit 1.
    expect(packed.weights[0]).toBe(0b0111);
    expect(packed.weights[1]).toBe(0b01 << 2);
    expect(packed.weights[2]).toBe(0xfffffffd);
    expect(packed.weights.length).toBe(3);
    expect([...unpackMatrix(packedWords(packed))].slice(0, 2)).toEqual([3, -3]);
  });

  it('random matrices are valid in every format and read the same way as packed ones', () => {
    for (const format of FORMAT_IDS) {
      const m = randomMatrixWords(format, 3, 64, 42);
      const w = unpackMatrix(m);
      expect(w.every(Number.isFinite)).toBe(true);
      expect(Math.max(...w.map(Math.abs))).toBeLessThan(2);
      expect(weightReader(m)(2, 63)).toBe(w[2 * 64 + 63]);
    }
  });

  it('the row reader the CPU references use gives each row exactly as the weight reader does', () => {
    let checked = 0;
    for (const format of FORMAT_IDS) {
      for (const m of [
        randomMatrixWords(format, 5, 96, 7),
        packedWords(packMatrix(format, 3, 128, values(3, 128))),
      ]) {
        const readRow = weightRowReader(m);
        const read = weightReader(m);
        for (let r = 0; r < m.n; r++) {
          const row = readRow(r);
          expect(row).toHaveLength(m.k);
          for (let c = 0; c < m.k; c++) expect(Object.is(row[c], read(r, c))).toBe(true);
          checked++;
        }
      }
    }
    expect(checked).toBe(FORMAT_IDS.length * 8);
  });
});

describe('bytes and shapes', () => {
  it('counts exactly n·k·bits/8, scales included', () => {
    for (const format of FORMAT_IDS) {
      const packed = packMatrix(format, 4, 64, values(4, 64));
      const bits = WEIGHT_FORMATS[format].bitsPerWeight;
      expect(packed.bytes).toBe((4 * 64 * bits) / 8);
      expect(matrixBytes(format, 4, 64)).toBe(packed.bytes);
      const scales = formatEntry(format).scales;
      const scaleBytes = scales === null ? 0 : (4 * 64 * 2) / formatEntry(format).block.weights;
      expect(isGrouped(format)).toBe(scales !== null);
      expect(packed.weights.byteLength + scaleBytes).toBe(packed.bytes);
      expect(packed.weights.length).toBe(4 * wordsPerRow(format, 64));
    }
  });

  it('refuses K that is not a multiple of 32 and non-positive N', () => {
    expect(() => checkShape(4, 100)).toThrow(ShapeError);
    expect(() => checkShape(4, 100)).toThrow(/K must be a positive multiple of 32/);
    expect(() => checkShape(0, 64)).toThrow(/N must be a positive integer/);
    expect(() => packMatrix('f32', 2, 32, new Float64Array(3))).toThrow(/expected 64 values/);
  });
});
