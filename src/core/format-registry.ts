// The weight formats: one entry each, and everything else derives from it — the predictor's bits
// per weight (core/formats), the CPU packing and decoding, the buffer sizes and the random
// matrices (kernels/formats), the WGSL (shaders/weights/weights_<id>.wgsl, found by name), the
// run plans, the page's tables, pickers and charts, the CLI's --weights, and the tests that
// enumerate this list.
//
// To add a format: write shaders/weights/weights_<id>.wgsl (the functions listed in
// weights_f32.wgsl) and append an entry here (docs/ARCHITECTURE.md, "How to add a weight
// format"). Order matters only for display: tables and charts follow it. checkFormatEntry says in
// words what is wrong with an entry when the registry loads.
//
// Every format stores a matrix row-major (row n = output n, K along the row) as blocks: `block.weights`
// consecutive weights along K in `block.bytes` bytes, each row starting at a multiple of
// `rowAlignBytes` (a row is padded up to it); grouped formats keep one f16 scale per block in a
// separate flat array.

import { fromHalfBits, toHalfBits } from './half';
import type { FormatFiles } from './weight-files';

/** Optional kernel code a format may have beside its portable shaders/weights/weights_<id>.wgsl. */
export interface OptionalCodes {
  /** shaders/weights/weights_<id>_native.wgsl: computes in f16 where shader-f16 is granted. */
  'f16-native'?: true;
  /**
   * shaders/weights/weights_<id>_dp4a.wgsl (GEMV only): integer weights times int8 activations with
   * dot4I8Packed; `groupSums` adds each group's activation sum to x (for offset-stored weights).
   */
  dp4a?: { groupSums: boolean };
}

/** A run of bits in a block: from bit `at` (bit 0 is the low bit of the block's first byte). */
export interface BitField {
  at: number;
  width: number;
}

/** The kernels' group along K: every block is a whole number of these, and K a multiple. */
export const KERNEL_GROUP = 32;

export interface FormatEntry {
  /** Canonical id: results rows, permalinks, the CLI and the page name the format by it. */
  id: string;
  /** Other names the CLI and resolveFormat accept, case-insensitively. */
  aliases: readonly string[];
  /** One line of English on what the format is. */
  description: string;
  /**
   * The unit of storage: `weights` consecutive weights of a row (a multiple of 32, the kernels'
   * group) in `bytes` bytes (a multiple of 4: the GPU reads and fills storage in u32 words).
   * int4: 32 weights in 16 bytes; int3: 32 in 12.
   */
  block: { weights: number; bytes: number };
  /** Bits of one stored value: what `encode` returns and `decode` takes. */
  storedBits: number;
  /**
   * Where stored value j (0 ≤ j < block.weights) lies in its block: its low bits first, one field
   * or several (int3 splits 2 + 1). Default: one field at j · storedBits.
   */
  bitsOf?(j: number): readonly BitField[];
  /**
   * Rows start at multiples of this many bytes (a multiple of 4); a row shorter than a multiple
   * is padded. The WGSL gets it as ROW_ALIGN_BYTES (src/kernels/weights.ts).
   */
  rowAlignBytes: number;
  /**
   * One f16 scale per block, stored apart as one flat array over (row, block), two per u32 (even
   * block in the low half); null: no scales. A block's scale is max |w| / qmax, rounded to f16,
   * and its weights are stored as w / scale.
   */
  scales: { format: 'f16'; qmax: number } | null;
  /** One weight: value (already divided by its block's scale) ↔ its `storedBits` stored bits. */
  encode(value: number): number;
  decode(bits: number): number;
  /**
   * Random test matrices: each weight word is (random & keep) | bits, chosen so every value is
   * finite and moderate (|w| < 2 with the random scales of kernels/formats).
   */
  randomWords: { keep: number; bits: number };
  /** Kernel code beyond the portable shaders/weights/weights_<id>.wgsl. */
  codes: OptionalCodes;
  /**
   * The published file it stands for on each family's engines (./weight-files): int4 is a Q4_0
   * file on llama.cpp (output head Q6_K) and q4f16_1 on MLC and the others. `{}`: no engine
   * loads such a file; predictions charge its own bits to every tensor.
   */
  files: FormatFiles;
  /**
   * LLM weights are served in it: the page's prediction table and picker, the CLI's listed
   * choices and run comparisons offer it, and the full plan measures it on Llama-3-70B too
   * (false for f32, the exact reference, which at 70B would need 4 GB for one matrix).
   */
  servesModels: boolean;
  /** Which of the plans' optional GEMM sets measure it (every format gets GEMV and prefill). */
  plan: { quickGemm: boolean; batchSweep: boolean };
}

const f32 = new Float32Array(1);
const f32Bits = new Uint32Array(f32.buffer);

/** Rounds to the nearest integer in [lo, hi]. */
const clampRound = (v: number, lo: number, hi: number) => Math.max(lo, Math.min(hi, Math.round(v)));

/** One f16 scale per block of 32: 16 / 32 = 0.5 extra bits per weight. */
const f16Scale = (qmax: number) => ({ format: 'f16', qmax }) as const;

/** Weights 0…7 of each u32: byte b holds weight b in its low nibble and b + 4 in its high. */
const int4Shift = (j: number) => (j < 4 ? 8 * j : 8 * (j - 4) + 4);

