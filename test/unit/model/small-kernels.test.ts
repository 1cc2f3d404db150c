import { describe, expect, it } from 'vitest';
import { resolveFormat } from '../../../src/core/formats';
import { getModel, modelMatrices } from '../../../src/model/llm/models';
import {
  atMinimums,
  attentionRowNear,
  measuredEstimator,
  readBandwidthNear,
  smallKernelStepMs,
} from '../../../src/model/predict/measured-estimator';
import {
  layerSmallKernels,
  type SmallKernelShape,
  tokenSmallKernels,
  totalDispatches,
  totalMs,
} from '../../../src/model/predict/small-kernels';
import { doc, fmaRow, matRow, readRow } from './synthetic';

// SmolLM2-135M's shape (the Quick plan's decode run), its f16 caches split by 256.
const shape: SmallKernelShape = {
  hidden: 576,
  heads: 9,
  kvHeads: 3,
  headDim: 64,
  ffn: 1536,
  vocab: 49152,
  attentionSplit: 256,
  attentionSplits: 3,
  kvBytesPerElement: 2,
};
const rates = { dispatchMs: 0.01, kvReadGBps: 10, readGBps: 5, gflops: 100 };

describe('small kernels of a decode step', () => {
  const layer = layerSmallKernels(shape, 511, rates);
  const byName = (name: string) => layer.find((c) => c.kernel === name);

  it('counts the dispatches the engine makes: 9 per layer, 3 per token', () => {
    expect(totalDispatches(layer)).toBe(9);
    expect(totalDispatches(tokenSmallKernels(shape, rates, 288))).toBe(3);
  });

  it('reads the KV cache once per KV head at the KV bandwidth, plus the query and the partials', () => {
    const attn = byName('attn_partial');
    const kv = 3 * 512 * 64 * 2 * 2; // KV heads × positions × headDim × f16 × (K and V)
    const query = 9 * 64 * 4;
    const partials = 9 * 3 * 66 * 4;
    expect(attn?.bytes).toBe(kv + query + partials);
    // G = 3 heads × T = 16 positions: 48 of 64 lanes score (4/3); ·V 3 × 16 = 48 vec4s (4/3).
    expect(attn?.flops).toBeCloseTo(2 * (2 * 9 * 512 * 64) * (4 / 3), 6);
    // 128-wide heads with G = 4: T = 8, 32 lanes score (2×); ·V 4 × 32 = 128 vec4s, full.
    const wide = layerSmallKernels({ ...shape, heads: 12, headDim: 128 }, 511, rates);
    expect(wide.find((c) => c.kernel === 'attn_partial')?.flops).toBeCloseTo(
      2 * 12 * 512 * 128 * (2 + 1),
      6,
    );
    // 0.8 MB at 10 GB/s (0.08 ms) outweighs 3.9 MFLOP at 100 GFLOP/s (0.04 ms): memory.
    expect(attn?.ms).toBeCloseTo(0.01 + (kv + query + partials) / 10e6, 12);
    // At 1 GFLOP/s the FLOPs win.
    const slow = layerSmallKernels(shape, 511, { ...rates, gflops: 1 });
    const slowAttn = slow.find((c) => c.kernel === 'attn_partial');
    expect(slowAttn?.ms).toBeCloseTo(0.01 + (attn?.flops ?? 0) / 1e6, 12);
  });

  it('appends K and V in the cache encoding: f32 in, its bytes out', () => {
    const append = byName('kv_append');
    expect(append?.dispatches).toBe(1);
    expect(append?.bytes).toBe(2 * 3 * 64 * (4 + 2));
    const q8 = layerSmallKernels({ ...shape, kvBytesPerElement: 34 / 32 }, 511, rates);
    expect(q8.find((c) => c.kernel === 'kv_append')?.bytes).toBe(2 * 3 * 64 * (4 + 34 / 32));
  });

  it('charges attention from a measured row: two dispatches plus its work, scaled', () => {
    // A row of 9 heads × 64 over 257 positions took 0.5 ms; at 512 positions the work doubles.
    const measured = { ms: 0.5, heads: 9, headDim: 64, positions: 257 };
    const costs = layerSmallKernels(shape, 511, { ...rates, attention: measured });
    expect(costs.some((c) => c.kernel === 'attn_partial')).toBe(false);
    const attn = costs.find((c) => c.kernel === 'attention');
    expect(attn?.dispatches).toBe(2);
    expect(attn?.ms).toBeCloseTo(0.02 + ((0.5 - 0.02) * 512) / 257, 12);
    // Still 9 dispatches per layer, as the engine makes them.
    expect(totalDispatches(costs)).toBe(9);
  });

  it('picks the attention row of the same head size nearest the context', () => {
    const row = (headDim: number, context: number, ms: number) => ({
      ...readRow(1 << 20, 1),
      kernel: 'attention' as const,
      shape: { heads: 8, kvHeads: 2, headDim, context },
      medianMs: ms,
    });
    const rows = [row(128, 512, 1), row(64, 8192, 2), row(64, 2048, 3), row(64, 100, 4)];
    expect(attentionRowNear(rows, 64, 1500)).toEqual({
      ms: 3,
      heads: 8,
      headDim: 64,
      positions: 2049,
    });
    // No row of that head size: the nearest of any.
    expect(attentionRowNear(rows, 256, 513)?.ms).toBe(1);
    expect(attentionRowNear([], 64, 513)).toBeUndefined();
  });

  it('costs a memory-bound kernel as dispatch + bytes ÷ bandwidth', () => {
    const silu = byName('silu_mul');
    expect(silu?.bytes).toBe(3 * 1536 * 4);
    expect(silu?.ms).toBeCloseTo(0.01 + (3 * 1536 * 4) / 5e6, 12);
    const norms = byName('rmsnorm');
    expect(norms?.dispatches).toBe(2);
    expect(norms?.ms).toBeCloseTo(0.02 + (2 * 3 * 576 * 4) / 5e6, 12);
  });

  it('scales with the context: attention grows, the rest does not', () => {
    const longer = layerSmallKernels(shape, 2047, rates);
    const attn = (c: typeof layer) => c.find((k) => k.kernel === 'attn_partial')?.ms ?? 0;
    // The KV part grows 4× (512 → 2048 positions); dispatch, query and partials (same splits) do not.
    const fixed = 0.01 + (9 * 64 * 4 + 9 * 3 * 66 * 4) / 10e6;
    expect(attn(longer) - fixed).toBeCloseTo(4 * (attn(layer) - fixed), 9);
    expect(totalMs(longer) - attn(longer)).toBeCloseTo(totalMs(layer) - attn(layer), 12);
  });

  it('a step is layers × the layer kernels + the token kernels, extra dispatches bare', () => {
    const token = tokenSmallKernels(shape, rates, 288);
    const exact = smallKernelStepMs(shape, 30, 511, rates, 288, { perLayer: 9, perToken: 3 });
    expect(exact).toBeCloseTo(30 * totalMs(layer) + totalMs(token), 12);
    const more = smallKernelStepMs(shape, 30, 511, rates, 288, { perLayer: 11, perToken: 4 });
    expect(more - exact).toBeCloseTo((30 * 2 + 1) * 0.01, 12);
  });
});

