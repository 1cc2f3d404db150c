// The decode attention pass as a benchmark row: verified against the f64 reference over one and
// several splits, GQA groups and head sizes, then timed; and its check catches a wrong output.

import { afterEach, describe, expect, it } from 'vitest';
import {
  type AttentionShape,
  attentionBytes,
  attentionCase,
  attentionFlops,
} from '../../src/kernels/decode/attention-case';
import { KV_CACHE_FORMATS } from '../../src/kernels/decode/kv-cache';
import { FAST_TIMING, sharedRunner } from './context';

const t = sharedRunner();
afterEach(() => t.runner.ledger.destroyAll());

const SHAPES: AttentionShape[] = [
  { heads: 4, kvHeads: 2, headDim: 64, context: 0 },
  // SmolLM2-135M's heads over 513 positions: three splits of 256.
  { heads: 9, kvHeads: 3, headDim: 64, context: 512 },
  { heads: 8, kvHeads: 2, headDim: 128, context: 1000 },
  // Gemma's 256-wide heads: one lane group in the ·V pass.
  { heads: 4, kvHeads: 4, headDim: 256, context: 300 },
];

/** Every shape in the decode run's f16 cache; two of them in each other cache format too. */
const CASES: AttentionShape[] = [
  ...SHAPES,
  ...KV_CACHE_FORMATS.filter((kv) => kv !== 'f16').flatMap((kv) =>
    [SHAPES[1], SHAPES[3]].map((s) => ({ ...(s as AttentionShape), kv })),
  ),
];

describe('the decode attention row on a real adapter', () => {
  for (const shape of CASES) {
    it(`${shape.heads}/${shape.kvHeads} heads × ${shape.headDim} over ${shape.context}, ${shape.kv ?? 'f16'} cache: verifies and is timed`, async () => {
      const row = await t.runner.runCase(attentionCase(shape), FAST_TIMING);
      expect(row.error).toBeUndefined();
      expect(row.verified).toBe(true);
      expect(row.kernel).toBe('attention');
      const { kv: _, ...dims } = shape;
      expect(row.shape).toEqual(dims);
      expect(row.format).toBe(`kv-${shape.kv ?? 'f16'}`);
      expect(row.bytes).toBe(attentionBytes(shape));
      expect(row.flops).toBe(attentionFlops(shape));
      expect(row.medianMs).toBeGreaterThan(0);
    });
  }

  it('fails its check when the output was never computed', async () => {
    const prepared = await attentionCase(SHAPES[1] as AttentionShape).prepare({
      device: t.gpu.device,
      buffers: t.runner.ledger,
    });
    const outcome = await prepared.verify();
    expect(outcome.ok).toBe(false);
    expect(outcome.detail).toMatch(/^\d+ mismatches: \[0\] got 0, expected /);
  });
});