export const FORMAT_REGISTRY = [
  {
    id: 'f32',
    aliases: ['fp32', 'float32'],
    description: 'float32',
    block: { weights: 32, bytes: 128 },
    storedBits: 32,
    // The decoders read a block as eight whole 16-byte words.
    rowAlignBytes: 16,
    scales: null,
    encode: (v) => {
      f32[0] = v;
      return f32Bits[0] ?? 0;
    },
    decode: (bits) => {
      f32Bits[0] = bits;
      return f32[0] ?? 0;
    },
    // ±[0.25, 0.5) with random mantissas.
    randomWords: { keep: 0x807fffff, bits: 0x3e800000 },
    codes: {},
    files: { gguf: 'f32', other: 'f32' },
    servesModels: false,
    plan: { quickGemm: true, batchSweep: false },
  },
  {
    id: 'fp16',
    aliases: ['f16', 'float16'],
    description: 'float16',
    // Two per word, the even k in the low half.
    block: { weights: 32, bytes: 64 },
    storedBits: 16,
    rowAlignBytes: 16,
    scales: null,
    encode: toHalfBits,
    decode: fromHalfBits,
    // ±[0.25, 0.5) with random mantissas, both halves.
    randomWords: { keep: 0x83ff83ff, bits: 0x34003400 },
    codes: { 'f16-native': true },
    files: { gguf: 'f16', other: 'f16' },
    servesModels: true,
    plan: { quickGemm: false, batchSweep: true },
  },
  {
    id: 'int8',
    aliases: ['q8_0'],
    description: 'int8, groups of 32 with an f16 scale (like llama.cpp Q8_0)',
    // Symmetric: q in [−127, 127], two's complement, byte j of a word holds k % 4 = j.
    block: { weights: 32, bytes: 32 },
    storedBits: 8,
    rowAlignBytes: 16,
    scales: f16Scale(127),
    encode: (v) => clampRound(v, -127, 127) & 0xff,
    decode: (bits) => (bits << 24) >> 24,
    randomWords: { keep: 0xffffffff, bits: 0 },
    codes: { dp4a: { groupSums: false } },
    files: { gguf: 'q8_0', other: 'q8_0' },
    servesModels: true,
    plan: { quickGemm: false, batchSweep: false },
  },
  {
    id: 'int5',
    aliases: ['q5_0'],
    description: 'int5, groups of 32 with an f16 scale (like llama.cpp Q5_0)',
    // q in [−16, 15], stored q + 16: the low four bits of weight j where int4 keeps its nibble
    // (u32 0–3), the fifth bit at bit j of u32 4, as Q5_0 splits qs and qh. 20 bytes a block,
    // so rows are aligned to u32 words only.
    block: { weights: 32, bytes: 20 },
    storedBits: 5,
    bitsOf: (j) => [
      { at: 32 * Math.floor(j / 8) + int4Shift(j % 8), width: 4 },
      { at: 128 + j, width: 1 },
    ],
    rowAlignBytes: 4,
    scales: f16Scale(15),
    encode: (v) => clampRound(v, -16, 15) + 16,
    decode: (bits) => bits - 16,
    randomWords: { keep: 0xffffffff, bits: 0 },
    codes: {},
    files: { gguf: 'q5_0' },
    servesModels: true,
    plan: { quickGemm: false, batchSweep: false },
  },
  {
    id: 'int4',
    aliases: ['q4_0', 'q4f16_1'],
    description: 'int4, groups of 32 with an f16 scale (like llama.cpp Q4_0, MLC q4f16_1)',
    // q in [−8, 7], stored q + 8. Byte b of a word holds k % 8 = b in its low nibble and
    // b + 4 in its high nibble, so one mask and one unpack4x8unorm yield four consecutive
    // weights (the llama.cpp Q4_0 idea). A block is one 16-byte word, which the decoders read whole.
    block: { weights: 32, bytes: 16 },
    storedBits: 4,
    bitsOf: (j) => [{ at: 32 * Math.floor(j / 8) + int4Shift(j % 8), width: 4 }],
    rowAlignBytes: 16,
    scales: f16Scale(7),
    encode: (v) => clampRound(v, -8, 7) + 8,
    decode: (bits) => bits - 8,
    randomWords: { keep: 0xffffffff, bits: 0 },
    codes: { dp4a: { groupSums: true } },
    files: { gguf: 'q4_0', other: 'q4f16_1' },
    servesModels: true,
    plan: { quickGemm: true, batchSweep: true },
  },
  {
    id: 'int3',
    aliases: [],
    description:
      'int3, groups of 32 with an f16 scale: symmetric, q = round(w / s) in [−3, 3], s = max |w| / 3',
    // Stored q + 4 in 3 bits (7 of the 8 codes used; stored 0 decodes to −4), as two bit planes
    // (the llama.cpp Q3_K split, without its super-blocks): u32 0 holds the low two bits of
    // weights 0…15 (weight j at bits 2j), u32 1 those of weights 16…31, u32 2 the high bit of
    // weight j at bit j. 12 bytes a block, so rows are aligned to u32 words only.
    block: { weights: 32, bytes: 12 },
    storedBits: 3,
    bitsOf: (j) => [
      { at: 2 * j, width: 2 },
      { at: 64 + j, width: 1 },
    ],
    rowAlignBytes: 4,
    scales: f16Scale(3),
    encode: (v) => clampRound(v, -3, 3) + 4,
    decode: (bits) => bits - 4,
    randomWords: { keep: 0xffffffff, bits: 0 },
    codes: {},
    files: {},
    servesModels: true,
    plan: { quickGemm: false, batchSweep: false },
  },
] as const satisfies readonly FormatEntry[];

/** A registered format's id. */
export type FormatId = (typeof FORMAT_REGISTRY)[number]['id'];
