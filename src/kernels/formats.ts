// Weight formats on the GPU: how an N×K matrix (row n = output n, K along the row) is packed into
// u32 words and f16 scales, how the CPU unpacks it, how big its buffers are and exactly how many
// bytes the kernels read — for every format of the registry (core/format-registry), from its entry
// alone: its block (weights → bytes), where each stored value lies in a block, its row alignment.
//
// A row is K / block.weights blocks, padded up to rowAlignBytes; K is a multiple of the block.
// Grouped formats add one flat f16 array over (row, block), two per u32 (low half first); an odd
// total pads the last word. Neither padding is counted in `bytes` (the kernels do not read it).
// N may be anything.

import { fieldsOf } from '../core/format-check';
import type { BitField } from '../core/format-registry';
import { type FormatEntry, type FormatId, formatEntry, WEIGHT_FORMATS } from '../core/formats';
import { fromHalfBits, toHalfBits } from '../core/half';
import { randomWord } from '../gpu/buffers';

/** The group of weights along K that the kernels step by, and their vector width. */
export const GROUP_SIZE = 32;

export interface PackedMatrix {
  format: FormatId;
  n: number;
  k: number;
  /** Row-major weight words; row r occupies wordsPerRow(format, k) words from r · that. */
  weights: Uint32Array;
  /** f16 scales, two per u32, over (row, block); empty for formats without scales. */
  scales: Uint32Array;
  /** Exact bytes of weights plus scales. */
  bytes: number;
}

export class ShapeError extends RangeError {
  override name = 'ShapeError';
}

export function checkShape(n: number, k: number, format?: FormatId): void {
  if (!Number.isInteger(n) || n < 1) throw new ShapeError(`N must be a positive integer, got ${n}`);
  if (!Number.isInteger(k) || k < GROUP_SIZE || k % GROUP_SIZE !== 0) {
    throw new ShapeError(
      `K must be a positive multiple of ${GROUP_SIZE} (the quantization group and the kernels' vector width), got ${k}`,
    );
  }
  const block = format === undefined ? GROUP_SIZE : formatEntry(format).block.weights;
  if (k % block !== 0) {
    throw new ShapeError(`K must be a multiple of ${block} (a block of ${format}), got ${k}`);
  }
}

export const bitsPerWeight = (format: FormatId): number => WEIGHT_FORMATS[format].bitsPerWeight;

const roundUp = (v: number, to: number) => Math.ceil(v / to) * to;

/** Bytes a row of K weights takes in the weights buffer, padding to rowAlignBytes included. */
export function rowBytes(format: FormatId, k: number): number {
  const f = formatEntry(format);
  return roundUp((k / f.block.weights) * f.block.bytes, f.rowAlignBytes);
}

/** u32 words per row (the row's start is row · this in the weights buffer). */
export const wordsPerRow = (format: FormatId, k: number): number => rowBytes(format, k) / 4;

/**
 * Bytes of the weights buffer for `rows` rows: rounded up to 16, since the kernels bind the
 * weights as array<vec4<u32>> and a last partial vec4 would be out of bounds.
 */
export const weightBufferBytes = (format: FormatId, rows: number, k: number): number =>
  roundUp(rows * rowBytes(format, k), 16);

/** Blocks (and so scales) per row. */
export const blocksPerRow = (format: FormatId, k: number): number =>
  k / formatEntry(format).block.weights;

/** Whether the format has per-block scales (a scales binding). */
export const isGrouped = (format: FormatId): boolean => formatEntry(format).scales !== null;

/** Exact bytes of an N×K matrix in `format`, scales included. */
export function matrixBytes(format: FormatId, n: number, k: number): number {
  return (n * k * bitsPerWeight(format)) / 8;
}

const FIELDS = new WeakMap<FormatEntry, (readonly BitField[])[]>();

/** Every stored value's fields in a block, computed once per entry. */
function fieldTable(f: FormatEntry): (readonly BitField[])[] {
  let table = FIELDS.get(f);
  if (table === undefined) {
    table = Array.from({ length: f.block.weights }, (_, j) => fieldsOf(f, j));
    FIELDS.set(f, table);
  }
  return table;
}

/** Bit position of weight `col` of row `row`'s block in the weights buffer, and its fields. */
function locate(f: FormatEntry, rowWords: number, row: number, col: number) {
  const block = Math.floor(col / f.block.weights);
  return {
    base: row * rowWords * 32 + block * f.block.bytes * 8,
    fields: fieldTable(f)[col % f.block.weights] ?? [],
  };
}

/** `width` (≤ 32) bits from bit `at` of a word stream, low bits first. */
function getBits(word: (i: number) => number, at: number, width: number): number {
  const i = Math.floor(at / 32);
  const shift = at % 32;
  let v = word(i) >>> shift;
  if (shift + width > 32) v |= word(i + 1) << (32 - shift);
  return width === 32 ? v >>> 0 : (v & ((1 << width) - 1)) >>> 0;
}