describe('the measured estimator with an engine that describes its small kernels', () => {
  const model = getModel('smollm2-135m');
  const int4 = resolveFormat('int4');
  const gemvMs = (n: number, k: number) => (n * k * 4.5) / 8 / 5e6;
  const rows = [
    readRow(64 * 1024, 20),
    readRow(2 ** 20, 10),
    readRow(16 * 2 ** 20, 5),
    fmaRow('f32', 40),
    ...modelMatrices(model).map((m) => matRow('int4', 4.5, 1, m.n, m.k, gemvMs(m.n, m.k))),
  ];
  const d = doc(rows);

  it('picks the read row nearest the working set, by ratio', () => {
    expect(readBandwidthNear(rows, 3 * 2 ** 20)).toBeCloseTo(10, 9);
    expect(readBandwidthNear(rows, 100 * 1024)).toBeCloseTo(20, 9);
    expect(readBandwidthNear(rows, 2 ** 30)).toBeCloseTo(5, 9);
    expect(readBandwidthNear(rows, 2 ** 30, 'min')).toBeCloseTo(5 / 0.95, 9);
    expect(readBandwidthNear([], 2 ** 20)).toBeUndefined();
  });

  it('adds the modelled small kernels to the measured matrices', () => {
    const engine = { dispatchMs: 0.01, perLayer: 9, perToken: 3, small: shape };
    const ms = measuredEstimator(d, model, int4, 2, engine).decode(1, 511).ms.expected;
    const matrices = modelMatrices(model).reduce((s, m) => s + m.count * gemvMs(m.n, m.k), 0);
    // One layer's KV (2 × 512 × 3 × 64 × 2 = 393 KiB) is nearest the 1 MiB read row: 10 GB/s.
    const small = smallKernelStepMs(
      shape,
      model.layers,
      511,
      { dispatchMs: 0.01, kvReadGBps: 10, readGBps: 5, gflops: 40 },
      (model.hiddenSize * 4.5) / 8,
      engine,
    );
    expect(ms).toBeCloseTo(matrices + small, 9);
    // Without the description: KV bytes at β (5 GB/s, below the 10 GB/s of the KV-sized read
    // row) and a bare dispatch each — a different, here slower, figure.
    const { small: _described, ...undescribed } = engine;
    const bare = measuredEstimator(d, model, int4, 2, undescribed);
    expect(bare.decode(1, 511).ms.expected).toBeGreaterThan(ms);
  });
});

describe('atMinimums', () => {
  it("makes each row's fastest sample its time and leaves rows without one alone", () => {
    const r = readRow(2 ** 20, 10); // minMs is 0.95 × the median in synthetic rows
    const bare = { ...r, minMs: 0 };
    const d = atMinimums(doc([r, bare]));
    expect(d.results[0]?.medianMs).toBe(r.minMs);
    expect(d.results[0]?.gbps).toBeCloseTo(10 / 0.95, 9);
    expect(d.results[1]).toBe(bare);
  });
});
