// The decoder on a real adapter: the tiny config in every format against the f64 reference
// (logits within tolerance, tokens exactly), the first-layer check, and dispatch counts.

import { afterEach, describe, expect, it } from 'vitest';
import { type DecodeSpec, layersThatFit, runDecode } from '../../src/bench/decode';
import { buildPlan } from '../../src/bench/plan';
import { BenchRunner } from '../../src/bench/runner';
import { FORMAT_IDS, type FormatId } from '../../src/core/formats';
import { type ResultsDocument, validateResults } from '../../src/core/results';
import { BufferLedger } from '../../src/gpu/buffers';
import { GpuError } from '../../src/gpu/errors';
import { createTimer } from '../../src/gpu/timer';
import { DecodeModel } from '../../src/kernels/decode/model';
import { type DecodeShape, TINY_SHAPE, tinyShapeFor } from '../../src/kernels/decode/shape';
import { verifyFirstLayer, verifyTiny } from '../../src/kernels/decode/verify';
import { GEMM_VARIANTS, type GemmVariant } from '../../src/kernels/gemm';
import { GEMV_VARIANTS } from '../../src/kernels/gemv';
import { variantNamed } from '../../src/kernels/types';
import { getModel, type ModelConfig } from '../../src/model/llm/models';
import { FAST_TIMING, sharedRunner, testGpu } from './context';

const t = sharedRunner();
const env = () => ({ device: t.gpu.device, buffers: t.runner.ledger });
const gemm = GEMM_VARIANTS[0] as GemmVariant;
const rows4 = variantNamed(GEMV_VARIANTS, 'rows4-wg64');
const row = variantNamed(GEMV_VARIANTS, 'row-wg64');

afterEach(() => t.runner.ledger.destroyAll());

/** A decode-only model of `shape` with 300 positions of cache, its weights from `seed`. */
const decoderFor = (shape: DecodeShape, format: FormatId, seed: number) =>
  DecodeModel.create(env(), {
    shape,
    format,
    seed,
    positions: 300,
    maxRows: 1,
    gemv: rows4,
    gemm,
    maxBindingBytes: 1 << 30,
  });

