// Our int4 weights as onnxruntime's 4-bit blocks of 32 (MatMulNBits' B and scales, and
// GatherBlockQuantized's data and scales): the same numbers, repacked.
//
// Ours (src/core/format-registry, src/kernels/formats): row-major, 8 weights a u32 word, weight j
// of a word in byte j % 4, the low nibble for j < 4 and the high one for j ≥ 4; the nibble holds
// q + 8 for q in [−8, 7]; one f16 scale per 32 consecutive weights of a row.
// ORT: row-major bytes, weight 2m in byte m's low nibble and 2m + 1 in its high nibble; the same
// unsigned nibble with the default zero point 8; one scale per (row, block of 32), widened to f32.
// Since a row is a whole number of blocks, weight i of the flat matrix sits in byte ⌊i / 2⌋ and
// its block is ⌊i / 32⌋ on both sides: only the nibbles inside a word move.

import { fromHalfBits } from '../../../src/core/half';
import type { MatrixWords } from '../../../src/kernels/formats';

export const BLOCK = 32;

export interface NBitsBlocks {
  /** rows × K/2 bytes ([rows][K/32][16] flattened). */
  data: Uint8Array;
  /** rows × K/32 f32 scales. */
  scales: Float32Array;
  rows: number;
  k: number;
}

/** Bit shift of weight j (0…7) of one of our int4 words. */
const shift = (j: number) => (j < 4 ? 8 * j : 8 * (j - 4) + 4);

/** Rows rowStart … rowStart + rows − 1 of an int4 matrix as ORT blocks. */
export function int4ToBlocks(m: MatrixWords, rowStart = 0, rows = m.n - rowStart): NBitsBlocks {
  if (m.format !== 'int4') throw new Error(`int4ToBlocks takes int4 weights, not ${m.format}`);
  if (rowStart < 0 || rows < 1 || rowStart + rows > m.n)
    throw new RangeError(`rows ${rowStart}…${rowStart + rows - 1} are not in 0…${m.n - 1}`);
  const k = m.k;
  const words = (rows * k) / 8;
  const firstWord = (rowStart * k) / 8;
  const data = new Uint8Array(rows * (k / 2));
  for (let w = 0; w < words; w++) {
    const word = m.word(firstWord + w);
    for (let pair = 0; pair < 4; pair++) {
      const lo = (word >>> shift(2 * pair)) & 15;
      const hi = (word >>> shift(2 * pair + 1)) & 15;
      data[4 * w + pair] = lo | (hi << 4);
    }
  }
  const groups = (rows * k) / BLOCK;
  const firstGroup = (rowStart * k) / BLOCK;
  const scales = new Float32Array(groups);
  for (let g = 0; g < groups; g++) {
    const at = firstGroup + g;
    scales[g] = fromHalfBits((m.scaleWord(at >> 1) >>> (16 * (at & 1))) & 0xffff);
  }
  return { data, scales, rows, k };
}

/** Weight (row, col) of ORT blocks, by the documented layout (for tests and the writer's check). */
export function blockWeight(b: NBitsBlocks, row: number, col: number): number {
  const i = row * b.k + col;
  const byte = b.data[i >> 1] ?? 0;
  const q = (i & 1 ? byte >> 4 : byte & 15) - 8;
  return q * (b.scales[Math.floor(i / BLOCK)] ?? 0);
}
