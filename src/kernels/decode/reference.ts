// The decoder on the CPU in f64, from the same hash as the GPU model: weights exactly as the GPU
// sees them (weightRowReader over randomMatrixWords), the same f32 gains, prefilled cache entries
// and RoPE table; the same random routing (routeFor) in mixture-of-experts layers and the same
// windows. RoPE is its own: the rotary angles come from θ and the position in f64, never from
// the f32 table the GPU path uploads. Used to verify the GPU model before anything is timed.

import type { FormatId } from '../../core/formats';
import { roundHalf } from '../../core/half';
import { randomWord } from '../../gpu/buffers';
import { type MatrixWords, randomMatrixWords, weightRowReader } from '../formats';
import { DEFAULT_KV_ENCODING, type KvEncoding, roundKvRow } from './kv-cache';
import {
  CACHE_MASK,
  type DecodeShape,
  type ExpertMatrix,
  GAIN_MASK,
  isMoeLayer,
  type LayerMatrix,
  matrixShape,
  RMS_EPS,
  ROPE_THETA,
  routeFor,
  seeds,
  windowOf,
} from './shape';

const f32 = new Float32Array(1);
const u32 = new Uint32Array(f32.buffer);
/** The f32 value of a masked hash word. */
export function maskedFloat(
  seed: number,
  index: number,
  mask: { keep: number; bits: number },
): number {
  u32[0] = ((randomWord(seed, index) & mask.keep) | mask.bits) >>> 0;
  return f32[0] ?? 0;
}

/** How a GEMV reads x: the f32 values, rounded to f16, or quantized to int8 in groups of 32. */
export type GemvXForm = 'f32' | 'f16' | 'int8';

/**
 * x as a GEMV of this form reads it: each value rounded to f16, or (shaders/x/quantize_x.wgsl)
 * each group of 32 as q · s with s = max |x| ÷ 127 in f32, its mantissa cut to 10 bits, and
 * q = round(x ÷ s) in ±127.
 */
export function roundX(x: Float64Array, form: GemvXForm): Float64Array {
  if (form === 'f32') return x;
  if (form === 'f16') return Float64Array.from(x, roundHalf);
  const out = new Float64Array(x.length);
  for (let g = 0; g < x.length; g += 32) {
    let amax = 0;
    for (let c = g; c < g + 32; c++) amax = Math.max(amax, Math.abs(x[c] ?? 0));
    const scale = tenBitMantissa(amax / 127);
    for (let c = g; c < g + 32; c++) {
      const q = scale > 0 ? Math.max(-127, Math.min(127, Math.round((x[c] ?? 0) / scale))) : 0;
      out[c] = q * scale;
    }
  }
  return out;
}

const f32Word = new Float32Array(1);
const u32Word = new Uint32Array(f32Word.buffer);

/** v as an f32 with its mantissa cut to f16's 10 bits (as shaders/x/quantize_x.wgsl does). */
function tenBitMantissa(v: number): number {
  f32Word[0] = v;
  u32Word[0] = (u32Word[0] ?? 0) & 0xffffe000;
  return f32Word[0] ?? 0;
}

/** Matrices up to this many weights are decoded once and kept (the tiny config's all are). */
const KEEP_WEIGHTS = 1 << 22;

/** A matrix's weights as f64, decoded from its words once. */
class Weights {
  private readonly all: Float64Array | null;
  private readonly readRow: (row: number) => Float64Array;
  constructor(
    readonly words: MatrixWords,
    /** The x a one-row product reads (a prompt's GEMM always reads f32 x). */
    private readonly gemvX: GemvXForm = 'f32',
  ) {
    this.readRow = weightRowReader(words);
    this.all = words.n * words.k <= KEEP_WEIGHTS ? this.decode(0, words.n) : null;
  }

  private decode(from: number, to: number): Float64Array {
    const { k } = this.words;
    const out = new Float64Array((to - from) * k);
    for (let r = from; r < to; r++) out.set(this.readRow(r), (r - from) * k);
    return out;
  }

