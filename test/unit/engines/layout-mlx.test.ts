import { describe, expect, it } from 'vitest';
import { getModel } from '../../../src/model/llm/models';
import {
  layoutFileBits,
  MLX_AFFINE_BITS,
  weightLayout,
} from '../../../src/model/llm/weight-layout';

const llama3 = getModel('llama-3-8b');
const tiny = getModel('llama-3.2-1b');

describe('MLX affine layouts (mlx_lm.convert -q: group 64, 16-bit scale and bias)', () => {
  it('4-bit is 4.5 bits per weight and 8-bit is 8.5, scale and bias included', () => {
    expect(MLX_AFFINE_BITS(4)).toBe(4.5);
    expect(MLX_AFFINE_BITS(8)).toBe(8.5);
  });

  it('quantises the head and the embedding too (mlx_lm quantises every Linear and Embedding)', () => {
    const q4 = weightLayout(llama3, 'mlx-4bit');
    expect([q4.bodyBits, q4.headBits, q4.embeddingBits]).toEqual([4.5, 4.5, 4.5]);
    const q8 = weightLayout(llama3, 'MLX-8bit');
    expect([q8.bodyBits, q8.headBits, q8.embeddingBits]).toEqual([8.5, 8.5, 8.5]);
    expect(q4.unpack).toBe('block');
    expect(q8.unpack).toBe('block');
  });

  it('a file’s size does not move the body bits (fixed layout) and a tied table keeps 4.5', () => {
    expect(weightLayout(llama3, 'mlx-4bit', 5.2).bodyBits).toBe(4.5);
    expect(weightLayout(tiny, 'mlx-4bit').embeddingBits).toBe(4.5);
  });

  it('an MLX 4-bit Llama-3-8B file is about 4.5 bits per weight overall (norms in 16 bits)', () => {
    const bits = layoutFileBits(llama3, weightLayout(llama3, 'mlx-4bit'));
    expect(bits).toBeGreaterThan(4.5);
    expect(bits).toBeLessThan(4.51);
  });
});
