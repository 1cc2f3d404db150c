// The weight formats: one entry each, and everything else derives from it — the predictor's bits
// per weight (core/formats), the CPU packing and decoding and the random matrices
// (kernels/formats), the WGSL (shaders/weights_<id>.wgsl, found by name), the run plans, the
// page's tables, pickers and charts, the CLI's --weights, and the tests that enumerate this list.
//
// To add a format: write shaders/weights_<id>.wgsl (the functions listed in weights_f32.wgsl)
// and append an entry here. Order matters only for display: tables and charts follow it.
//
// Every format stores a matrix row-major (row n = output n, K along the row) in u32 words of
// `32 / storedBits` weights each; K is always a multiple of 32, so a group never straddles rows.

import { fromHalfBits, toHalfBits } from './half';

/** Optional kernel code a format may have beside its portable shaders/weights_<id>.wgsl. */
export interface OptionalCodes {
  /** shaders/weights_<id>_native.wgsl: computes in f16 where shader-f16 is granted. */
  'f16-native'?: true;
  /**
   * shaders/weights_<id>_dp4a.wgsl (GEMV only): integer weights times int8 activations with
   * dot4I8Packed; `groupSums` adds each group's activation sum to x (for offset-stored weights).
   */
  dp4a?: { groupSums: boolean };
}

export interface FormatEntry {
  /** Canonical id: results rows, permalinks, the CLI and the page name the format by it. */
  id: string;
  /** Other names the CLI and resolveFormat accept, case-insensitively. */
  aliases: readonly string[];
  /** One line of English on what the format is. */
  description: string;
  /** Bits one weight takes in the weight words; divides 32. */
  storedBits: number;
  /**
   * Groups of `groupSize` consecutive weights along K share one f16 scale, stored as one flat
   * array over (row, group), two per u32 (even group in the low half); null: no scales. A
   * group's scale is max |w| / qmax, rounded to f16, and the weights are stored as w / scale.
   */
  scales: { groupSize: 32; format: 'f16'; qmax: number } | null;
  /** One weight: value (already divided by its group's scale) ↔ its `storedBits` stored bits. */
  encode(value: number): number;
  decode(bits: number): number;
  /** Bit offset of the j-th weight of a word; by default j · storedBits. */
  shift?(j: number): number;
  /**
   * Random test matrices: each weight word is (random & keep) | bits, chosen so every value is
   * finite and moderate (|w| < 2 with the random scales of kernels/formats).
   */
  randomWords: { keep: number; bits: number };
  /** Kernel code beyond the portable shaders/weights_<id>.wgsl. */
  codes: OptionalCodes;
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

/** Groups of 32 along K with one f16 scale: 16 / 32 = 0.5 extra bits per weight. */
const group32 = (qmax: number) => ({ groupSize: 32, format: 'f16', qmax }) as const;

export const FORMAT_REGISTRY = [
  {
    id: 'f32',
    aliases: ['fp32', 'float32'],
    description: 'float32',
    storedBits: 32,
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
    servesModels: false,
    plan: { quickGemm: true, batchSweep: false },
  },
  {
    id: 'fp16',
    aliases: ['f16', 'float16'],
    description: 'float16',
    // Two per word, the even k in the low half.
    storedBits: 16,
    scales: null,
    encode: toHalfBits,
    decode: fromHalfBits,
    // ±[0.25, 0.5) with random mantissas, both halves.
    randomWords: { keep: 0x83ff83ff, bits: 0x34003400 },
    codes: { 'f16-native': true },
    servesModels: true,
    plan: { quickGemm: false, batchSweep: true },
  },
  {
    id: 'int8',
    aliases: ['q8_0'],
    description: 'int8, groups of 32 with an f16 scale (like llama.cpp Q8_0)',
    // Symmetric: q in [−127, 127], two's complement, byte j of a word holds k % 4 = j.
    storedBits: 8,
    scales: group32(127),
    encode: (v) => clampRound(v, -127, 127) & 0xff,
    decode: (bits) => (bits << 24) >> 24,
    randomWords: { keep: 0xffffffff, bits: 0 },
    codes: { dp4a: { groupSums: false } },
    servesModels: true,
    plan: { quickGemm: false, batchSweep: false },
  },
  {
    id: 'int4',
    aliases: ['q4_0', 'q4f16_1'],
    description: 'int4, groups of 32 with an f16 scale (like llama.cpp Q4_0, MLC q4f16_1)',
    // q in [−8, 7], stored q + 8. Byte b of a word holds k % 8 = b in its low nibble and
    // b + 4 in its high nibble, so one mask and one unpack4x8unorm yield four consecutive
    // weights (the llama.cpp Q4_0 idea).
    storedBits: 4,
    scales: group32(7),
    encode: (v) => clampRound(v, -8, 7) + 8,
    decode: (bits) => bits - 8,
    shift: (j) => (j < 4 ? 8 * j : 8 * (j - 4) + 4),
    randomWords: { keep: 0xffffffff, bits: 0 },
    codes: { dp4a: { groupSums: true } },
    servesModels: true,
    plan: { quickGemm: true, batchSweep: true },
  },
] as const satisfies readonly FormatEntry[];

/** A registered format's id. */
export type FormatId = (typeof FORMAT_REGISTRY)[number]['id'];
