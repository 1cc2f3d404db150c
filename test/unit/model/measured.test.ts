import { describe, expect, it } from 'vitest';
import { noteText } from '../../../src/cli/words/notes-en';
import { resolveFormat } from '../../../src/core/formats';
import { getModel, kvCacheBytes, modelMatrices } from '../../../src/model/llm/models';
import { a100Contrast } from '../../../src/model/predict/contrast';
import {
  dispatchOverheadMs,
  InsufficientResultsError,
  interpolateByBytes,
  OTHER_DISPATCHES_PER_LAYER,
  OTHER_DISPATCHES_PER_TOKEN,
  predictMeasured,
  ROOFLINE_KERNEL_EFFICIENCY,
} from '../../../src/model/predict/measured-estimator';
import type { Note } from '../../../src/model/predict/notes';
import { predictReport } from '../../../src/model/predict/report';
import { doc, fmaRow, matRow, readRow, row } from './synthetic';

/** Notes as the CLI words them, one a line. */
const words = (notes: readonly Note[]) => notes.map(noteText).join('\n');

const model = getModel('llama-3-8b');
const int4 = resolveFormat('int4');
const GiB = 2 ** 30;
const OVERHEAD = 0.005; // ms per dispatch in the synthetic read sweep
const GEMV_GBPS = 600; // the synthetic GEMV streams weights at this rate

const reads = [
  readRow(64 * 2 ** 20, 800, OVERHEAD),
  readRow(256 * 2 ** 20, 800, OVERHEAD),
  readRow(GiB, 800, OVERHEAD),
];
const beta = reads[2]?.gbps ?? 0;
const fma = [fmaRow('f32', 20_000), fmaRow('fp16', 40_000)];
const gemvMs = (n: number, k: number) => (n * k * 4.5) / 8 / (GEMV_GBPS * 1e6);
const gemvRows = modelMatrices(model).map((m) =>
  matRow('int4', 4.5, 1, m.n, m.k, gemvMs(m.n, m.k)),
);
const fixedMs = OVERHEAD * (model.layers * OTHER_DISPATCHES_PER_LAYER + OTHER_DISPATCHES_PER_TOKEN);

