// The shape of a Llama-style decoder as the GPU model and its CPU reference run it, its seeds
// (every weight, gain and prefilled cache entry comes from the counter hash, so the reference
// recomputes any of them), and the bytes it needs on the GPU.

import type { FormatId } from '../../core/formats';
import { randomWord } from '../../gpu/buffers';
import { matrixBytes } from '../formats';
import { DEFAULT_KV_ENCODING, type KvEncoding, kvCacheBytes } from './kv-cache';

export interface DecodeShape {
  hidden: number;
  /** Layers this model runs (the first k of the real model's N). */
  layers: number;
  heads: number;
  kvHeads: number;
  headDim: number;
  /** The dense MLP's intermediate size (every layer without experts). */
  ffn: number;
  vocab: number;
  /** Mixture-of-experts MLP in every layer but `denseLayers`. */
  moe?: DecodeMoe;
  /** Each layer's attention window in positions (0: every position); absent: all full. */
  windows?: readonly number[];
}

/**
 * A mixture-of-experts MLP: a router GEMV (hidden → experts), then `perToken` of the experts
 * chosen at random (routeFor), their outputs weighted by a softmax over the router's logits at
 * the chosen ones, plus a shared MLP every token runs (width `sharedFfn`, 0 for none).
 */
export interface DecodeMoe {
  experts: number;
  perToken: number;
  expertFfn: number;
  sharedFfn: number;
  denseLayers: readonly number[];
}

/** The projections of one layer, fused as engines fuse them: N×K each. */
export type LayerMatrix =
  | 'qkv'
  | 'o'
  | 'gate_up'
  | 'down'
  | 'router'
  | 'shared_gate_up'
  | 'shared_down';
/** The dense layer's projections (and the seed slot of every per-layer matrix, by index). */
export const LAYER_MATRICES: readonly LayerMatrix[] = ['qkv', 'o', 'gate_up', 'down'];
const SEED_SLOTS: readonly LayerMatrix[] = [
  ...LAYER_MATRICES,
  'router',
  'shared_gate_up',
  'shared_down',
];
/** One routed expert's projections. */
export type ExpertMatrix = 'expert_gate_up' | 'expert_down';
export const EXPERT_MATRICES: readonly ExpertMatrix[] = ['expert_gate_up', 'expert_down'];

export function matrixShape(
  s: DecodeShape,
  m: LayerMatrix | ExpertMatrix | 'head',
): { n: number; k: number } {
  const q = s.heads * s.headDim;
  const fe = s.moe?.expertFfn ?? 0;
  const fs = s.moe?.sharedFfn ?? 0;
  switch (m) {
    case 'qkv':
      return { n: q + 2 * s.kvHeads * s.headDim, k: s.hidden };
    case 'o':
      return { n: s.hidden, k: q };
    case 'gate_up':
      return { n: 2 * s.ffn, k: s.hidden };
    case 'down':
      return { n: s.hidden, k: s.ffn };
    case 'router':
      return { n: s.moe?.experts ?? 0, k: s.hidden };
    case 'expert_gate_up':
      return { n: 2 * fe, k: s.hidden };
    case 'expert_down':
      return { n: s.hidden, k: fe };
    case 'shared_gate_up':
      return { n: 2 * fs, k: s.hidden };
    case 'shared_down':
      return { n: s.hidden, k: fs };
    case 'head':
      return { n: s.vocab, k: s.hidden };
  }
}

/** Whether layer `l` runs the mixture of experts (else the dense MLP). */
export const isMoeLayer = (s: DecodeShape, l: number): boolean =>
  s.moe !== undefined && !s.moe.denseLayers.includes(l);

/** The window of layer `l` in positions; 0: it attends to every position. */
export const windowOf = (s: DecodeShape, l: number): number => s.windows?.[l] ?? 0;

/** Layer l's matrices besides the experts: attention, then the dense MLP or router and shared. */
export function layerMatrices(s: DecodeShape, l: number): LayerMatrix[] {
  if (!isMoeLayer(s, l)) return [...LAYER_MATRICES];
  const shared: LayerMatrix[] =
    (s.moe?.sharedFfn ?? 0) > 0 ? ['shared_gate_up', 'shared_down'] : [];
  return ['qkv', 'o', 'router', ...shared];
}

/**
 * The experts a token at `position` runs in layer `layer`: `perToken` distinct of `experts`,
 * uniformly at random from the counter hash (a partial Fisher–Yates shuffle), ascending. The
 * GPU model's host side and the reference draw the same.
 */