  /** Row r (a view where the matrix is kept, else decoded now). */
  row(r: number): Float64Array {
    const k = this.words.k;
    return this.all ? this.all.subarray(r * k, (r + 1) * k) : this.readRow(r);
  }

  /** y = W·x, row by row; `oneRow`: a one-token step, whose GEMV reads x in `gemvX`'s form. */
  times(x: Float64Array, oneRow = false): Float64Array {
    if (oneRow && this.gemvX !== 'f32') x = roundX(x, this.gemvX);
    const y = new Float64Array(this.words.n);
    for (let r = 0; r < this.words.n; r++) {
      const w = this.row(r);
      let acc = 0;
      for (let c = 0; c < w.length; c++) acc += (w[c] ?? 0) * (x[c] ?? 0);
      y[r] = acc;
    }
    return y;
  }
}

export class ReferenceDecoder {
  private readonly seed: ReturnType<typeof seeds>;
  /** Per layer, K and V by position: [pos][kv head][hd], filled lazily from the hash. */
  private readonly kCache: Float64Array[] = [];
  private readonly vCache: Float64Array[] = [];
  position: number;

  constructor(
    readonly shape: DecodeShape,
    readonly format: FormatId,
    seed: number,
    /** Positions prefilled with random entries. */
    readonly context: number,
    positions: number,
    /** The cache's format: every row it holds is rounded as the GPU's cache rounds it. */
    readonly kv: KvEncoding = DEFAULT_KV_ENCODING,
    /** The x each matrix's one-row GEMV reads (by its shape), rounded here as the GPU rounds it. */
    private readonly gemvX: (n: number, k: number) => GemvXForm = () => 'f32',
  ) {
    this.seed = seeds(seed);
    this.position = context;
    const width = shape.kvHeads * shape.headDim;
    for (let l = 0; l < shape.layers; l++) {
      const k = new Float64Array(positions * width);
      const v = new Float64Array(positions * width);
      for (let i = 0; i < context * width; i++) {
        k[i] = maskedFloat(this.seed.kCache(l), i, CACHE_MASK);
        v[i] = maskedFloat(this.seed.vCache(l), i, CACHE_MASK);
      }
      for (let p = 0; p < context; p++) {
        this.storeRow(k, p, k.subarray(p * width, (p + 1) * width));
        this.storeRow(v, p, v.subarray(p * width, (p + 1) * width));
      }
      this.kCache.push(k);
      this.vCache.push(v);
    }
  }

  /** Position p's K or V (every KV head) into `cache`, each head's row rounded as the cache does. */
  private storeRow(cache: Float64Array, p: number, values: ArrayLike<number>): void {
    const hd = this.shape.headDim;
    const width = this.shape.kvHeads * hd;
    const row = Float64Array.from(values);
    for (let h = 0; h < this.shape.kvHeads; h++)
      cache.set(roundKvRow(this.kv, row.subarray(h * hd, (h + 1) * hd)), p * width + h * hd);
  }

  private readonly weights = new Map<string, Weights>();
  /** Whether the rows now running are one token's (GEMVs) or a prompt's (GEMMs). */
  private oneRow = false;

  private matrix(layer: number, m: LayerMatrix | 'head'): Weights {
    return this.cached(
      `${layer} ${m}`,
      m,
      m === 'head' ? this.seed.head : this.seed.matrix(layer, m),
    );
  }

  private expert(layer: number, expert: number, m: ExpertMatrix): Weights {
    return this.cached(`${layer} ${expert} ${m}`, m, this.seed.expert(layer, expert, m));
  }

  private cached(key: string, m: LayerMatrix | ExpertMatrix | 'head', seed: number): Weights {
    let w = this.weights.get(key);
    if (!w) {
      const { n, k } = matrixShape(this.shape, m);
      w = new Weights(randomMatrixWords(this.format, n, k, seed), this.gemvX(n, k));
      this.weights.set(key, w);
    }
    return w;
  }