describe('measured mode with GEMV rows at every shape', () => {
  const d = doc([...reads, ...fma, ...gemvRows]);
  const p = predictMeasured(d, model, int4, {
    promptTokens: 512,
    outputTokens: 128,
    context: 1000,
  });

  it('sums the measured matrix times × layers, KV at β and the per-token fixed cost', () => {
    const matrices = modelMatrices(model).reduce((s, m) => s + m.count * gemvMs(m.n, m.k), 0);
    const kv = kvCacheBytes(model, 1000) / (beta * 1e6);
    expect(p.mode).toBe('measured');
    expect(p.decode.msPerToken.expected).toBeCloseTo(matrices + kv + fixedMs, 9);
    // Range from the rows' min and p95 (0.95× and 1.1× the median here).
    expect(p.decode.msPerToken.low).toBeCloseTo(matrices * 0.95 + kv + fixedMs, 9);
    expect(p.decode.msPerToken.high).toBeCloseTo(matrices * 1.1 + kv + fixedMs, 9);
    expect(p.decode.bound).toBe('memory');
    expect(p.decode.floorMsPerToken).toBeLessThan(p.decode.msPerToken.low);
  });

  it('calls decode overhead-bound where the dispatches’ fixed cost outweighs the matrices', () => {
    // A read sweep whose intercept says 2 ms per dispatch: 323 dispatches a token, ~650 ms.
    const slowDispatch = [64 * 2 ** 20, 256 * 2 ** 20, GiB].map((ws) => readRow(ws, 800, 2));
    const q = predictMeasured(doc([...slowDispatch, ...fma, ...gemvRows]), model, int4);
    expect(q.decode.bound).toBe('overhead');
    expect(q.prefill.bound).not.toBe('overhead');
  });

  it('measures the dispatch overhead from the read sweep', () => {
    expect(dispatchOverheadMs(reads)).toBeCloseTo(OVERHEAD, 9);
    expect(dispatchOverheadMs(reads.slice(0, 1))).toBeUndefined();
  });

  it('marks decode as measured, and prefill (no GEMM rows) as the roofline fallback', () => {
    expect(p.latencyThroughput.find((x) => x.batch === 1)?.source).toBe('measured');
    expect(p.latencyThroughput.find((x) => x.batch === 16)?.source).toBe('roofline');
    expect(p.source).toBe('roofline');
    expect(words(p.notes)).toMatch(/no verified GEMM rows for int4 at M=512: .* from the roofline/);
    expect(p.notes).toContainEqual(
      expect.objectContaining({ id: 'matrix-roofline', m: 512, format: 'int4' }),
    );
  });

  it('says WebGPU cannot know the memory capacity', () => {
    expect(p.memory.fits).toBeUndefined();
    expect(p.memory.capacityBytes).toBeUndefined();
    expect(words(p.memory.notes)).toMatch(/WebGPU does not report/);
    expect(p.memory.notes).toEqual([{ id: 'no-capacity-in-webgpu' }]);
  });

  it('notes a matrix too large for one storage binding', () => {
    const small = predictMeasured(
      doc([...reads, ...fma, ...gemvRows], { maxStorageBufferBindingSize: 128 * 2 ** 20 }),
      model,
      int4,
    );
    expect(words(small.memory.notes)).toMatch(/maxStorageBufferBindingSize \(128 MiB\)/);
    expect(small.memory.notes[1]).toMatchObject({
      id: 'binding-too-small',
      bindingBytes: 128 * 2 ** 20,
    });
  });

  it('is set beside the A100 contrast in the report, the A100 in spec mode', () => {
    const { report, prediction } = predictReport({ kind: 'measured', results: d }, model, int4, {});
    expect(prediction.mode).toBe('measured');
    const c = a100Contrast(model, int4);
    expect(c.a100.mode).toBe('spec');
    expect(report.a100.msPerToken).toEqual(c.a100.decode.msPerToken);
  });
});

