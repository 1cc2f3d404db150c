// The KV cache's formats: bytes as `--kv-bits` counts them, and the rounding the CPU reference
// applies to mirror the GPU's cache.

import { describe, expect, it } from 'vitest';
import { fromHalfBits, toHalfBits } from '../../src/core/half';
import {
  kvBytesPerValue,
  kvCacheBytes,
  kvCacheRefusal,
  roundKvRow,
} from '../../src/kernels/decode/kv-cache';
import { KV_FORMATS } from '../../src/model/llm/kv-format';

describe('KV-cache encodings', () => {
  it('q8 is --kv-bits 8: 34 bytes per 32 values; f16 is --kv-bits 16', () => {
    expect(kvBytesPerValue('q8', 128)).toBe(KV_FORMATS[8].bytesPerElement);
    expect(kvBytesPerValue('q8', 64)).toBe(KV_FORMATS[8].bytesPerElement);
    expect(kvBytesPerValue('f16', 128)).toBe(KV_FORMATS[16].bytesPerElement);
    // hd = 96: three blocks, their scales in two words (one half unused).
    expect(kvCacheBytes('q8', 10, 96)).toEqual({ values: 960, scales: 80 });
    expect(kvCacheRefusal('q8', 80)).toMatch(/32 divides/);
    expect(kvCacheRefusal('f16', 80)).toBeNull();
  });

  it('rounds f16 to nearest even and q8 per block of 32 to q · f16(max ÷ 127)', () => {
    const row = Float64Array.from({ length: 64 }, (_, i) => Math.sin(i + 1) * (i < 32 ? 1 : 0.01));
    const f16 = roundKvRow('f16', row);
    expect([...f16]).toEqual([...row].map((v) => fromHalfBits(toHalfBits(v))));
    const q8 = roundKvRow('q8', row);
    for (const b of [0, 32]) {
      const block = row.subarray(b, b + 32);
      const top = Math.max(...block.map(Math.abs));
      const scale = fromHalfBits(toHalfBits(Math.fround(top / 127)));
      for (let j = b; j < b + 32; j++) {
        const q = Math.round((q8[j] ?? 0) / scale);
        expect(Math.abs(q)).toBeLessThanOrEqual(127);
        expect(q8[j]).toBeCloseTo(q * scale, 15);
        expect(Math.abs((q8[j] ?? 0) - (row[j] ?? 0))).toBeLessThanOrEqual(scale / 2 + 1e-12);
      }
    }
    expect(roundKvRow('q8', new Float64Array(32))).toEqual(new Float64Array(32));
  });
});