  /** gate_up → SiLU·mul → down. */
  private mlp(gateUp: Weights, down: Weights, width: number, xn: Float64Array): Float64Array {
    const gu = gateUp.times(xn, this.oneRow);
    const h = Float64Array.from({ length: width }, (_, j) => {
      const g = gu[j] ?? 0;
      return (g / (1 + Math.exp(-g))) * (gu[width + j] ?? 0);
    });
    return down.times(h, this.oneRow);
  }

  /**
   * A mixture-of-experts MLP for the row at `pos`: the router's logits, the experts routeFor
   * drew (ascending), each weighted by the softmax of the logits at the chosen, added in that
   * order; then the shared MLP.
   */
  private moe(layer: number, x: Float64Array, xn: Float64Array, pos: number): Float64Array {
    const moe = this.shape.moe;
    if (moe === undefined) return x;
    const logits = this.matrix(layer, 'router').times(xn, this.oneRow);
    const route = routeFor(this.seed.route, moe, layer, pos);
    const top = Math.max(...route.map((e) => logits[e] ?? 0));
    const weights = route.map((e) => Math.exp((logits[e] ?? 0) - top));
    const sum = weights.reduce((a, b) => a + b, 0);
    let out = x;
    route.forEach((e, j) => {
      const y = this.mlp(
        this.expert(layer, e, 'expert_gate_up'),
        this.expert(layer, e, 'expert_down'),
        moe.expertFfn,
        xn,
      );
      const g = (weights[j] ?? 0) / sum;
      out = Float64Array.from(out, (v, i) => v + g * (y[i] ?? 0));
    });
    if (moe.sharedFfn > 0) {
      const shared = this.mlp(
        this.matrix(layer, 'shared_gate_up'),
        this.matrix(layer, 'shared_down'),
        moe.sharedFfn,
        xn,
      );
      out = add(out, shared);
    }
    return out;
  }

  private rmsnorm(x: Float64Array, norm: number): Float64Array {
    const h = this.shape.hidden;
    let sum = 0;
    for (const v of x) sum += v * v;
    const inv = 1 / Math.sqrt(sum / h + Math.fround(RMS_EPS));
    return Float64Array.from(
      x,
      (v, i) => v * inv * maskedFloat(this.seed.gains, norm * h + i, GAIN_MASK),
    );
  }

  embed(token: number): Float64Array {
    return this.matrix(-1, 'head').row(token).slice();
  }

  /**
   * Runs `layers` layers over token rows at positions position, position + 1, … (causal) and
   * returns each row's residual stream; the caches gain the rows and the position advances.
   */
  layersForward(rows: Float64Array[], layers = this.shape.layers): Float64Array[] {
    const s = this.shape;
    const start = this.position;
    // One row runs the GEMVs (x as they read it), more the GEMMs (f32 x).
    this.oneRow = rows.length === 1;
    let xs: Float64Array[] = rows.map((r) => r.slice());
    for (let l = 0; l < layers; l++) {
      const attnOut = xs.map((x, i) => this.attention(l, this.rmsnorm(x, 2 * l), start + i));
      const o = this.matrix(l, 'o');
      xs = xs.map((x, i) => add(x, o.times(attnOut[i] as Float64Array, this.oneRow)));
      xs = xs.map((x, i) => {
        const xn = this.rmsnorm(x, 2 * l + 1);
        if (isMoeLayer(s, l)) return this.moe(l, x, xn, start + i);
        return add(x, this.mlp(this.matrix(l, 'gate_up'), this.matrix(l, 'down'), s.ffn, xn));
      });
    }
    this.position = start + rows.length;
    return xs;
  }