describe('decode on a real adapter', () => {
  for (const format of FORMAT_IDS) {
    it(`${format}: a prompt and 8 greedy steps match the f64 reference`, async () => {
      const out = await verifyTiny(env(), { format, gemv: rows4, gemm, maxBindingBytes: 1 << 30 });
      expect(out.detail).toBeUndefined();
      expect(out.ok).toBe(true);
      expect(out.tokens).toHaveLength(9);
      expect(out.maxError).toBeLessThan(1e-4);
      expect(t.gpu.uncapturedErrors).toEqual([]);
    });
  }

  /** A mixture of experts (4, top-2, a shared MLP); local (window 8) / global layers, head 128. */
  const moeTiny = tinyShapeFor({
    ...TINY_SHAPE,
    moe: { experts: 60, perToken: 4, expertFfn: 1408, sharedFfn: 5632, denseLayers: [] },
  });
  const windowTiny = tinyShapeFor({ ...TINY_SHAPE, headDim: 256, windows: [4096, 0] });
  it('the tiny shapes are what they claim', () => {
    expect(moeTiny.moe).toEqual({
      experts: 4,
      perToken: 2,
      expertFfn: 256,
      sharedFfn: 128,
      denseLayers: [],
    });
    expect(windowTiny.windows).toEqual([8, 0]);
    expect(windowTiny.headDim * windowTiny.heads).not.toBe(windowTiny.hidden);
  });
  for (const [what, shape] of [
    ['mixture of experts (random routing)', moeTiny],
    ['local/global attention, head_dim ≠ hidden ÷ heads', windowTiny],
  ] as [string, DecodeShape][]) {
    for (const format of FORMAT_IDS) {
      it(`${format}, ${what}: a prompt and 8 greedy steps match the f64 reference`, async () => {
        const out = await verifyTiny(env(), {
          format,
          gemv: rows4,
          gemm,
          maxBindingBytes: 1 << 30,
          shape,
        });
        expect(out.detail).toBeUndefined();
        expect(out.ok).toBe(true);
        expect(out.tokens).toHaveLength(9);
        expect(out.maxError).toBeLessThan(1e-4);
        expect(t.gpu.uncapturedErrors).toEqual([]);
      });
    }
  }

  it('checks the first layer of a mixture-of-experts config, and counts its dispatches', async () => {
    const shape: DecodeShape = {
      ...TINY_SHAPE,
      hidden: 512,
      heads: 8,
      kvHeads: 2,
      ffn: 0,
      vocab: 1000,
      layers: 2,
      moe: { experts: 16, perToken: 4, expertFfn: 192, sharedFfn: 256, denseLayers: [] },
      windows: [100, 0],
    };
    const model = await decoderFor(shape, 'int4', 7);
    const out = await verifyFirstLayer(env(), model, 280);
    expect(out.detail).toBeUndefined();
    expect(out.ok).toBe(true);
    const step = await model.program({ rows: 1, fromPrompt: false, layers: 2, head: true });
    // embed + 2 × (2 norms, QKV, RoPE/append, 2 attention, O, residual, router, gates,
    // 4 × (gate_up, SiLU·mul, down, accumulate), shared gate_up, SiLU·mul, down, residual)
    // + norm, head, argmax.
    expect(step.dispatches).toBe(1 + 2 * (10 + 4 * 4 + 4) + 3);
    expect(model.matrixDispatchesPerLayer).toBe(3 + 4 * 2 + 2);
  });

  it('verifies with one attention split and with row chunks of the weights', async () => {
    const out = await verifyTiny(env(), {
      format: 'int4',
      gemv: row,
      gemm,
      maxBindingBytes: 16384,
      split: 256,
      steps: 3,
    });
    expect(out.detail).toBeUndefined();
    expect(out.ok).toBe(true);
  });

  it('checks the first layer of a larger config, and counts its dispatches', async () => {
    const shape = {
      ...TINY_SHAPE,
      hidden: 512,
      heads: 8,
      kvHeads: 2,
      ffn: 1024,
      vocab: 1000,
      layers: 2,
    };
    const model = await decoderFor(shape, 'int8', 99);
    const out = await verifyFirstLayer(env(), model, 280);
    expect(out.detail).toBeUndefined();
    expect(out.ok).toBe(true);
    const step = await model.program({ rows: 1, fromPrompt: false, layers: 2, head: true });
    // embed + 2 × (2 norms, 4 GEMVs, RoPE/append, 2 attention, SiLU·mul, 2 residuals) + norm, head, argmax.
    expect(step.dispatches).toBe(1 + 2 * 12 + 3);
  });
});

/** A Llama-shaped model small enough for tests (K multiples of 32, GQA 4:2). */
const SMALL: ModelConfig = {
  ...getModel('smollm2-135m'),
  id: 'test-small',
  name: 'Test small',
  hiddenSize: 256,
  layers: 4,
  attentionHeads: 4,
  kvHeads: 2,
  headDim: 64,
  intermediateSize: 512,
  vocabSize: 2048,
};
const smallSpec = (over: Partial<DecodeSpec> = {}): DecodeSpec => ({
  model: SMALL.id,
  config: SMALL,
  format: 'int8',
  context: 40,
  tokens: 4,
  promptTokens: 4,
  budgetBytes: 64 * 2 ** 20,
  ...over,
});
const timer = () => createTimer(t.gpu.device, t.gpu.timing, 64);
/** A results document with this run's tuning only: the prediction then rests on the roofline. */
const emptyDoc = () =>
  ({ results: [], tuning: [], grantedLimits: t.gpu.grantedLimits }) as unknown as ResultsDocument;

