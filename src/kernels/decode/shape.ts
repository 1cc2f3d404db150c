// The shape of a Llama-style decoder as the GPU model and its CPU reference run it, its seeds
// (every weight, gain and prefilled cache entry comes from the counter hash, so the reference
// recomputes any of them), and the bytes it needs on the GPU.

import type { FormatId } from '../../core/formats';
import { randomWord } from '../../gpu/buffers';
import { matrixBytes } from '../formats';

export interface DecodeShape {
  hidden: number;
  /** Layers this model runs (the first k of the real model's N). */
  layers: number;
  heads: number;
  kvHeads: number;
  headDim: number;
  ffn: number;
  vocab: number;
}

/** The projections of one layer, fused as engines fuse them: N×K each. */
export type LayerMatrix = 'qkv' | 'o' | 'gate_up' | 'down';
export const LAYER_MATRICES: readonly LayerMatrix[] = ['qkv', 'o', 'gate_up', 'down'];

export function matrixShape(s: DecodeShape, m: LayerMatrix | 'head'): { n: number; k: number } {
  const q = s.heads * s.headDim;
  switch (m) {
    case 'qkv':
      return { n: q + 2 * s.kvHeads * s.headDim, k: s.hidden };
    case 'o':
      return { n: s.hidden, k: q };
    case 'gate_up':
      return { n: 2 * s.ffn, k: s.hidden };
    case 'down':
      return { n: s.hidden, k: s.ffn };
    case 'head':
      return { n: s.vocab, k: s.hidden };
  }
}

/** The tiny config every format is verified on: hidden 256, 2 layers, 4 heads, 2 KV heads. */
export const TINY_SHAPE: DecodeShape = {
  hidden: 256,
  layers: 2,
  heads: 4,
  kvHeads: 2,
  headDim: 64,
  ffn: 512,
  vocab: 512,
};

/** Llama 3's rope_theta (meta-llama/Llama-3.2-1B config.json); the same for every shape here. */
export const ROPE_THETA = 500_000;
export const RMS_EPS = 1e-5;

/** Seeds of one model: one hash stream per tensor. */
export const seeds = (seed: number) => ({
  matrix: (layer: number, m: LayerMatrix) =>
    randomWord(seed, 16 * layer + LAYER_MATRICES.indexOf(m)),
  head: randomWord(seed, 0xfff0),
  /** Gains: one stream, hidden words per norm, norm 2l (attention) and 2l + 1 (FFN), 2L final. */
  gains: randomWord(seed, 0xfff1),
  kCache: (layer: number) => randomWord(seed, 0x10000 + 2 * layer),
  vCache: (layer: number) => randomWord(seed, 0x10001 + 2 * layer),
});

/** Gains in [0.5, 1); cache entries ±[0.25, 0.5): f32 words from the hash, masked. */
export const GAIN_MASK = { keep: 0x007fffff, bits: 0x3f000000 };
export const CACHE_MASK = { keep: 0x807fffff, bits: 0x3e800000 };

/** Positions per attention workgroup (the split of flash-decoding); the shader holds 256. */
export const ATTENTION_SPLIT = 256;

/**
 * The attention pass's uniform (Params in shaders/decode_attention.wgsl): `rows` query rows,
 * `split` positions per workgroup, `maxSplits` partials per (row, head), the 1/√hd scale.
 */
export function attentionUniform(
  s: Pick<DecodeShape, 'heads' | 'kvHeads' | 'headDim'>,
  rows: number,
  split: number,
  maxSplits: number,
): Uint32Array {
  const words = new Uint32Array([rows, s.heads, s.kvHeads, s.headDim, split, maxSplits, 0, 0]);
  new Float32Array(words.buffer)[6] = 1 / Math.sqrt(s.headDim);
  return words;
}

/** Bytes of one layer's weights in `format`. */
export const layerWeightBytes = (s: DecodeShape, format: FormatId): number =>
  LAYER_MATRICES.reduce((sum, m) => {
    const { n, k } = matrixShape(s, m);
    return sum + matrixBytes(format, n, k);
  }, 0);

/** Bytes of one layer's K and V caches at `positions` (f32). */
export const layerCacheBytes = (s: DecodeShape, positions: number): number =>
  2 * positions * s.kvHeads * s.headDim * 4;

/** Activation buffers for `rows` token rows at once, logits, the attention partials, RoPE. */
export function activationBytes(s: DecodeShape, rows: number, positions: number): number {
  const q = s.heads * s.headDim;
  const qkv = q + 2 * s.kvHeads * s.headDim;
  const splits = Math.ceil(positions / ATTENTION_SPLIT);
  const perRow = 4 * (3 * s.hidden + qkv + q + 3 * s.ffn) + s.heads * splits * (8 + 4 * s.headDim);
  return rows * perRow + 4 * s.vocab + positions * s.headDim * 4;
}

/** Everything the model allocates on the GPU with `layers` layers. */
export function modelBytes(
  s: DecodeShape,
  format: FormatId,
  positions: number,
  rows: number,
): number {
  return (
    s.layers * (layerWeightBytes(s, format) + layerCacheBytes(s, positions) + 4 * 2 * s.hidden) +
    matrixBytes(format, s.vocab, s.hidden) +
    activationBytes(s, rows, positions)
  );
}

/** cos and sin of every (position, pair) as f32: rope[2(p · hd/2 + j)] = cos, +1 = sin. */
export function ropeTable(positions: number, headDim: number): Float32Array {
  const half = headDim / 2;
  const table = new Float32Array(positions * headDim);
  for (let j = 0; j < half; j++) {
    const inv = ROPE_THETA ** (-(2 * j) / headDim);
    for (let p = 0; p < positions; p++) {
      table[2 * (p * half + j)] = Math.cos(p * inv);
      table[2 * (p * half + j) + 1] = Math.sin(p * inv);
    }
  }
  return table;
}
