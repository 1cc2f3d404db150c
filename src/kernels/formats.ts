// Weight formats on the GPU: how an N×K matrix (row n = output n, K along the row) is packed into
// u32 words and f16 scales, how the CPU unpacks it, and exactly how many bytes that is.
//
//   f32   one f32 per weight                                       32 bits/weight
//   fp16  two f16 per u32 (low half = even k)                      16 bits/weight
//   int8  symmetric, groups of 32 along K, one f16 scale a group;   8.5 bits/weight (like Q8_0)
//         four int8 per u32 (byte j = k % 4), q in [−127, 127], w = q · scale
//   int4  groups of 32 along K, one f16 scale a group;             4.5 bits/weight (like Q4_0)
//         eight 4-bit values per u32, stored q + 8, w = q · scale, q in [−8, 7]; byte b of the
//         u32 holds k % 8 = b in its low nibble and k % 8 = b + 4 in its high nibble, so one
//         mask and one unpack4x8unorm yield four consecutive weights (the llama.cpp Q4_0 idea)
//
// Rows are contiguous; every row starts on a 16-byte boundary because K is a multiple of 32.
// Scales are one flat f16 array over (row, group), two per u32 (low half first); an odd total
// pads the last word, which is not counted in `bytes`. K must be a multiple of 32 for every
// format (one int4 group per 16-byte word); N may be anything.

import { WEIGHT_FORMATS } from '../core/formats';
import { randomWord } from '../gpu/buffers';
import { fromHalfBits, toHalfBits } from './half';

export type MatrixFormat = 'f32' | 'fp16' | 'int8' | 'int4';
export const MATRIX_FORMATS: readonly MatrixFormat[] = ['f32', 'fp16', 'int8', 'int4'];

export const GROUP_SIZE = 32;

export interface PackedMatrix {
  format: MatrixFormat;
  n: number;
  k: number;
  /** Row-major weight words; row r occupies wordsPerRow(format, k) words from r · that. */
  weights: Uint32Array;
  /** f16 scales, two per u32, over (row, group); empty for f32 and fp16. */
  scales: Uint32Array;
  /** Exact bytes of weights plus scales. */
  bytes: number;
}

export class ShapeError extends RangeError {
  override name = 'ShapeError';
}

export function checkShape(n: number, k: number): void {
  if (!Number.isInteger(n) || n < 1) throw new ShapeError(`N must be a positive integer, got ${n}`);
  if (!Number.isInteger(k) || k < GROUP_SIZE || k % GROUP_SIZE !== 0) {
    throw new ShapeError(
      `K must be a positive multiple of ${GROUP_SIZE} (the quantization group and the kernels' vector width), got ${k}`,
    );
  }
}

export const bitsPerWeight = (format: MatrixFormat): number => WEIGHT_FORMATS[format].bitsPerWeight;

/** u32 words per row. */
export const wordsPerRow = (format: MatrixFormat, k: number): number =>
  (k * { f32: 32, fp16: 16, int8: 8, int4: 4 }[format]) / 32;

export const isGrouped = (format: MatrixFormat): boolean => format === 'int8' || format === 'int4';

/** Exact bytes of an N×K matrix in `format`, scales included. */
export function matrixBytes(format: MatrixFormat, n: number, k: number): number {
  return (n * k * bitsPerWeight(format)) / 8;
}

/** Bit position of the nibble holding weight j (0…7) of an int4 word. */
export const int4Shift = (j: number): number => (j < 4 ? 8 * j : 8 * (j - 4) + 4);

const f32 = new Float32Array(1);
const f32Bits = new Uint32Array(f32.buffer);

/** Packs row-major values (N×K) into `format`. */
export function packMatrix(
  format: MatrixFormat,
  n: number,
  k: number,
  values: ArrayLike<number>,
): PackedMatrix {
  checkShape(n, k);
  if (values.length !== n * k)
    throw new ShapeError(`expected ${n * k} values, got ${values.length}`);
  const weights = new Uint32Array(n * wordsPerRow(format, k));
  const groups = isGrouped(format) ? (n * k) / GROUP_SIZE : 0;
  const scales = new Uint32Array(Math.ceil(groups / 2));
  const v = (i: number) => values[i] ?? 0;

  if (format === 'f32') {
    for (let i = 0; i < n * k; i++) {
      f32[0] = v(i);
      weights[i] = f32Bits[0] ?? 0;
    }
  } else if (format === 'fp16') {
    for (let i = 0; i < n * k; i += 2) {
      weights[i / 2] = (toHalfBits(v(i)) | (toHalfBits(v(i + 1)) << 16)) >>> 0;
    }
  } else {
    const qmax = format === 'int8' ? 127 : 7;
    const perWord = format === 'int8' ? 4 : 8;
    for (let g = 0; g < groups; g++) {
      const base = g * GROUP_SIZE;
      let amax = 0;
      for (let j = 0; j < GROUP_SIZE; j++) amax = Math.max(amax, Math.abs(v(base + j)));
      const scaleBits = toHalfBits(amax / qmax);
      const scale = fromHalfBits(scaleBits);
      scales[g >> 1] = ((scales[g >> 1] ?? 0) | (scaleBits << (16 * (g & 1)))) >>> 0;
      for (let j = 0; j < GROUP_SIZE; j++) {
        const q =
          scale === 0
            ? 0
            : Math.max(
                format === 'int8' ? -127 : -8,
                Math.min(qmax, Math.round(v(base + j) / scale)),
              );
        const stored = format === 'int8' ? q & 0xff : q + 8;
        const w = Math.floor((base + j) / perWord);
        const shift = format === 'int8' ? 8 * ((base + j) % 4) : int4Shift((base + j) % 8);
        weights[w] = ((weights[w] ?? 0) | (stored << shift)) >>> 0;
      }
    }
  }
  return { format, n, k, weights, scales, bytes: matrixBytes(format, n, k) };
}