describe('measured mode: interpolation and fallbacks', () => {
  it('interpolates by bytes between measured shapes and scales beyond them', () => {
    // Time linear in bytes: t = 0.01 + bytes / 500 GB/s, measured at two shapes only.
    const t = (n: number, k: number) => 0.01 + (n * k * 4.5) / 8 / 500e6;
    const d = doc([
      ...reads,
      ...fma,
      matRow('int4', 4.5, 1, 4096, 4096, t(4096, 4096)),
      matRow('int4', 4.5, 1, 28672, 4096, t(28672, 4096)),
    ]);
    const p = predictMeasured(d, model, int4);
    const notes = words(p.notes);
    expect(notes).toMatch(/qkv 6144×4096 at M=1: interpolated/);
    expect(notes).toMatch(/down 4096×14336 at M=1: interpolated/);
    expect(notes).toMatch(/lm_head 128256×4096 at M=1: extrapolated/);
    expect(p.latencyThroughput[0]?.source).toBe('measured');
    const last = 28672 * 4096;
    const layer = t(6144, 4096) + t(4096, 4096) + t(28672, 4096) + t(4096, 14336);
    const head = t(28672, 4096) * ((128256 * 4096) / last);
    const kv = kvCacheBytes(model, p.context) / (beta * 1e6);
    expect(p.decode.msPerToken.expected).toBeCloseTo(32 * layer + head + kv + fixedMs, 6);
  });

  it('interpolateByBytes: exact, between, outside, and nothing', () => {
    const shapes = [
      { n: 1, k: 100, bytes: 100, ms: { expected: 1, low: 1, high: 1 } },
      { n: 1, k: 300, bytes: 300, ms: { expected: 3, low: 2, high: 4 } },
    ];
    expect(interpolateByBytes(shapes, { n: 1, k: 100, bytes: 100 })?.how).toBe('exact');
    expect(interpolateByBytes(shapes, { n: 2, k: 100, bytes: 200 })).toEqual({
      ms: { expected: 2, low: 1.5, high: 2.5 },
      how: 'interpolated',
    });
    expect(interpolateByBytes(shapes, { n: 1, k: 600, bytes: 600 })?.ms.expected).toBe(6);
    expect(interpolateByBytes([], { n: 1, k: 1, bytes: 1 })).toBeUndefined();
  });

  it('falls back to the roofline when there are no GEMV/GEMM rows, and says so', () => {
    const p = predictMeasured(doc([...reads, ...fma]), model, int4, { context: 0 });
    expect(p.source).toBe('roofline');
    expect(p.notes.map(noteText).some((n) => /from the roofline/.test(n))).toBe(true);
    // Memory-bound: weights / β at the expected kernel efficiency, + embedding row & norms are tiny.
    const weights = modelMatrices(model).reduce((s, m) => s + (m.count * m.n * m.k * 4.5) / 8, 0);
    expect(p.decode.msPerToken.expected).toBeCloseTo(
      weights / (beta * 1e6) / ROOFLINE_KERNEL_EFFICIENCY.expected + fixedMs,
      6,
    );
    expect(p.decode.msPerToken.low).toBeCloseTo(weights / (beta * 1e6) + fixedMs, 6);
  });

  it('uses another format’s rows never, and ignores unverified rows', () => {
    const bogus = row({
      kernel: 'gemv',
      format: 'int4',
      shape: { m: 1, n: 4096, k: 4096 },
      medianMs: 1e-6,
      verified: false,
      error: 'mismatch at 3',
    });
    const fp16Rows = modelMatrices(model).map((m) => matRow('fp16', 16, 1, m.n, m.k, 1));
    const p = predictMeasured(doc([...reads, ...fma, bogus, ...fp16Rows]), model, int4);
    expect(p.source).toBe('roofline');
    expect(p.decode.msPerToken.expected).toBeGreaterThan(1);
  });

  it('uses GEMM rows at M = prompt for prefill, or scales from the nearest M', () => {
    const gemmMs = (m: number, n: number, k: number) => (2 * m * n * k) / 20_000e6; // 20 TFLOP/s
    const layerMats = modelMatrices(model).filter((m) => m.name !== 'lm_head');
    const at512 = layerMats.map((m) => matRow('int4', 4.5, 512, m.n, m.k, gemmMs(512, m.n, m.k)));
    const at128 = layerMats.map((m) => matRow('int4', 4.5, 128, m.n, m.k, gemmMs(128, m.n, m.k)));
    const exact = predictMeasured(doc([...reads, ...fma, ...gemvRows, ...at512]), model, int4, {
      promptTokens: 512,
    });
    const scaled = predictMeasured(doc([...reads, ...fma, ...gemvRows, ...at128]), model, int4, {
      promptTokens: 512,
    });
    expect(exact.latencyThroughput[0]?.source).toBe('measured');
    expect(exact.prefill.bound).toBe('compute');
    expect(words(scaled.notes)).toMatch(/scaled ×4\.00 from the GEMM measured at M=128/);
    // Linear FLOPs at 20 TFLOP/s either way.
    expect(scaled.prefill.ttftMs.expected).toBeCloseTo(exact.prefill.ttftMs.expected, 6);
    const linear = layerMats.reduce((s, m) => s + m.count * gemmMs(512, m.n, m.k), 0);
    expect(exact.prefill.ttftMs.expected).toBeGreaterThan(linear);
  });

  it('refuses a document without a bandwidth or compute ceiling', () => {
    expect(() => predictMeasured(doc([...fma, ...gemvRows]), model, int4)).toThrow(
      InsufficientResultsError,
    );
    expect(() => predictMeasured(doc([...reads]), model, int4)).toThrow(/FMA/);
  });
});
