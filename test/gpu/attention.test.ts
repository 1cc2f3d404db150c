// The decode attention pass as a benchmark row: verified against the f64 reference over one and
// several splits (more than a workgroup of them in the combine), GQA groups and head sizes, then
// timed; and its check catches a wrong output. The prefill's flash attention over Q tiles (a last
// partial tile, causal masks inside a tile, a sliding window), against the same reference.

import { afterEach, describe, expect, it } from 'vitest';
import {
  type AttentionShape,
  attentionBytes,
  attentionCase,
  attentionFlops,
  type PrefillAttentionShape,
  preparePrefillAttention,
} from '../../src/kernels/decode/attention-case';
import { KV_ENCODINGS } from '../../src/kernels/decode/kv-cache';
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
  // Eight KV heads (256 splits at most) over 9001 positions: 188 splits of 48, more than the
  // combine's 64 invocations.
  { heads: 8, kvHeads: 8, headDim: 64, context: 9000 },
];

/** Every shape in the decode run's f16 cache; two of them in each other cache encoding too. */
const CASES: AttentionShape[] = [
  ...SHAPES,
  ...KV_ENCODINGS.filter((kv) => kv !== 'f16').flatMap((kv) =>
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

const PREFILLS: PrefillAttentionShape[] = [
  // Q tiles of 16 rows (G = 2, hd 64): three, the last of 5.
  { heads: 4, kvHeads: 2, headDim: 64, context: 5, rows: 37 },
  // Llama-3-8B's grouping: tiles of 4 rows, the positions before the prompt in the first tile.
  { heads: 8, kvHeads: 2, headDim: 128, context: 40, rows: 10 },
  // A sliding window of 8 (the local layers' tiny window) inside and across tiles of 8 rows.
  { heads: 4, kvHeads: 2, headDim: 128, context: 20, rows: 13, window: 8 },
  // 256-wide heads, one head per KV head: tiles of 8 rows, a tile of 4 positions.
  { heads: 4, kvHeads: 4, headDim: 256, context: 3, rows: 11 },
];

describe('the prefill attention (flash, over Q tiles) on a real adapter', () => {
  const cases = [
    ...PREFILLS,
    ...KV_ENCODINGS.filter((kv) => kv !== 'f16').flatMap((kv) =>
      [PREFILLS[1], PREFILLS[2]].map((s) => ({ ...(s as PrefillAttentionShape), kv })),
    ),
  ];
  for (const shape of cases) {
    it(`${shape.rows} rows after ${shape.context}, ${shape.heads}/${shape.kvHeads} heads × ${shape.headDim}${shape.window ? `, window ${shape.window}` : ''}, ${shape.kv ?? 'f16'} cache: matches the f64 reference`, async () => {
      const env = { device: t.gpu.device, buffers: t.runner.ledger };
      const prepared = await preparePrefillAttention(env, shape);
      const encoder = t.gpu.device.createCommandEncoder();
      const pass = encoder.beginComputePass();
      prepared.encode(pass, 0);
      pass.end();
      t.gpu.device.queue.submit([encoder.finish()]);
      const outcome = await prepared.verify();
      expect(outcome.detail).toBeUndefined();
      expect(outcome.ok).toBe(true);
      expect(t.gpu.uncapturedErrors).toEqual([]);
    });
  }
});
