// The ONNX decoder writer: the tiny config's graph, run by onnxruntime's CPU provider (the
// onnxruntime-node that @huggingface/transformers brings), makes the same greedy tokens as our
// f64 reference and logits within 1e-4 of its largest, through a prompt and KV-cached steps; and
// the int4 repacking moves no weight.

import * as ort from 'onnxruntime-node';
import { describe, expect, it } from 'vitest';
import { blockWeight, int4ToBlocks } from '../../../bench/peers/decode/int4-blocks';
import { buildOnnxDecoder } from '../../../bench/peers/decode/onnx-decoder';
import { argmax, ReferenceDecoder } from '../../../src/kernels/decode/reference';
import { TINY_SHAPE } from '../../../src/kernels/decode/shape';
import { compareVectors, promptTokens } from '../../../src/kernels/decode/verify';
import { randomMatrixWords, weightReader } from '../../../src/kernels/formats';

const SEED = 0x7e57;

describe('int4ToBlocks', () => {
  it('repacks our int4 words into ORT 4-bit blocks of 32 with the same values', () => {
    const words = randomMatrixWords('int4', 12, 96, 99);
    const read = weightReader(words);
    const all = int4ToBlocks(words);
    const rows = int4ToBlocks(words, 5, 4);
    for (let r = 0; r < 12; r++)
      for (let c = 0; c < 96; c++) expect(blockWeight(all, r, c)).toBe(read(r, c));
    for (let r = 0; r < 4; r++)
      for (let c = 0; c < 96; c++) expect(blockWeight(rows, r, c)).toBe(read(r + 5, c));
    expect(() => int4ToBlocks(words, 10, 4)).toThrow(RangeError);
    expect(() => int4ToBlocks(randomMatrixWords('int8', 2, 32, 1))).toThrow(/int4/);
  });
});

describe('buildOnnxDecoder (tiny config, ORT CPU provider)', () => {
  it('prompt then greedy steps: tokens equal to the f64 reference, logits within 1e-4', async () => {
    const s = TINY_SHAPE;
    const prompt = promptTokens(8, s.vocab);
    const steps = 6;
    const positions = prompt.length + steps + 1;
    const bytes = buildOnnxDecoder({ shape: s, seed: SEED, positions });
    const session = await ort.InferenceSession.create(bytes);
    const ref = new ReferenceDecoder(s, 'int4', SEED, 0, positions);
    const i64 = (values: number[], dims: number[]) =>
      new ort.Tensor('int64', BigInt64Array.from(values, BigInt), dims);
    let past: Record<string, ort.Tensor> = {};
    for (let l = 0; l < s.layers; l++)
      for (const part of ['key', 'value'])
        past[`past_key_values.${l}.${part}`] = new ort.Tensor('float32', new Float32Array(0), [
          1,
          s.kvHeads,
          0,
          s.headDim,
        ]);
    let ids = prompt;
    let at = 0;
    let worst = 0;
    for (let step = 0; step < steps; step++) {
      const out = await session.run({
        input_ids: i64(ids, [1, ids.length]),
        attention_mask: i64(new Array(at + ids.length).fill(1), [1, at + ids.length]),
        position_ids: i64(
          ids.map((_, i) => at + i),
          [1, ids.length],
        ),
        ...past,
      });
      const logits = out.logits?.data as Float32Array;
      expect(out.logits?.dims).toEqual([1, 1, s.vocab]);
      const expected = ref.step(ids);
      const cmp = compareVectors(logits, expected.logits);
      worst = Math.max(worst, cmp.error);
      expect(cmp.ok, `step ${step}: error ${cmp.error}`).toBe(true);
      expect(argmax(logits)).toBe(expected.token);
      past = {};
      for (let l = 0; l < s.layers; l++)
        for (const part of ['key', 'value'])
          past[`past_key_values.${l}.${part}`] = out[`present.${l}.${part}`] as ort.Tensor;
      at += ids.length;
      ids = [expected.token];
    }
    expect(worst).toBeGreaterThan(0);
  }, 30_000);
});