describe('decode failure paths', () => {
  it('a model too big even at one layer is a failed run with a clear message', async () => {
    const run = await runDecode(
      t.gpu,
      t.runner.ledger,
      timer(),
      smallSpec({ budgetBytes: 2 ** 20 }),
      emptyDoc(),
    );
    expect(run.verified).toBe(false);
    expect(run.error).toMatch(
      /Test small at int8 needs \d+ MiB even with one layer .* budget is 1 MiB/,
    );
    expect(run.medianMs).toBeUndefined();
    expect(layersThatFit(smallSpec({ budgetBytes: 2 ** 20 }), SMALL)).toBe(0);
    expect(layersThatFit(smallSpec(), SMALL)).toBe(4);
  });

  it('checks a model’s first layer once in a run: a second context reuses the check', async () => {
    const checks = new Map<string, number>();
    const first = await runDecode(t.gpu, t.runner.ledger, timer(), smallSpec(), emptyDoc(), {
      layerChecks: checks,
    });
    expect(first.verified).toBe(true);
    expect(checks.get(`${SMALL.id} int8`)).toBe(first.verifiedLayerError);
    // A stand-in error marks the entry: the second run reports it instead of checking again.
    checks.set(`${SMALL.id} int8`, 1e-9);
    const second = await runDecode(
      t.gpu,
      t.runner.ledger,
      timer(),
      smallSpec({ context: 80 }),
      emptyDoc(),
      { layerChecks: checks },
    );
    expect(second.verified).toBe(true);
    expect(second.verifiedLayerError).toBe(1e-9);
  });

  it('out of memory: falls back to fewer layers, and says k of N', async () => {
    // An allocator that refuses anything past 3 MiB live (a real OOM cannot be provoked here):
    // the tiny check fits, four layers do not.
    class Limited extends BufferLedger {
      override async create(label: string, size: number, usage: GPUBufferUsageFlags) {
        if (this.liveBytes + size > 3 * 2 ** 20)
          throw new GpuError('out-of-memory', `${label}: refused`);
        return super.create(label, size, usage);
      }
    }
    const ledger = new Limited(t.gpu.device);
    const run = await runDecode(t.gpu, ledger, timer(), smallSpec(), emptyDoc());
    expect(run.error).toBeUndefined();
    expect(run.verified).toBe(true);
    expect(run.layers).toBeGreaterThanOrEqual(1);
    expect(run.layers).toBeLessThan(4);
    expect(run.totalLayers).toBe(4);
    expect(run.memoryBytes).toBeLessThanOrEqual(3 * 2 ** 20);
    expect(ledger.liveCount).toBe(0);
  });

  it('cancel stops within a second and frees every buffer', async () => {
    const abort = new AbortController();
    let abortedAt = 0;
    const started = runDecode(
      t.gpu,
      t.runner.ledger,
      timer(),
      smallSpec({ tokens: 200 }),
      emptyDoc(),
      {
        signal: abort.signal,
        onToken: (i) => {
          if (i === 1) {
            abortedAt = performance.now();
            abort.abort();
          }
        },
      },
    );
    await expect(started).rejects.toThrow(/cancelled/);
    expect(performance.now() - abortedAt).toBeLessThan(1000);
    expect(t.runner.ledger.liveCount).toBe(0);
  });

  it('device lost mid-run: the kernel rows survive and the decode run is a failed row', async () => {
    const gpu = await testGpu();
    const runner = new BenchRunner(gpu);
    const plan = buildPlan('quick', { limits: gpu.grantedLimits, hasF16: false }, {}, [
      smallSpec({ tokens: 50 }),
    ]);
    plan.timing = FAST_TIMING;
    plan.cases = plan.cases.filter((c) => c.kernel === 'write');
    const doc = await runner.runPlan(
      plan,
      { kind: 'node', description: 'test' },
      {
        onDecodeToken: (i) => {
          if (i === 1) gpu.device.destroy();
        },
      },
    );
    runner.destroy();
    expect(doc.results.length).toBeGreaterThan(0);
    expect(doc.results.every((r) => r.verified)).toBe(true);
    expect(doc.stopReason).toBe('device-lost');
    expect(doc.decode).toHaveLength(1);
    expect(doc.decode?.[0]?.verified).toBe(false);
    expect(doc.decode?.[0]?.error).toMatch(/lost/i);
    expect(validateResults(JSON.parse(JSON.stringify(doc)))).toEqual(doc);
  });
});