/** ORs `value`'s low `width` bits into the words from bit `at`. */
function putBits(words: Uint32Array, at: number, width: number, value: number): void {
  const i = Math.floor(at / 32);
  const shift = at % 32;
  const v = width === 32 ? value >>> 0 : value & ((1 << width) - 1);
  words[i] = ((words[i] ?? 0) | (v << shift)) >>> 0;
  if (shift + width > 32) words[i + 1] = ((words[i + 1] ?? 0) | (v >>> (32 - shift))) >>> 0;
}

/** The stored value of weight (row, col): its fields, low bits first. */
export function readStored(
  f: FormatEntry,
  word: (i: number) => number,
  rowWords: number,
  row: number,
  col: number,
): number {
  const { base, fields } = locate(f, rowWords, row, col);
  let value = 0;
  let shift = 0;
  for (const { at, width } of fields) {
    value += getBits(word, base + at, width) * 2 ** shift;
    shift += width;
  }
  return value;
}

function writeStored(
  f: FormatEntry,
  words: Uint32Array,
  rowWords: number,
  row: number,
  col: number,
  stored: number,
): void {
  const { base, fields } = locate(f, rowWords, row, col);
  let rest = stored;
  for (const { at, width } of fields) {
    putBits(words, base + at, width, rest % 2 ** width);
    rest = Math.floor(rest / 2 ** width);
  }
}

/** Packs row-major values (N×K) into `format`. */
export function packMatrix(
  format: FormatId,
  n: number,
  k: number,
  values: ArrayLike<number>,
): PackedMatrix {
  checkShape(n, k, format);
  if (values.length !== n * k)
    throw new ShapeError(`expected ${n * k} values, got ${values.length}`);
  const f = formatEntry(format);
  const rowWords = wordsPerRow(format, k);
  const weights = new Uint32Array(n * rowWords);
  const size = f.block.weights;
  const blocks = (n * k) / size;
  const scales = new Uint32Array(f.scales === null ? 0 : Math.ceil(blocks / 2));
  const v = (i: number) => values[i] ?? 0;
  // Block g is row ⌊g·size / K⌋, columns from (g·size) mod K; without scales, the scale is 1.
  for (let g = 0; g < blocks; g++) {
    const base = g * size;
    const row = Math.floor(base / k);
    let scale = 1;
    if (f.scales !== null) {
      let amax = 0;
      for (let j = 0; j < size; j++) amax = Math.max(amax, Math.abs(v(base + j)));
      const scaleBits = toHalfBits(amax / f.scales.qmax);
      scale = fromHalfBits(scaleBits);
      scales[g >> 1] = ((scales[g >> 1] ?? 0) | (scaleBits << (16 * (g & 1)))) >>> 0;
    }
    for (let j = 0; j < size; j++) {
      const stored = f.encode(scale === 0 ? 0 : v(base + j) / scale);
      writeStored(f, weights, rowWords, row, (base % k) + j, stored);
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
  /** Scale word i: f16 scales of blocks 2i (low half) and 2i + 1 (high half). */
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
  checkShape(n, k, format);
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

/** The values the GPU sees, exactly, by (row, col): the entry's decode times the block's scale. */
export function weightReader(m: MatrixWords): (row: number, col: number) => number {
  const f = formatEntry(m.format);
  const rowWords = wordsPerRow(m.format, m.k);
  const perRow = m.k / f.block.weights;
  return (row, col) => {
    const value = f.decode(readStored(f, m.word, rowWords, row, col));
    if (f.scales === null) return value;
    const g = row * perRow + Math.floor(col / f.block.weights);
    return value * fromHalfBits((m.scaleWord(g >> 1) >>> (16 * (g & 1))) & 0xffff);
  };
}

/**
 * Whole rows of the weights as the GPU sees them, in f64: each word and block scale of a row is
 * computed once (weightReader recomputes them per weight, too slow for millions of them).
 */
export function weightRowReader(m: MatrixWords): (row: number) => Float64Array {
  const f = formatEntry(m.format);
  const rowWords = wordsPerRow(m.format, m.k);
  const perBlock = f.block.weights;
  const words = new Uint32Array(rowWords + 1); // one spare: a field may reach past the last word
  const local = (i: number) => words[i] ?? 0;
  return (row) => {
    for (let i = 0; i < rowWords; i++) words[i] = m.word(row * rowWords + i);
    const out = new Float64Array(m.k);
    let scale = 1;
    for (let col = 0; col < m.k; col++) {
      if (f.scales !== null && col % perBlock === 0) {
        const g = (row * m.k + col) / perBlock;
        scale = fromHalfBits((m.scaleWord(g >> 1) >>> (16 * (g & 1))) & 0xffff);
      }
      // The row's words copied to `local`: it is row 0 there.
      out[col] = f.decode(readStored(f, local, rowWords, 0, col)) * scale;
    }
    return out;
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
