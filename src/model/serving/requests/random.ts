// A small seeded PRNG so a simulation is the same for the same seed on every machine:
// xoshiro128** (Blackman & Vigna, https://prng.di.unimi.it/xoshiro128starstar.c), its state
// filled splitmix-style (golden-ratio increments through MurmurHash3's fmix32 finaliser).
// Math.random is never used.

/** A stream of uniform numbers in [0, 1). */
export interface Rng {
  next(): number;
}

/** x + golden ratio, then MurmurHash3's fmix32: used to seed and to derive independent streams. */
export function mix32(x: number): number {
  let z = (x + 0x9e3779b9) | 0;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  return (z ^ (z >>> 16)) >>> 0;
}

/** A seed for sub-stream `stream` of `seed`: streams of one seed do not overlap in practice. */
export function deriveSeed(seed: number, stream: number): number {
  return mix32(mix32(seed >>> 0) ^ Math.imul(stream + 1, 0x27d4eb2d));
}

const rotl = (x: number, k: number) => (x << k) | (x >>> (32 - k));

class Xoshiro128 implements Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(state: readonly [number, number, number, number]) {
    [this.a, this.b, this.c, this.d] = state.map((x) => x | 0) as [number, number, number, number];
    if ((this.a | this.b | this.c | this.d) === 0) this.a = 1; // the all-zero state is a fixed point
  }

  next(): number {
    const result = Math.imul(rotl(Math.imul(this.b, 5), 7), 9) >>> 0;
    const t = this.b << 9;
    this.c ^= this.a;
    this.d ^= this.b;
    this.b ^= this.c;
    this.a ^= this.d;
    this.c ^= t;
    this.d = rotl(this.d, 11);
    return result / 4294967296;
  }
}

export function createRng(seed: number): Rng {
  if (!Number.isFinite(seed)) throw new RangeError('seed must be a finite number');
  let s = Math.trunc(seed) >>> 0;
  const take = () => {
    s = (s + 0x9e3779b9) >>> 0;
    return mix32(s);
  };
  return new Xoshiro128([take(), take(), take(), take()]);
}

/** The generator from an explicit 128-bit state (for checking against the reference outputs). */
export const rngFromState = (state: readonly [number, number, number, number]): Rng =>
  new Xoshiro128(state);

/** Exponential with the given mean (inverse CDF; 1 − u is never 0). */
export const exponential = (rng: Rng, mean: number): number => -mean * Math.log(1 - rng.next());

/** Standard normal by Box–Muller (two uniforms per sample; no cached spare, so order is simple). */
export function standardNormal(rng: Rng): number {
  const u = 1 - rng.next();
  const v = rng.next();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}