export function routeFor(
  routeSeed: number,
  moe: Pick<DecodeMoe, 'experts' | 'perToken'>,
  layer: number,
  position: number,
): number[] {
  const pool = Array.from({ length: moe.experts }, (_, i) => i);
  const base = (position * 1024 + layer) * 64;
  for (let j = 0; j < moe.perToken; j++) {
    const pick = j + (randomWord(routeSeed, base + j) % (moe.experts - j));
    [pool[j], pool[pick]] = [pool[pick] as number, pool[j] as number];
  }
  return pool.slice(0, moe.perToken).sort((a, b) => a - b);
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

/**
 * The tiny config that verifies a real model's architecture: TINY_SHAPE, with its experts where
 * it has them (4, top-2, and a shared MLP where it has one), its window layout (window 8,
 * alternating local/global where layers differ) and a head dimension other than hidden ÷ heads
 * where its own differs.
 */
export function tinyShapeFor(real: DecodeShape): DecodeShape {
  const headDim = real.heads * real.headDim === real.hidden ? TINY_SHAPE.headDim : 128;
  const moe: DecodeMoe | undefined =
    real.moe === undefined
      ? undefined
      : {
          experts: 4,
          perToken: 2,
          expertFfn: 256,
          sharedFfn: real.moe.sharedFfn > 0 ? 128 : 0,
          denseLayers: real.moe.denseLayers.length > 0 ? [0] : [],
        };
  const windowed = real.windows?.some((w) => w > 0) ?? false;
  const mixed = windowed && (real.windows?.some((w) => w === 0) ?? false);
  return {
    ...TINY_SHAPE,
    headDim,
    ...(moe === undefined ? {} : { moe }),
    ...(windowed ? { windows: mixed ? [8, 0] : [8, 8] } : {}),
  };
}

/** Llama 3's rope_theta (meta-llama/Llama-3.2-1B config.json); the same for every shape here. */
export const ROPE_THETA = 500_000;
export const RMS_EPS = 1e-5;

/** Seeds of one model: one hash stream per tensor. */
export const seeds = (seed: number) => ({
  matrix: (layer: number, m: LayerMatrix) => randomWord(seed, 16 * layer + SEED_SLOTS.indexOf(m)),
  expert: (layer: number, expert: number, m: ExpertMatrix) =>
    randomWord(seed, 0x40000 + 2 * (512 * layer + expert) + EXPERT_MATRICES.indexOf(m)),
  /** The routing draws (routeFor). */
  route: randomWord(seed, 0xfff2),
  head: randomWord(seed, 0xfff0),
  /** Gains: one stream, hidden words per norm, norm 2l (attention) and 2l + 1 (FFN), 2L final. */
  gains: randomWord(seed, 0xfff1),
  kCache: (layer: number) => randomWord(seed, 0x10000 + 2 * layer),
  vCache: (layer: number) => randomWord(seed, 0x10001 + 2 * layer),
});

/** Gains in [0.5, 1); cache entries ±[0.25, 0.5): f32 words from the hash, masked. */
export const GAIN_MASK = { keep: 0x007fffff, bits: 0x3f000000 };
export const CACHE_MASK = { keep: 0x807fffff, bits: 0x3e800000 };

/**
 * The decode attention's geometry (shaders/decode/decode_attention.wgsl): the attended positions
 * of a row (n) are cut into at most `attentionSplits(kvHeads)` splits, one workgroup per (split, KV
 * head), the split size chosen from n at run time: ⌈n ÷ splits⌉ rounded up to a multiple of
 * ATTENTION_SPLIT_STEP (every tile size divides it), at least the minimum split. Splits past the
 * row's position do not launch.
 */
export const ATTENTION_TARGET_WORKGROUPS = 2048;
/** Most splits per (row, head): the combine reads any number, the partial buffers hold this many. */
export const ATTENTION_MAX_SPLITS = 512;
/** Positions per split at least (the decode run's; tests pass smaller ones to exercise the combine). */
export const ATTENTION_MIN_SPLIT = 32;
export const ATTENTION_SPLIT_STEP = 16;

/** Splits per (row, head) at most: the target workgroups over the KV heads, capped. */
export const attentionSplits = (kvHeads: number): number =>
  Math.min(ATTENTION_MAX_SPLITS, Math.ceil(ATTENTION_TARGET_WORKGROUPS / kvHeads));

/** Positions per split over `n` attended positions (split_size in the shader). */
export function attentionSplitSize(
  n: number,
  splits: number,
  minSplit = ATTENTION_MIN_SPLIT,
): number {
  const even = Math.ceil(n / splits);
  return Math.max(minSplit, Math.ceil(even / ATTENTION_SPLIT_STEP) * ATTENTION_SPLIT_STEP);
}

/** Splits that hold any of `n` attended positions: the ones that launch. */
export const liveAttentionSplits = (
  n: number,
  splits: number,
  minSplit = ATTENTION_MIN_SPLIT,
): number => (n <= 0 ? 0 : Math.ceil(n / attentionSplitSize(n, splits, minSplit)));

/** The prefill's floats of query vectors per workgroup, and its most query vectors. */
const PREFILL_Q_FLOATS = 2048;
const PREFILL_MAX_VECTORS = 32;
/** Workgroup size of the prefill (attn_prefill). */
export const PREFILL_WORKGROUP = 128;

/**
 * Query rows per prefill workgroup (Q_TILE, query_tile in the shader): min(2048 ÷ hd, 32) query
 * vectors of one KV head's G heads, so ⌊that ÷ G⌋ rows (≥ 2 where G · hd ≤ 1024).
 */
export const prefillQueryTile = (s: Pick<DecodeShape, 'heads' | 'kvHeads' | 'headDim'>): number =>
  Math.floor(
    Math.min(Math.floor(PREFILL_Q_FLOATS / s.headDim), PREFILL_MAX_VECTORS) / (s.heads / s.kvHeads),
  );

/** The prefill's workgroups for m rows: Q tiles × KV heads. */
export const prefillWorkgroups = (
  s: Pick<DecodeShape, 'heads' | 'kvHeads' | 'headDim'>,
  m: number,
): [number, number] => [Math.ceil(m / prefillQueryTile(s)), s.kvHeads];

/**
 * The attention passes' uniform (Params in shaders/decode/decode_attention.wgsl): `rows` query
 * rows, `minSplit` positions per split at least, `splits` partials per (row, head) at most, the
 * 1/√hd scale, the layer's window.
 */
export function attentionUniform(
  s: Pick<DecodeShape, 'heads' | 'kvHeads' | 'headDim'>,
  rows: number,
  minSplit: number,
  splits: number,
  /** Positions a sliding-window layer attends to (0: all). */
  window = 0,
): Uint32Array {
  const words = new Uint32Array([rows, s.heads, s.kvHeads, s.headDim, minSplit, splits, 0, window]);
  new Float32Array(words.buffer)[6] = 1 / Math.sqrt(s.headDim);
  return words;
}

/** Bytes of layer l's weights in `format`: every expert of a mixture-of-experts layer. */
export function layerWeightBytes(s: DecodeShape, format: FormatId, l = 0): number {
  const bytes = (m: LayerMatrix | ExpertMatrix) => {
    const { n, k } = matrixShape(s, m);
    return matrixBytes(format, n, k);
  };
  const own = layerMatrices(s, l).reduce((sum, m) => sum + bytes(m), 0);
  if (!isMoeLayer(s, l)) return own;
  const expert = EXPERT_MATRICES.reduce((sum, m) => sum + bytes(m), 0);
  return own + (s.moe?.experts ?? 0) * expert;
}

/** The MLP widths a token's row runs through (SiLU·mul): the dense one, or each expert and the shared. */
export const widestFfn = (s: DecodeShape): number =>
  Math.max(s.ffn, s.moe?.expertFfn ?? 0, s.moe?.sharedFfn ?? 0);

/** Bytes of one layer's K and V caches at `positions` in `kv` (q8: scales included). */
export function layerCacheBytes(
  s: DecodeShape,
  positions: number,
  kv: KvEncoding = DEFAULT_KV_ENCODING,
): number {
  const b = kvCacheBytes(kv, positions * s.kvHeads, s.headDim);
  return 2 * (b.values + b.scales);
}

/**
 * Activation buffers for `rows` token rows at once, logits, the decode attention's partials (one
 * row's: the prefill keeps none), RoPE.
 */
export function activationBytes(s: DecodeShape, rows: number, positions: number): number {
  const q = s.heads * s.headDim;
  const qkv = q + 2 * s.kvHeads * s.headDim;
  const partials = s.heads * attentionSplits(s.kvHeads) * (8 + 4 * s.headDim);
  const experts = s.moe?.experts ?? 0;
  // A mixture of experts adds its router logits and gates, and for prompts the gathered rows.
  const moeHidden = s.moe === undefined ? 0 : s.hidden;
  const perRow = 4 * (3 * s.hidden + qkv + q + 3 * widestFfn(s) + 2 * experts + moeHidden);
  // The experts each row chose, and each expert's rows (a prompt's gather lists).
  const routes = 4 * s.layers * rows * ((s.moe?.perToken ?? 0) + experts);
  return rows * perRow + partials + routes + 4 * s.vocab + positions * s.headDim * 4;
}

/** Everything the model allocates on the GPU with `layers` layers. */
export function modelBytes(
  s: DecodeShape,
  format: FormatId,
  positions: number,
  rows: number,
  kv: KvEncoding = DEFAULT_KV_ENCODING,
): number {
  let layers = 0;
  for (let l = 0; l < s.layers; l++)
    layers += layerWeightBytes(s, format, l) + layerCacheBytes(s, positions, kv) + 4 * 2 * s.hidden;
  return layers + matrixBytes(format, s.vocab, s.hidden) + activationBytes(s, rows, positions);
}

/**
 * cos and sin of every (position, pair) as f32: rope[2(p · hd/2 + j)] = cos, +1 = sin. The GPU
 * path uploads it; the CPU reference never reads it. `angleScale` ≠ 1 makes a wrong table, for
 * the test that proves a wrong table fails the check.
 */
export function ropeTable(positions: number, headDim: number, angleScale = 1): Float32Array {
  const half = headDim / 2;
  const table = new Float32Array(positions * headDim);
  for (let j = 0; j < half; j++) {
    const inv = ROPE_THETA ** (-(2 * j) / headDim);
    for (let p = 0; p < positions; p++) {
      table[2 * (p * half + j)] = Math.cos(angleScale * p * inv);
      table[2 * (p * half + j) + 1] = Math.sin(angleScale * p * inv);
    }
  }
  return table;
}
