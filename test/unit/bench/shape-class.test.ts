// The GEMV shape classes: each matrix of a Llama layer and its head in its own class, by shape.

import { describe, expect, it } from 'vitest';
import { tuningRows } from '../../../src/bench/plan';
import { gemmFamily, gemvFamily, gemvShapeClass } from '../../../src/bench/shape-class';
import { getModel, modelMatrices } from '../../../src/model/llm/models';

const classes = (model: string) =>
  Object.fromEntries(modelMatrices(getModel(model)).map((m) => [m.name, gemvShapeClass(m.n, m.k)]));

describe('GEMV shape classes', () => {
  it('put QKV and O, gate·up, down and the head of Llama models in the four classes', () => {
    const expected = {
      qkv: 'small-N',
      o: 'small-N',
      gate_up: 'large-N',
      down: 'large-K',
      lm_head: 'head',
    };
    for (const model of ['llama-3-8b', 'llama-3-70b', 'smollm2-135m']) {
      expect(classes(model)).toEqual(expected);
    }
  });

  it('at the edges: N = K and N = 2K are small-N, K > N large-K, N ≥ 10K head', () => {
    expect(gemvShapeClass(1024, 1024)).toBe('small-N');
    expect(gemvShapeClass(2048, 1024)).toBe('small-N');
    expect(gemvShapeClass(2049, 1024)).toBe('large-N');
    expect(gemvShapeClass(1023, 1024)).toBe('large-K');
    expect(gemvShapeClass(10240, 1024)).toBe('head');
  });

  it('name one family per format and class (GEMV) or regime of M (GEMM)', () => {
    expect(gemvFamily('int4', 4096, 14336)).toBe('gemv int4 large-K');
    expect(gemmFamily('int8', 16)).toBe('gemm int8 M≤16');
    expect(gemmFamily('int8', 17)).toBe('gemm int8 M>16');
  });
});

describe('tuning on fewer rows', () => {
  const MiB = 2 ** 20;
  it('keeps a matrix that fits, cuts a larger one to the bytes, never out of its class', () => {
    expect(tuningRows('f32', 1024, 1024, 4 * MiB)).toBe(1024);
    // SmolLM2's head in int4: 324 bytes a row, 12 928 rows in 4 MiB, still a head.
    expect(tuningRows('int4', 49152, 576, 4 * MiB)).toBe(12928);
    // A head cut to 64 KiB would be 192 rows: it keeps 10 K (5760) rows instead.
    expect(tuningRows('int4', 49152, 576, 64 * 1024)).toBe(5760);
    expect(gemvShapeClass(5760, 576)).toBe('head');
  });
});
