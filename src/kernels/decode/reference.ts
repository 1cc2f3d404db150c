// The decoder on the CPU in f64, from the same hash as the GPU model: weights exactly as the GPU
// sees them (weightReader over randomMatrixWords), the same f32 gains, prefilled cache entries
// and RoPE table. Used to verify the GPU model before anything is timed.

import type { FormatId } from '../../core/formats';
import { randomWord } from '../../gpu/buffers';
import { type MatrixWords, randomMatrixWords, weightReader } from '../formats';
import {
  CACHE_MASK,
  type DecodeShape,
  GAIN_MASK,
  type LayerMatrix,
  matrixShape,
  RMS_EPS,
  ropeTable,
  seeds,
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

/** Matrices up to this many weights are decoded once and kept (the tiny config's all are). */
const KEEP_WEIGHTS = 1 << 22;

/** A matrix's weights as f64, decoded from its words once. */
class Weights {
  private readonly all: Float64Array | null;
  private readonly read: (row: number, col: number) => number;
  constructor(readonly words: MatrixWords) {
    this.read = weightReader(words);
    this.all = words.n * words.k <= KEEP_WEIGHTS ? this.decode(0, words.n) : null;
  }

  private decode(from: number, to: number): Float64Array {
    const { k } = this.words;
    const out = new Float64Array((to - from) * k);
    for (let r = from; r < to; r++)
      for (let c = 0; c < k; c++) out[(r - from) * k + c] = this.read(r, c);
    return out;
  }

  /** Row r (a view where the matrix is kept, else decoded now). */
  row(r: number): Float64Array {
    const k = this.words.k;
    return this.all ? this.all.subarray(r * k, (r + 1) * k) : this.decode(r, r + 1);
  }

  /** y = W·x, row by row. */
  times(x: Float64Array): Float64Array {
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
  private readonly rope: Float32Array;
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
  ) {
    this.seed = seeds(seed);
    this.rope = ropeTable(positions, shape.headDim);
    this.position = context;
    const width = shape.kvHeads * shape.headDim;
    for (let l = 0; l < shape.layers; l++) {
      const k = new Float64Array(positions * width);
      const v = new Float64Array(positions * width);
      for (let i = 0; i < context * width; i++) {
        k[i] = maskedFloat(this.seed.kCache(l), i, CACHE_MASK);
        v[i] = maskedFloat(this.seed.vCache(l), i, CACHE_MASK);
      }
      this.kCache.push(k);
      this.vCache.push(v);
    }
  }

  private readonly weights = new Map<string, Weights>();

  private matrix(layer: number, m: LayerMatrix | 'head'): Weights {
    const key = `${layer} ${m}`;
    let w = this.weights.get(key);
    if (!w) {
      const { n, k } = matrixShape(this.shape, m);
      const seed = m === 'head' ? this.seed.head : this.seed.matrix(layer, m);
      w = new Weights(randomMatrixWords(this.format, n, k, seed));
      this.weights.set(key, w);
    }
    return w;
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
    let xs = rows.map((r) => r.slice());
    for (let l = 0; l < layers; l++) {
      const attnOut = xs.map((x, i) => this.attention(l, this.rmsnorm(x, 2 * l), start + i));
      const o = this.matrix(l, 'o');
      xs = xs.map((x, i) => add(x, o.times(attnOut[i] as Float64Array)));
      const gateUp = this.matrix(l, 'gate_up');
      const down = this.matrix(l, 'down');
      xs = xs.map((x) => {
        const gu = gateUp.times(this.rmsnorm(x, 2 * l + 1));
        const h = Float64Array.from({ length: s.ffn }, (_, j) => {
          const g = gu[j] ?? 0;
          return (g / (1 + Math.exp(-g))) * (gu[s.ffn + j] ?? 0);
        });
        return add(x, down.times(h));
      });
    }
    this.position = start + rows.length;
    return xs;
  }

  /** Q, K, V for one row; RoPE; append K, V at `pos`; attention over 0 … pos. */
  private attention(layer: number, xn: Float64Array, pos: number): Float64Array {
    const s = this.shape;
    const hd = s.headDim;
    const half = hd / 2;
    const qkv = this.matrix(layer, 'qkv').times(xn);
    const rotate = (v: Float64Array, at: number) => {
      for (let j = 0; j < half; j++) {
        const c = this.rope[2 * (pos * half + j)] ?? 0;
        const sn = this.rope[2 * (pos * half + j) + 1] ?? 0;
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
    for (let i = 0; i < width; i++) {
      k[pos * width + i] = qkv[kOff + i] ?? 0;
      v[pos * width + i] = qkv[kOff + width + i] ?? 0;
    }
    return attendReference(qkv, k, v, pos + 1, s);
  }

  /** Logits of the last row after the final norm. */
  logits(x: Float64Array): Float64Array {
    return this.matrix(-1, 'head').times(this.rmsnorm(x, 2 * this.shape.layers));
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
 * One query row's attention in f64: q (heads × hd, roped) over cached positions 0 … positions − 1
 * of k and v ([position][kv head][hd]); query head h reads KV head h ÷ (heads ÷ kvHeads).
 */
export function attendReference(
  q: ArrayLike<number>,
  k: ArrayLike<number>,
  v: ArrayLike<number>,
  positions: number,
  s: Pick<DecodeShape, 'heads' | 'kvHeads' | 'headDim'>,
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
    for (let t = 0; t < positions; t++) {
      let dot = 0;
      for (let d = 0; d < hd; d++) dot += (q[h * hd + d] ?? 0) * (k[t * width + kvh * hd + d] ?? 0);
      scores[t] = dot * scale;
      max = Math.max(max, dot * scale);
    }
    let sum = 0;
    for (let t = 0; t < positions; t++) {
      scores[t] = Math.exp((scores[t] ?? 0) - max);
      sum += scores[t] ?? 0;
    }
    for (let t = 0; t < positions; t++) {
      const p = (scores[t] ?? 0) / sum;
      for (let d = 0; d < hd; d++)
        out[h * hd + d] = (out[h * hd + d] ?? 0) + p * (v[t * width + kvh * hd + d] ?? 0);
    }
  }
  return out;
}
