// Weight formats: how many bits each weight costs in memory, scales included.

/** The kernel formats the benchmark measures (see ResultRow.format). */
export type KernelFormat = 'f32' | 'fp16' | 'int8' | 'int4';

export interface WeightFormat {
  /** Canonical id: 'fp16' | 'int8' | 'int4' | 'f32', or 'custom'. */
  id: string;
  /** Bits per weight including per-group scales. */
  bitsPerWeight: number;
  /** Which measured kernel rows stand in for this format (measured mode). */
  kernel: KernelFormat;
  description: string;
}

/** Groups of 32 weights share one f16 scale: 16 / 32 = 0.5 extra bits per weight. */
const GROUP32_F16_SCALE_BITS = 16 / 32;

export const WEIGHT_FORMATS: Readonly<Record<KernelFormat, WeightFormat>> = {
  f32: { id: 'f32', bitsPerWeight: 32, kernel: 'f32', description: 'float32' },
  fp16: { id: 'fp16', bitsPerWeight: 16, kernel: 'fp16', description: 'float16' },
  int8: {
    id: 'int8',
    bitsPerWeight: 8 + GROUP32_F16_SCALE_BITS,
    kernel: 'int8',
    description: 'int8, groups of 32 with an f16 scale (like llama.cpp Q8_0)',
  },
  int4: {
    id: 'int4',
    bitsPerWeight: 4 + GROUP32_F16_SCALE_BITS,
    kernel: 'int4',
    description: 'int4, groups of 32 with an f16 scale (like llama.cpp Q4_0, MLC q4f16_1)',
  },
};

export const FORMAT_ALIASES: Readonly<Record<string, KernelFormat>> = {
  fp32: 'f32',
  float32: 'f32',
  f16: 'fp16',
  float16: 'fp16',
  q8_0: 'int8',
  q4_0: 'int4',
  q4f16_1: 'int4',
};

export class UnknownFormatError extends Error {
  constructor(readonly formatName: string) {
    const known = [...Object.keys(WEIGHT_FORMATS), ...Object.keys(FORMAT_ALIASES)].join(', ');
    super(`Unknown weight format "${formatName}"; known: ${known}`);
    this.name = 'UnknownFormatError';
  }
}

/** The canonical kernel format for a name or alias (case-insensitive), or undefined. */
export function formatId(name: string): KernelFormat | undefined {
  const key = name.trim().toLowerCase();
  if (key in WEIGHT_FORMATS) return key as KernelFormat;
  return FORMAT_ALIASES[key];
}

/**
 * Resolves a format name or alias. `bitsPerWeight` overrides the cost for anything the
 * presets do not cover (AWQ at group 128 ≈ 4.25, FP8 = 8, …); the named format still picks
 * which measured kernels stand in for it, and the id becomes 'custom'.
 */
export function resolveFormat(name: string, bitsPerWeight?: number): WeightFormat {
  const id = formatId(name);
  if (id === undefined) throw new UnknownFormatError(name);
  const base = WEIGHT_FORMATS[id];
  if (bitsPerWeight === undefined) return base;
  if (!Number.isFinite(bitsPerWeight) || bitsPerWeight <= 0 || bitsPerWeight > 64) {
    throw new RangeError(`bits per weight must be in (0, 64], got ${bitsPerWeight}`);
  }
  return {
    id: 'custom',
    bitsPerWeight,
    kernel: base.kernel,
    description: `${bitsPerWeight} bits/weight (custom; measured as ${base.id})`,
  };
}

/** Bytes taken by `count` weights in `format`. */
export function weightBytes(count: number, format: WeightFormat): number {
  return (count * format.bitsPerWeight) / 8;
}
