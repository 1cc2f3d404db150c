// The check that holds the GPU's int8 quantization of x to its definition (no GPU here: the
// quantized words are made on the CPU the way quantize_x.wgsl makes them).

import { describe, expect, it } from 'vitest';
import { fromHalfBits, toHalfBits } from '../../src/core/half';
import { checkQuantized, QUANTIZED_GROUP_WORDS } from '../../src/kernels/quantize-x';

/** x quantized as quantize_x.wgsl does it. */
function quantize(x: Float32Array): Uint32Array {
  const words = new Uint32Array((x.length / 32) * QUANTIZED_GROUP_WORDS);
  const bytes = new Int8Array(words.buffer);
  const floats = new Float32Array(words.buffer);
  const ints = new Int32Array(words.buffer);
  for (let g = 0; g < x.length / 32; g++) {
    let amax = 0;
    for (let c = 0; c < 32; c++) amax = Math.max(amax, Math.abs(x[32 * g + c] ?? 0));
    const scale = fromHalfBits(toHalfBits(amax / 127));
    let sum = 0;
    for (let c = 0; c < 32; c++) {
      const q =
        scale === 0 ? 0 : Math.max(-127, Math.min(127, Math.round((x[32 * g + c] ?? 0) / scale)));
      bytes[4 * g * QUANTIZED_GROUP_WORDS + c] = q;
      sum += q;
    }
    floats[g * QUANTIZED_GROUP_WORDS + 8] = scale;
    ints[g * QUANTIZED_GROUP_WORDS + 9] = sum;
  }
  return words;
}

const x = Float32Array.from({ length: 96 }, (_, i) => Math.sin(i * 0.731 + 3.1) * 0.999);

describe('checkQuantized', () => {
  it('accepts x quantized by the definition and gives the reference q · scale', () => {
    const values = new Float32Array(96);
    expect(checkQuantized(x, quantize(x), values)).toBeNull();
    for (let i = 0; i < 96; i++)
      expect(Math.abs((values[i] ?? 0) - (x[i] ?? 0))).toBeLessThan(0.005);
  });

  it('refuses a q one step off, a wrong sum and a wrong scale', () => {
    const values = new Float32Array(96);
    const offByOne = quantize(x);
    const bytes = new Int8Array(offByOne.buffer);
    bytes[5] = (bytes[5] ?? 0) + 1;
    expect(checkQuantized(x, offByOne, values)).toMatch(/x\[5\]/);
    const badSum = quantize(x);
    badSum[QUANTIZED_GROUP_WORDS + 9] = 12345;
    expect(checkQuantized(x, badSum, values)).toMatch(/group 1: sum/);
    const badScale = quantize(x);
    new Float32Array(badScale.buffer)[2 * QUANTIZED_GROUP_WORDS + 8] = 0.5;
    expect(checkQuantized(x, badScale, values)).toMatch(/group 2: scale/);
  });
});
