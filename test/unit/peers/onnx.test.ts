// The hand-written ONNX encoder and the MatMulNBits packing: a small protobuf reader walks the
// encoded model back, and the weights it finds are dequantized here by the documented layout
// (uint8 B [N][n_blocks][blob], low nibble first; f32 scales [N·n_blocks]; zero point 2^(bits−1))
// and compared with what the CPU reference reads.

import { describe, expect, it } from 'vitest';
import { encodeVarint } from '../../../bench/peers/onnx';
import {
  buildOrtModel,
  ORT_FORMATS,
  type OrtFormat,
  ortBytes,
  ortWeightBytes,
} from '../../../bench/peers/ort-models';

type Field = { field: number; value: number | Uint8Array };

function readVarint(b: Uint8Array, at: number): [number, number] {
  let value = 0;
  let scale = 1;
  let i = at;
  for (;;) {
    const byte = b[i++] ?? 0;
    value += (byte & 0x7f) * scale;
    scale *= 128;
    if (byte < 0x80) return [value, i];
  }
}

/** One message's fields in order (varints and length-delimited only, all the encoder writes). */
function fields(b: Uint8Array): Field[] {
  const out: Field[] = [];
  let at = 0;
  while (at < b.length) {
    const [key, next] = readVarint(b, at);
    const wire = key % 8;
    if (wire === 0) {
      const [value, after] = readVarint(b, next);
      out.push({ field: Math.floor(key / 8), value });
      at = after;
    } else if (wire === 2) {
      const [length, start] = readVarint(b, next);
      out.push({ field: Math.floor(key / 8), value: b.subarray(start, start + length) });
      at = start + length;
    } else throw new Error(`wire type ${wire}`);
  }
  return out;
}

const all = (b: Uint8Array, field: number) =>
  fields(b)
    .filter((f) => f.field === field)
    .map((f) => f.value);
const one = (b: Uint8Array, field: number) => all(b, field)[0];
const bytes = (v: unknown) => v as Uint8Array;
const text = (v: unknown) => new TextDecoder().decode(bytes(v));

function parse(model: Uint8Array) {
  const graph = bytes(one(model, 7));
  const node = bytes(one(graph, 1));
  const attributes = Object.fromEntries(
    all(node, 5).map((a) => [text(one(bytes(a), 1)), one(bytes(a), 3)]),
  );
  const initializers = Object.fromEntries(
    all(graph, 5).map((t) => {
      const tb = bytes(t);
      return [
        text(one(tb, 8)),
        { dims: all(tb, 1) as number[], type: one(tb, 2), raw: bytes(one(tb, 9)) },
      ];
    }),
  );
  const opsets = all(model, 8).map((o) => [
    text(one(bytes(o), 1) ?? new Uint8Array()),
    one(bytes(o), 2),
  ]);
  return {
    irVersion: one(model, 1),
    opsets,
    opType: text(one(node, 4)),
    domain: one(node, 7) === undefined ? '' : text(one(node, 7)),
    inputs: all(node, 1).map(text),
    outputs: all(node, 2).map(text),
    attributes,
    initializers,
    graphInputs: all(graph, 11).map((v) => text(one(bytes(v), 1))),
  };
}

describe('encodeVarint', () => {
  it('writes base-128 little-endian groups', () => {
    expect([...encodeVarint(0)]).toEqual([0]);
    expect([...encodeVarint(1)]).toEqual([1]);
    expect([...encodeVarint(300)]).toEqual([0xac, 0x02]);
    expect([...encodeVarint(2 ** 32)]).toEqual([0x80, 0x80, 0x80, 0x80, 0x10]);
    // Negative int64 (an axis of −1): the 64-bit two's complement, ten bytes.
    expect([...encodeVarint(-1)]).toEqual([...Array(9).fill(0xff), 0x01]);
    expect(() => encodeVarint(0.5)).toThrow(RangeError);
  });
});

