// The decoder on a real adapter: the tiny config in every format against the f64 reference
// (logits within tolerance, tokens exactly), the first-layer check, and dispatch counts.

import { afterEach, describe, expect, it } from 'vitest';
import { decodableGemv, runDecode } from '../../src/bench/decode';
import { type DecodeSpec, layersThatFit } from '../../src/bench/decode-spec';
import { buildPlan } from '../../src/bench/plan';
import { BenchRunner } from '../../src/bench/runner';
import { FORMAT_IDS, type FormatId, formatEntry } from '../../src/core/formats';
import { findProblems, type ResultsDocument, validateResults } from '../../src/core/results';
import { BufferLedger } from '../../src/gpu/buffers';
import { GpuError } from '../../src/gpu/errors';
import { createTimer } from '../../src/gpu/timer';
import { KV_ENCODINGS } from '../../src/kernels/decode/kv-cache';
import { DecodeModel } from '../../src/kernels/decode/model';
import { type DecodeShape, TINY_SHAPE, tinyShapeFor } from '../../src/kernels/decode/shape';
import { KV_TOLERANCE, verifyFirstLayer, verifyTiny } from '../../src/kernels/decode/verify';
import { GEMM_VARIANTS, type GemmVariant } from '../../src/kernels/gemm';
import {
  GEMV_VARIANTS,
  type GemvVariant,
  gemvCapabilities,
  gemvVariantsFor,
  gemvXForm,
} from '../../src/kernels/gemv';
import { variantNamed } from '../../src/kernels/types';
import { getModel, type ModelConfig } from '../../src/model/llm/models';
import { sampleDocument } from '../fixtures/results';
import { FAST_TIMING, sharedRunner, testGpu } from './context';

const t = sharedRunner();
const env = () => ({ device: t.gpu.device, buffers: t.runner.ledger });
const gemm = GEMM_VARIANTS[0] as GemmVariant;
const rows4 = variantNamed(GEMV_VARIANTS, 'rows4-wg64');
const row = variantNamed(GEMV_VARIANTS, 'row-wg64');