/** Word- and scale-level access to a matrix, whether packed in memory or generated on the fly. */
export interface MatrixWords {
  format: MatrixFormat;
  n: number;
  k: number;
  /** Weight word i (row-major, wordsPerRow words a row). */
  word(i: number): number;
  /** Scale word i: f16 scales of groups 2i (low half) and 2i + 1 (high half). */
  scaleWord(i: number): number;
}

export function packedWords(packed: PackedMatrix): MatrixWords {
  return {
    format: packed.format,
    n: packed.n,
    k: packed.k,
    word: (i) => packed.weights[i] ?? 0,
    scaleWord: (i) => packed.scales[i] ?? 0,
  };
}

// Random matrices are generated word by word from a counter hash, already packed, so a 2 GB
// matrix never exists in JavaScript: the upload and the CPU reference both derive each word.
// Masks keep every value finite and moderate: f32 and fp16 weights are ±[0.25, 0.5) with
// random mantissas; int8 and int4 words are fully random; scales are f16 in [2⁻⁷, 2⁻⁶).
export const WEIGHT_WORD_MASK: Readonly<Record<MatrixFormat, { keep: number; bits: number }>> = {
  f32: { keep: 0x807fffff, bits: 0x3e800000 },
  fp16: { keep: 0x83ff83ff, bits: 0x34003400 },
  int8: { keep: 0xffffffff, bits: 0 },
  int4: { keep: 0xffffffff, bits: 0 },
};
export const SCALE_WORD_MASK = { keep: 0x03ff03ff, bits: 0x20002000 };
/** Scales of a random matrix come from a second stream of the same hash. */
export const scaleSeed = (seed: number): number => (seed ^ 0x5ca1e) >>> 0;

export function randomMatrixWords(
  format: MatrixFormat,
  n: number,
  k: number,
  seed: number,
): MatrixWords {
  checkShape(n, k);
  const mask = WEIGHT_WORD_MASK[format];
  return {
    format,
    n,
    k,
    word: (i) => ((randomWord(seed, i) & mask.keep) | mask.bits) >>> 0,
    scaleWord: (i) =>
      ((randomWord(scaleSeed(seed), i) & SCALE_WORD_MASK.keep) | SCALE_WORD_MASK.bits) >>> 0,
  };
}

/** Scale words needed for an N×K matrix (0 for f32 and fp16). */
export const scaleWordCount = (format: MatrixFormat, n: number, k: number): number =>
  isGrouped(format) ? Math.ceil((n * k) / GROUP_SIZE / 2) : 0;

/** The value the GPU sees at (row, col), exactly. */
export function weightAt(m: MatrixWords, row: number, col: number): number {
  const i = row * m.k + col;
  const scale = () => {
    const g = Math.floor(i / GROUP_SIZE);
    return fromHalfBits((m.scaleWord(g >> 1) >>> (16 * (g & 1))) & 0xffff);
  };
  switch (m.format) {
    case 'f32':
      f32Bits[0] = m.word(i);
      return f32[0] ?? 0;
    case 'fp16':
      return fromHalfBits((m.word(i >> 1) >>> (16 * (i & 1))) & 0xffff);
    case 'int8':
      return ((((m.word(i >> 2) >>> (8 * (i & 3))) & 0xff) << 24) >> 24) * scale();
    case 'int4':
      return (((m.word(i >> 3) >>> int4Shift(i & 7)) & 0xf) - 8) * scale();
  }
}

/** All weights as the GPU sees them, row-major, in f64 (for small matrices and tests). */
export function unpackMatrix(m: MatrixWords): Float64Array {
  const out = new Float64Array(m.n * m.k);
  for (let r = 0; r < m.n; r++) {
    for (let c = 0; c < m.k; c++) out[r * m.k + c] = weightAt(m, r, c);
  }
  return out;
}
