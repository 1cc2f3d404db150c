// The WGSL that dequantizes each weight format, prepended to the GEMV and GEMM shaders: found by
// name, shaders/weights/weights_<id>.wgsl (portable) and weights_<id>_<code>.wgsl (a format's
// optional codes, as its registry entry lists them), so a new format needs no edit here. Each gets
// its entry's storage as WGSL constants first (blockConstants). Also how closely each
// implementation must match the f64 reference.

import { type FormatId, formatEntry } from '../core/formats';

/**
 * 'portable' runs on every adapter; 'f16-native' computes fp16 weights in f16 (shader-f16);
 * 'dp4a' (GEMV only) multiplies int8/int4 weights by int8 activations with dot4I8Packed.
 */
export type WeightsCode = 'portable' | 'f16-native' | 'dp4a';

/** Every weights_*.wgsl, by file name. */
const SHADERS: Record<string, string> = Object.fromEntries(
  Object.entries(
    import.meta.glob<string>('../../shaders/weights/weights_*.wgsl', {
      query: '?raw',
      import: 'default',
      eager: true,
    }),
  ).map(([path, code]) => [path.slice(path.lastIndexOf('/') + 1), code]),
);

/** Each code's file name, and the directive it needs first. */
const CODE_FILES: Record<WeightsCode, { suffix: string; directive: string }> = {
  portable: { suffix: '', directive: '' },
  'f16-native': { suffix: '_native', directive: 'enable f16;\n' },
  dp4a: { suffix: '_dp4a', directive: '' },
};

/** Whether `format` has `code` (every format has the portable code). */
export const hasWeightsCode = (format: FormatId, code: WeightsCode): boolean =>
  code === 'portable' || formatEntry(format).codes[code] !== undefined;

/** The file that holds `format`'s `code`, e.g. weights_int4_dp4a.wgsl. */
export const weightsShaderFile = (format: FormatId, code: WeightsCode = 'portable'): string =>
  `weights_${format}${CODE_FILES[code].suffix}.wgsl`;

/**
 * The registry entry's storage as WGSL, so a decoder addresses rows as the CPU packs them:
 * BLOCK_WORDS (u32 words a block), BLOCK_WEIGHTS, ROW_ALIGN_WORDS, and row_words(), a row's u32
 * words in the weights buffer for params.groups groups of 32 (src/kernels/formats.ts rowBytes).
 */
export function blockConstants(format: FormatId): string {
  const f = formatEntry(format);
  return [
    `const BLOCK_WORDS: u32 = ${f.block.bytes / 4}u;`,
    `const BLOCK_WEIGHTS: u32 = ${f.block.weights}u;`,
    `const ROW_ALIGN_WORDS: u32 = ${f.rowAlignBytes / 4}u;`,
    'fn row_words() -> u32 {',
    '  let raw = params.groups * 32u / BLOCK_WEIGHTS * BLOCK_WORDS;',
    '  return (raw + ROW_ALIGN_WORDS - 1u) / ROW_ALIGN_WORDS * ROW_ALIGN_WORDS;',
    '}',
    '',
  ].join('\n');
}

export function weightsShader(format: FormatId, code: WeightsCode = 'portable'): string {
  const file = weightsShaderFile(format, code);
  const source = SHADERS[file];
  if (!hasWeightsCode(format, code)) throw new RangeError(`no ${code} weights code for ${format}`);
  if (source === undefined) {
    throw new RangeError(
      `shaders/weights/${file} is missing: every format needs its decoder (the functions listed in shaders/weights/weights_f32.wgsl)`,
    );
  }
  return `${CODE_FILES[code].directive}${blockConstants(format)}${source}`;
}

/**
 * Allowed |y − y_ref| as a share of Σ|w·x|. Portable code accumulates in f32: any summation
 * order stays far inside 1e-5, while one wrong weight in a row of 28672 already exceeds it.
 * f16-native rounds x and each 4-term partial sum to f16 (2⁻¹¹ relative, a few times over).
 */
export const WEIGHTS_TOLERANCE: Record<WeightsCode, number> = {
  portable: 1e-5,
  'f16-native': 4e-3,
  // Exact integer dot products against the quantized x the reference also uses.
  dp4a: 1e-5,
};