afterEach(() => t.runner.ledger.destroyAll());
/** The GEMV variants this adapter offers for a format. */
const usable = (format: FormatId) => gemvVariantsFor(format, gemvCapabilities(t.gpu));

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
      expect(out.maxError).toBeLessThan(KV_TOLERANCE.f16);
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
        expect(out.maxError).toBeLessThan(KV_TOLERANCE.f16);
        expect(t.gpu.uncapturedErrors).toEqual([]);
      });
    }
  }

  // The default cache is f16; the others verified on the dense and the head-128 windowed shapes.
  for (const kv of KV_ENCODINGS.filter((f) => f !== 'f16')) {
    for (const [what, shape] of [
      ['dense', TINY_SHAPE],
      ['local/global, head 128', windowTiny],
    ] as [string, DecodeShape][]) {
      it(`int4, ${what}, ${kv} KV cache: a prompt and 4 greedy steps match the f64 reference`, async () => {
        const out = await verifyTiny(env(), {
          format: 'int4',
          gemv: rows4,
          gemm,
          maxBindingBytes: 1 << 30,
          shape,
          steps: 4,
          kv,
        });
        expect(out.detail).toBeUndefined();
        expect(out.ok).toBe(true);
      });
    }
  }

  // The prefill's flash attention over several Q tiles (16 rows at hd 64, 8 at hd 128), the
  // last one partial, a window of 8 inside and across tiles; every KV encoding.
  for (const kv of KV_ENCODINGS) {
    for (const [what, shape, prompt] of [
      ['dense, a 40-token prompt', TINY_SHAPE, 40],
      ['local/global, head 128, a 21-token prompt', windowTiny, 21],
    ] as [string, DecodeShape, number][]) {
      it(`int4, ${what}, ${kv} KV cache: prefill over Q tiles and 2 greedy steps match the f64 reference`, async () => {
        const out = await verifyTiny(env(), {
          format: 'int4',
          gemv: rows4,
          gemm,
          maxBindingBytes: 1 << 30,
          shape,
          context: 20,
          prompt,
          steps: 2,
          kv,
        });
        expect(out.detail).toBeUndefined();
        expect(out.ok).toBe(true);
        expect(t.gpu.uncapturedErrors).toEqual([]);
      });
    }
  }

  // The reference turns by its own angles (θ and the position, in f64): a GPU table whose every
  // angle is tripled must fail each shape's check.
  for (const [what, shape] of [
    ['dense', TINY_SHAPE],
    ['mixture of experts', moeTiny],
    ['local/global, head 128', windowTiny],
  ] as [string, DecodeShape][]) {
    it(`${what}: a RoPE table with every angle × 3 fails the check`, async () => {
      const out = await verifyTiny(env(), {
        format: 'int8',
        gemv: rows4,
        gemm,
        maxBindingBytes: 1 << 30,
        shape,
        steps: 1,
        ropeAngleScale: 3,
      });
      expect(out.ok).toBe(false);
      expect(out.detail).toMatch(/after the prompt differ from the reference/);
    });
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
    // embed + 2 × (2 norms, QKV, RoPE, append, 2 attention, O, residual, router, gates,
    // 4 × (gate_up, SiLU·mul, down, accumulate), shared gate_up, SiLU·mul, down, residual)
    // + norm, head, argmax.
    expect(step.dispatches).toBe(1 + 2 * (11 + 4 * 4 + 4) + 3);
    expect(model.matrixDispatchesPerLayer).toBe(3 + 4 * 2 + 2);
  });

  // Each GEMV form the tuner may choose, in the decoder: x quantized to int8 on the GPU (DP4A),
  // x converted to f16 (the tile GEMV's f16 form), f16 arithmetic on f32 x; and one variant per
  // matrix shape (what a run does with the winner of each shape class).
  const forms: [string, (v: GemvVariant) => boolean][] = [
    ['int8 x (DP4A)', (v) => gemvXForm(v) === 'int8'],
    ['f16 x (tile)', (v) => gemvXForm(v) === 'f16'],
    ['f16 arithmetic on f32 x', (v) => gemvXForm(v) === 'f32' && v.weights === 'f16-native'],
  ];
  // The formats with kernel code beyond the portable decoder (f16-native, DP4A), by the registry.
  const withForms = FORMAT_IDS.filter((f) => Object.keys(formatEntry(f).codes).length > 0);
  for (const format of withForms) {
    it(`${format}: every GEMV form the adapter grants verifies in the decoder, one per matrix shape`, async () => {
      // f16 x against int8 weights overflows its f16 dots: the decoder never runs it.
      const granted = forms
        .map(
          ([what, is]) =>
            [what, usable(format).filter((v) => is(v) && decodableGemv(format, v))] as const,
        )
        .filter(([, vs]) => vs.length > 0);
      // The forms exist exactly where the adapter grants their features (SwiftShader: DP4A only).
      const features = format === 'fp16' ? t.gpu.hasF16 : t.gpu.hasF16 || t.gpu.hasDp4a;
      expect(granted.length > 0).toBe(features);
      for (const [what, variants] of granted) {
        // A different variant of the form for each matrix shape, in turn.
        const seen = new Map<string, GemvVariant>();
        const choice = (n: number, k: number) => {
          const key = `${n}x${k}`;
          if (!seen.has(key)) seen.set(key, variants[seen.size % variants.length] as GemvVariant);
          return seen.get(key) as GemvVariant;
        };
        const out = await verifyTiny(env(), {
          format,
          gemv: choice,
          gemm,
          maxBindingBytes: 1 << 30,
          steps: 2,
        });
        expect(out.detail, `${format}, ${what}`).toBeUndefined();
        expect(out.ok).toBe(true);
        expect(seen.size).toBeGreaterThanOrEqual(3);
        t.runner.ledger.destroyAll();
      }
      expect(t.gpu.uncapturedErrors).toEqual([]);
    });
  }

  it('a one-token step dispatches the x quantization before each DP4A product', async () => {
    const dp4a = usable('int4').find((v) => v.name === 'tile-r8-wg256-dp4a');
    if (dp4a === undefined) {
      // The adapter has no DP4A: the f32 forms are all the decoder can be given.
      expect(usable('int4').every((v) => gemvXForm(v) !== 'int8')).toBe(true);
      return;
    }
    const model = await DecodeModel.create(env(), {
      shape: TINY_SHAPE,
      format: 'int4',
      seed: 3,
      positions: 64,
      maxRows: 1,
      gemv: dp4a,
      gemm,
      maxBindingBytes: 1 << 30,
    });
    const step = await model.program({ rows: 1, fromPrompt: false, layers: 2, head: true });
    // embed + 2 × (2 norms, 4 × (quantize, GEMV), RoPE, append, 2 attention, SiLU·mul,
    // 2 residuals) + norm, quantize, head, argmax.
    expect(step.dispatches).toBe(1 + 2 * 17 + 4);
    // The quantization is inside each GEMV row's timed work: it counts with the matrices.
    expect(model.matrixDispatchesPerLayer).toBe(8);
    expect(model.headDispatches).toBe(2);
    expect(model.gemvRounding(512, 256)).toBe('int8');
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
    // embed + 2 × (2 norms, 4 GEMVs, RoPE, append, 2 attention, SiLU·mul, 2 residuals) + norm, head, argmax.
    expect(step.dispatches).toBe(1 + 2 * 13 + 3);
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

describe('the decode runs the tuner’s winners', () => {
  it('each matrix runs the winner of its format and shape class, and the run names it', async () => {
    const names = usable('int4').map((v) => v.name);
    const pick = (preferred: string[]) => preferred.find((n) => names.includes(n)) as string;
    // A DP4A or f16 winner where the adapter has one: the decoder runs those too.
    const winners: Record<string, string> = {
      'small-N': pick(['tile-r8-wg256-dp4a', 'tile-r4-wg128', 'row-wg64']),
      'large-N': pick(['tile-r8-wg128-f16', 'team8-wg64']),
      'large-K': 'row-wg64',
    };
    const doc = emptyDoc();
    doc.tuning = Object.entries(winners).map(([c, chosen]) => ({
      family: `gemv int4 ${c}`,
      label: c,
      chosen,
      candidates: [{ variant: chosen, minMs: 1 }],
    }));
    const run = await runDecode(
      t.gpu,
      t.runner.ledger,
      timer(),
      smallSpec({ format: 'int4', layers: 1, tokens: 2 }),
      doc,
    );
    expect(run.error).toBeUndefined();
    expect(run.verified).toBe(true);
    // QKV 512×256 and O small-N, gate·up 1024×256 and the head 2048×256 large-N, down large-K.
    expect(run.gemvVariants?.map((c) => [c.matrix, c.shapeClass, c.variant])).toEqual([
      ['qkv', 'small-N', winners['small-N']],
      ['o', 'small-N', winners['small-N']],
      ['gate_up', 'large-N', winners['large-N']],
      ['down', 'large-K', 'row-wg64'],
      ['lm_head', 'large-N', winners['large-N']],
    ]);
    expect(findProblems({ ...sampleDocument(), decode: [run] })).toEqual([]);
  });
});

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