describe('buildOrtModel', () => {
  const [m, n, k] = [2, 6, 256];

  it('MatMul f32: B holds Wᵀ (K×N) and the reference reads W', () => {
    const model = buildOrtModel('f32', m, n, k, 11);
    const p = parse(model.bytes);
    expect(p.irVersion).toBe(8);
    expect(p.opsets).toEqual([
      ['', 17],
      ['com.microsoft', 1],
    ]);
    expect([p.opType, p.domain, p.inputs, p.outputs]).toEqual(['MatMul', '', ['x', 'B'], ['y']]);
    expect(p.graphInputs).toEqual(['x']);
    const b = p.initializers.B;
    expect(b?.dims).toEqual([k, n]);
    expect(b?.type).toBe(1);
    const values = new Float32Array(b?.raw.slice().buffer ?? new ArrayBuffer(0));
    for (const [r, c] of [
      [0, 0],
      [5, 255],
      [3, 17],
    ] as const)
      expect(values[c * n + r]).toBe(model.weightAt(r, c));
  });

  for (const format of ['q4b32', 'q4b128', 'q8b32'] as OrtFormat[]) {
    it(`MatMulNBits ${format}: packed as documented, dequantized alike`, () => {
      const { bits, blockSize } = ORT_FORMATS[format].nbits ?? { bits: 0, blockSize: 1 };
      const model = buildOrtModel(format, m, n, k, 5);
      const p = parse(model.bytes);
      expect([p.opType, p.domain]).toEqual(['MatMulNBits', 'com.microsoft']);
      expect(p.inputs).toEqual(['x', 'B', 'scales']);
      expect(p.attributes).toEqual({ K: k, N: n, bits, block_size: blockSize });
      const blocks = k / blockSize;
      const blob = (blockSize * bits) / 8;
      const b = p.initializers.B;
      const scalesT = p.initializers.scales;
      expect(b?.dims).toEqual([n, blocks, blob]);
      expect(b?.type).toBe(2);
      expect(scalesT?.dims).toEqual([n * blocks]);
      const scales = new Float32Array(scalesT?.raw.slice().buffer ?? new ArrayBuffer(0));
      const raw = b?.raw ?? new Uint8Array();
      expect(raw.length + 4 * scales.length).toBe(ortWeightBytes(format, n, k));
      let nonzero = 0;
      for (let r = 0; r < n; r++) {
        for (let c = 0; c < k; c++) {
          const blk = Math.floor(c / blockSize);
          const j = c % blockSize;
          const byte = raw[r * blocks * blob + blk * blob + (bits === 4 ? j >> 1 : j)] ?? 0;
          const q = bits === 8 ? byte : j % 2 === 0 ? byte & 15 : byte >> 4;
          const w = (q - 2 ** (bits - 1)) * (scales[r * blocks + blk] ?? 0);
          expect(model.weightAt(r, c)).toBe(w);
          if (w !== 0) nonzero++;
        }
      }
      expect(nonzero).toBeGreaterThan((n * k) / 2);
    });
  }

  it('counts bytes on each side: int4 b32 is 5 bits a weight, b128 4.25, int8 b32 9', () => {
    expect(ortWeightBytes('q4b32', 4096, 4096) * 8).toBe(5 * 4096 * 4096);
    expect(ortWeightBytes('q4b128', 4096, 4096) * 8).toBe(4.25 * 4096 * 4096);
    expect(ortWeightBytes('q8b32', 4096, 4096) * 8).toBe(9 * 4096 * 4096);
    expect(ortWeightBytes('f16', 10, 32)).toBe(640);
    expect(ortBytes('f32', 2, 10, 32)).toBe(4 * 320 + 4 * 64 + 4 * 20);
  });

  it('the test hooks: a reference off by Σ|x| in row 0, and a node no provider has', () => {
    const right = buildOrtModel('q4b32', 1, 4, 64, 3);
    const wrong = buildOrtModel('q4b32', 1, 4, 64, 3, 'wrong');
    expect(wrong.weightAt(0, 1)).not.toBe(right.weightAt(0, 1));
    expect(wrong.weightAt(1, 1)).toBe(right.weightAt(1, 1));
    expect(parse(buildOrtModel('f32', 1, 4, 64, 3, 'refuse').bytes).opType).toBe(
      'MatMulNoSuchKernel',
    );
  });

  it('f16: X is rounded to f16 and the reference uses the rounded values', () => {
    const model = buildOrtModel('f16', 1, 4, 64, 3);
    expect(model.x.data).toBeInstanceOf(Uint16Array);
    expect(parse(model.bytes).initializers.B?.type).toBe(10);
    expect(model.x.values[1]).not.toBe(Math.fround(Math.sin(0.731 + 3.1) * 0.999));
    expect(Math.abs((model.x.values[1] ?? 0) - Math.sin(0.731 + 3.1) * 0.999)).toBeLessThan(1e-3);
  });
});
