import { describe, expect, it } from 'vitest';
import { getModel, paramCount } from '../../../src/model/llm/models';
import {
  GGML_TYPE_BITS,
  layoutDecodeBytes,
  layoutFileBits,
  layoutMemoryBytes,
  UnknownLayoutError,
  weightLayout,
} from '../../../src/model/llm/weight-layout';

const llama3 = getModel('llama-3-8b');
const llama2 = getModel('llama-2-7b');
const tiny = getModel('llama-3.2-1b');

describe('weight layouts: the output head keeps its own bits', () => {
  it('ggml block sizes', () => {
    expect(GGML_TYPE_BITS.Q4_0).toBe(4.5);
    expect(GGML_TYPE_BITS.Q8_0).toBe(8.5);
    expect(GGML_TYPE_BITS.Q6_K).toBe(6.5625);
    expect(GGML_TYPE_BITS.Q4_K).toBe(4.5);
  });

  it('says what unpacking each format takes: none for floats, one scale per block, or k-quant', () => {
    expect(weightLayout(llama3, 'F16').unpack).toBe('none');
    expect(weightLayout(llama3, 'bf16').unpack).toBe('none');
    expect(weightLayout(llama3, 'Q8_0').unpack).toBe('block');
    expect(weightLayout(llama3, 'Q4_0').unpack).toBe('block');
    expect(weightLayout(llama3, 'q4f16_1').unpack).toBe('block');
    expect(weightLayout(llama3, 'int4-g128').unpack).toBe('block');
    expect(weightLayout(llama3, 'Q4_K_M').unpack).toBe('k-quant');
    expect(weightLayout(llama3, 'Q5_K_M').unpack).toBe('k-quant');
    expect(weightLayout(llama3, 'Q6_K').unpack).toBe('k-quant');
  });

  it('a Q4_0 Llama-3-8B file is 4.63 bits per weight (output.weight at Q6_K), not 4.5', () => {
    const q4 = weightLayout(llama3, 'Q4_0');
    expect(q4.bodyBits).toBe(4.5);
    expect(q4.headBits).toBe(6.5625);
    // 4.635: the public table rounds it to 4.63.
    expect(layoutFileBits(llama3, q4)).toBeGreaterThan(4.625);
    expect(layoutFileBits(llama3, q4)).toBeLessThan(4.64);
  });

  it('a Q4_0 Llama-2-7B file is 4.54 bits per weight: llama-bench reports 3.56 GiB', () => {
    const q4 = weightLayout(llama2, 'q4_0');
    expect(layoutFileBits(llama2, q4)).toBeCloseTo(4.54, 2);
    expect(layoutMemoryBytes(llama2, q4) / 2 ** 30).toBeCloseTo(3.56, 2);
  });

  it('Q8_0 keeps the head at Q8_0: 8.5 everywhere', () => {
    const q8 = weightLayout(llama3, 'Q8_0');
    expect(q8.headBits).toBe(8.5);
    expect(layoutFileBits(llama3, q8)).toBeCloseTo(8.5, 3);
  });

  it('decode reads the whole head at Q6_K and one embedding row', () => {
    const q4 = weightLayout(llama3, 'Q4_0');
    const p = paramCount(llama3);
    const head = llama3.vocabSize * llama3.hiddenSize;
    const expected =
      (p.layerMatrices * 4.5 + head * 6.5625 + llama3.hiddenSize * 4.5 + p.small * 16) / 8;
    expect(layoutDecodeBytes(llama3, q4)).toBeCloseTo(expected, 0);
    // More than a uniform 4.5 bits would say.
    expect(layoutDecodeBytes(llama3, q4)).toBeGreaterThan(((p.layerMatrices + head) * 4.5) / 8);
  });

  it('tied models store one table, at the head’s bits', () => {
    const q4 = weightLayout(tiny, 'Q4_K_M');
    expect(q4.embeddingBits).toBe(q4.headBits);
    expect(paramCount(tiny).head).toBe(0);
  });

  it('a file’s overall bits pin a k-quant’s body bits, and reproduce the file', () => {
    const q4km = weightLayout(llama3, 'Q4_K_M', 4.9);
    expect(q4km.bodyBits).toBeGreaterThan(4.5);
    expect(q4km.bodyBits).toBeLessThan(5);
    expect(layoutFileBits(llama3, q4km)).toBeCloseTo(4.9, 6);
  });

  it('FP8 keeps embedding and head in 16 bits', () => {
    const fp8 = weightLayout(llama3, 'FP8');
    expect([fp8.bodyBits, fp8.headBits, fp8.embeddingBits]).toEqual([8, 16, 16]);
  });

  it('refuses a format it has no layout for', () => {
    expect(() => weightLayout(llama3, 'q3_k_s')).toThrow(UnknownLayoutError);
  });
});
