// KV-cache element formats: 16-bit, or 8-/4-bit blocks of 32 values with one f16 scale each
// (llama.cpp's q8_0 / q4_0 cache types: --cache-type-k/-v). The scale is counted in the bytes.

export const KV_BITS = [16, 8, 4] as const;
export type KvBits = (typeof KV_BITS)[number];

export interface KvFormat {
  bits: KvBits;
  /** Values sharing one scale; 0 for 16-bit (no scale). */
  block: number;
  /** Bits of each block's scale. */
  scaleBits: number;
  /** Bytes per cached value, scales included. */
  bytesPerElement: number;
  source: string;
}

const GGML_BLOCKS =
  'ggml block_q8_0 / block_q4_0: 32 values + one f16 scale (ggml/src/ggml-common.h); llama.cpp --cache-type-k/-v q8_0 | q4_0';

const blockFormat = (bits: 8 | 4): KvFormat => ({
  bits,
  block: 32,
  scaleBits: 16,
  bytesPerElement: (32 * bits + 16) / 8 / 32,
  source: GGML_BLOCKS,
});

export const KV_FORMATS: Readonly<Record<KvBits, KvFormat>> = {
  16: { bits: 16, block: 0, scaleBits: 0, bytesPerElement: 2, source: 'fp16 / bf16' },
  8: blockFormat(8),
  4: blockFormat(4),
};

export function isKvBits(v: number): v is KvBits {
  return (KV_BITS as readonly number[]).includes(v);
}