  /** Q, K, V for one row; RoPE; append K, V at `pos`; attention over 0 … pos (or its window). */
  private attention(layer: number, xn: Float64Array, pos: number): Float64Array {
    const s = this.shape;
    const hd = s.headDim;
    const half = hd / 2;
    const qkv = this.matrix(layer, 'qkv').times(xn, this.oneRow);
    // Pair j turns by pos · θ^(−2j/hd) (Llama's rotate-half RoPE), computed here in f64.
    const angles = Array.from({ length: half }, (_, j) => pos * ROPE_THETA ** (-(2 * j) / hd));
    const rotate = (v: Float64Array, at: number) => {
      for (let j = 0; j < half; j++) {
        const c = Math.cos(angles[j] ?? 0);
        const sn = Math.sin(angles[j] ?? 0);
        const x0 = v[at + j] ?? 0;
        const x1 = v[at + j + half] ?? 0;
        v[at + j] = x0 * c - x1 * sn;
        v[at + j + half] = x1 * c + x0 * sn;
      }
    };
    for (let h = 0; h < s.heads + s.kvHeads; h++) rotate(qkv, h * hd);
    const width = s.kvHeads * hd;
    const k = this.kCache[layer] as Float64Array;
    const v = this.vCache[layer] as Float64Array;
    const kOff = s.heads * hd;
    this.storeRow(k, pos, qkv.subarray(kOff, kOff + width));
    this.storeRow(v, pos, qkv.subarray(kOff + width, kOff + 2 * width));
    const window = windowOf(s, layer);
    const first = window > 0 ? Math.max(0, pos + 1 - window) : 0;
    return attendReference(qkv, k, v, pos + 1, s, first);
  }

  /** Logits of the last row after the final norm. */
  logits(x: Float64Array): Float64Array {
    return this.matrix(-1, 'head').times(this.rmsnorm(x, 2 * this.shape.layers), true);
  }

  /** One full step over token rows: the last row's logits and greedy token. */
  step(tokens: readonly number[]): { logits: Float64Array; token: number } {
    const xs = this.layersForward(tokens.map((t) => this.embed(t)));
    const logits = this.logits(xs[xs.length - 1] as Float64Array);
    return { logits, token: argmax(logits) };
  }
}

const add = (a: Float64Array, b: Float64Array) => Float64Array.from(a, (v, i) => v + (b[i] ?? 0));

export function argmax(values: ArrayLike<number>): number {
  let best = 0;
  for (let i = 1; i < values.length; i++) if ((values[i] ?? 0) > (values[best] ?? 0)) best = i;
  return best;
}

/**
 * One query row's attention in f64: q (heads × hd, roped) over cached positions first … positions − 1
 * of k and v ([position][kv head][hd]); query head h reads KV head h ÷ (heads ÷ kvHeads).
 */
export function attendReference(
  q: ArrayLike<number>,
  k: ArrayLike<number>,
  v: ArrayLike<number>,
  positions: number,
  s: Pick<DecodeShape, 'heads' | 'kvHeads' | 'headDim'>,
  /** The first position attended (a sliding window's start). */
  first = 0,
): Float64Array {
  const hd = s.headDim;
  const width = s.kvHeads * hd;
  const out = new Float64Array(s.heads * hd);
  const group = s.heads / s.kvHeads;
  const scale = Math.fround(1 / Math.sqrt(hd));
  for (let h = 0; h < s.heads; h++) {
    const kvh = Math.floor(h / group);
    const scores = new Float64Array(positions);
    let max = Number.NEGATIVE_INFINITY;
    for (let t = first; t < positions; t++) {
      let dot = 0;
      for (let d = 0; d < hd; d++) dot += (q[h * hd + d] ?? 0) * (k[t * width + kvh * hd + d] ?? 0);
      scores[t] = dot * scale;
      max = Math.max(max, dot * scale);
    }
    let sum = 0;
    for (let t = first; t < positions; t++) {
      scores[t] = Math.exp((scores[t] ?? 0) - max);
      sum += scores[t] ?? 0;
    }
    for (let t = first; t < positions; t++) {
      const p = (scores[t] ?? 0) / sum;
      for (let d = 0; d < hd; d++)
        out[h * hd + d] = (out[h * hd + d] ?? 0) + p * (v[t * width + kvh * hd + d] ?? 0);
    }
  }
  return out;
}
