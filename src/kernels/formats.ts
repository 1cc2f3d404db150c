// Weight formats on the GPU: how an N×K matrix (row n = output n, K along the row) is packed into
// u32 words and f16 scales, how the CPU unpacks it, and exactly how many bytes that is — for every
// format of the registry (core/format-registry), from its entry alone.
//
// Rows are contiguous; a row of K weights is K · storedBits / 32 words, and K is a multiple of 32
// for every format. Grouped formats add one flat f16 array over (row, group), two per u32 (low
// half first); an odd total pads the last word, which is not counted in `bytes`. N may be
// anything.

import { type FormatEntry, type FormatId, formatEntry, WEIGHT_FORMATS } from '../core/formats';
import { fromHalfBits, toHalfBits } from '../core/half';
import { randomWord } from '../gpu/buffers';

/** The group of weights along K that shares a scale, and the kernels' vector width. */
export const GROUP_SIZE = 32;

export interface PackedMatrix {
  format: FormatId;
  n: number;
  k: number;
  /** Row-major weight words; row r occupies wordsPerRow(format, k) words from r · that. */
  weights: Uint32Array;
  /** f16 scales, two per u32, over (row, group); empty for formats without scales. */
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

export const bitsPerWeight = (format: FormatId): number => WEIGHT_FORMATS[format].bitsPerWeight;

/** u32 words per row. */
export const wordsPerRow = (format: FormatId, k: number): number =>
  (k * formatEntry(format).storedBits) / 32;

/** Whether the format has per-group scales (a scales binding). */
export const isGrouped = (format: FormatId): boolean => formatEntry(format).scales !== null;

/** Exact bytes of an N×K matrix in `format`, scales included. */
export function matrixBytes(format: FormatId, n: number, k: number): number {
  return (n * k * bitsPerWeight(format)) / 8;
}

/** Weight i is in word ⌊i / perWord⌋, at bit shift(i % perWord), `mask` wide. */
function layout(f: FormatEntry): { perWord: number; shift: (j: number) => number; mask: number } {
  return {
    perWord: 32 / f.storedBits,
    shift: f.shift ?? ((j: number) => j * f.storedBits),
    mask: f.storedBits === 32 ? 0xffffffff : (1 << f.storedBits) - 1,
  };
}

/** Packs row-major values (N×K) into `format`. */
export function packMatrix(
  format: FormatId,
  n: number,
  k: number,
  values: ArrayLike<number>,
): PackedMatrix {
  checkShape(n, k);
  if (values.length !== n * k)
    throw new ShapeError(`expected ${n * k} values, got ${values.length}`);
  const f = formatEntry(format);
  const { perWord, shift } = layout(f);
  const weights = new Uint32Array(n * wordsPerRow(format, k));
  const groupSize = f.scales?.groupSize ?? n * k;
  const groups = f.scales === null ? 0 : (n * k) / groupSize;
  const scales = new Uint32Array(Math.ceil(groups / 2));
  const v = (i: number) => values[i] ?? 0;
  // Ungrouped formats are one group with the scale 1.
  for (let base = 0, g = 0; base < n * k; base += groupSize, g++) {
    let scale = 1;
    if (f.scales !== null) {
      let amax = 0;
      for (let j = 0; j < groupSize; j++) amax = Math.max(amax, Math.abs(v(base + j)));
      const scaleBits = toHalfBits(amax / f.scales.qmax);
      scale = fromHalfBits(scaleBits);
      scales[g >> 1] = ((scales[g >> 1] ?? 0) | (scaleBits << (16 * (g & 1)))) >>> 0;
    }
    for (let j = 0; j < groupSize; j++) {
      const stored = f.encode(
        scale === 0 ? 0 : f.scales === null ? v(base + j) : v(base + j) / scale,
      );
      const w = Math.floor((base + j) / perWord);
      weights[w] = ((weights[w] ?? 0) | (stored << shift((base + j) % perWord))) >>> 0;
    }
  }
  return { format, n, k, weights, scales, bytes: matrixBytes(format, n, k) };
}

/** Word- and scale-level access to a matrix, whether packed in memory or generated on the fly. */
export interface MatrixWords {
  format: FormatId;
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
// Each format's entry masks its weight words (randomWords); scales are f16 in [2⁻⁷, 2⁻⁶).
export const SCALE_WORD_MASK = { keep: 0x03ff03ff, bits: 0x20002000 };
/** Scales of a random matrix come from a second stream of the same hash. */
export const scaleSeed = (seed: number): number => (seed ^ 0x5ca1e) >>> 0;

/** The mask random weight words of `format` get. */
export const weightWordMask = (format: FormatId): { keep: number; bits: number } =>
  formatEntry(format).randomWords;

export function randomMatrixWords(
  format: FormatId,
  n: number,
  k: number,
  seed: number,
): MatrixWords {
  checkShape(n, k);
  const mask = weightWordMask(format);
  return {
    format,
    n,
    k,
    word: (i) => ((randomWord(seed, i) & mask.keep) | mask.bits) >>> 0,
    scaleWord: (i) =>
      ((randomWord(scaleSeed(seed), i) & SCALE_WORD_MASK.keep) | SCALE_WORD_MASK.bits) >>> 0,
  };
}

/** The values the GPU sees, exactly, by (row, col): the entry's decode times the group's scale. */
export function weightReader(m: MatrixWords): (row: number, col: number) => number {
  const f = formatEntry(m.format);
  const { perWord, shift, mask } = layout(f);
  const groupSize = f.scales?.groupSize;
  return (row, col) => {
    const i = row * m.k + col;
    const value = f.decode(((m.word(Math.floor(i / perWord)) >>> shift(i % perWord)) & mask) >>> 0);
    if (groupSize === undefined) return value;
    const g = Math.floor(i / groupSize);
    return value * fromHalfBits((m.scaleWord(g >> 1) >>> (16 * (g & 1))) & 0xffff);
  };
}

/** All weights as the GPU sees them, row-major, in f64 (for small matrices and tests). */
export function unpackMatrix(m: MatrixWords): Float64Array {
  const read = weightReader(m);
  const out = new Float64Array(m.n * m.k);
  for (let r = 0; r < m.n; r++) {
    for (let c = 0; c < m.k; c++) out[r * m.k + c] = read(r, c);
  }
  return out;
}
