// IEEE 754 binary16 conversion on the CPU (Node 20 has no Float16Array).

const f32 = new Float32Array(1);
const u32 = new Uint32Array(f32.buffer);

/** Rounds a number to the nearest f16 (ties to even) and returns its 16-bit pattern. */
export function toHalfBits(value: number): number {
  f32[0] = value;
  const x = u32[0] ?? 0;
  const sign = (x >>> 16) & 0x8000;
  const exp = (x >>> 23) & 0xff;
  let mant = x & 0x7fffff;
  if (exp === 0xff) return sign | 0x7c00 | (mant ? 0x200 : 0); // inf / NaN
  let e = exp - 127 + 15;
  if (e >= 0x1f) return sign | 0x7c00; // overflow → inf
  if (e <= 0) {
    if (e < -10) return sign; // underflow → ±0
    mant |= 0x800000;
    const shift = 14 - e;
    const half = 1 << (shift - 1);
    let m = mant >>> shift;
    const rest = mant & ((1 << shift) - 1);
    if (rest > half || (rest === half && m & 1)) m++;
    return sign | m;
  }
  let m = mant >>> 13;
  const rest = mant & 0x1fff;
  if (rest > 0x1000 || (rest === 0x1000 && m & 1)) {
    m++;
    if (m === 0x400) {
      m = 0;
      e++;
      if (e >= 0x1f) return sign | 0x7c00;
    }
  }
  return sign | (e << 10) | m;
}

function halfValue(bits: number): number {
  const sign = bits & 0x8000 ? -1 : 1;
  const exp = (bits >>> 10) & 0x1f;
  const mant = bits & 0x3ff;
  if (exp === 0) return sign * mant * 2 ** -24;
  if (exp === 0x1f) return mant ? Number.NaN : sign * Number.POSITIVE_INFINITY;
  return sign * (1 + mant / 1024) * 2 ** (exp - 15);
}

/** Every f16 pattern's value, made on first use: the CPU references decode millions of them. */
let halfValues: Float64Array | null = null;

export function fromHalfBits(bits: number): number {
  if (halfValues === null)
    halfValues = Float64Array.from({ length: 0x10000 }, (_, b) => halfValue(b));
  return halfValues[bits & 0xffff] ?? Number.NaN;
}

/** Rounds to the nearest f16 value. */
export const roundHalf = (value: number): number => fromHalfBits(toHalfBits(value));
