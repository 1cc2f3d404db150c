import { describe, expect, it } from 'vitest';
import { kvNoteText, stepTimesSourceText } from '../../../src/cli/words/serving-en';
import { resolveFormat } from '../../../src/core/formats';
import { getGpu } from '../../../src/model/hardware/gpus';
import { getModel, modelMatrices, weightMemoryBytes } from '../../../src/model/llm/models';
import { measuredEstimator } from '../../../src/model/predict/measured-estimator';
import { specEstimator } from '../../../src/model/predict/spec-estimator';
import { stepTimesFromEstimator } from '../../../src/model/serving/from-estimator';
import { kvCapacityFromMemory, NoKvRoomError } from '../../../src/model/serving/kv-capacity';
import { servingHardware, UnknownKvCapacityError } from '../../../src/model/serving/setup';
import { fixedStepTimes, fusedStepMs } from '../../../src/model/serving/step-times';
import { doc, fmaRow, matRow, readRow } from '../model/synthetic';

const llama8 = getModel('llama-3-8b');
const fp16 = resolveFormat('fp16');
const int4 = resolveFormat('int4');
const a100 = getGpu('a100');

describe('step times from the predictor', () => {
  const est = specEstimator(a100, 'native', llama8, fp16);
  const times = stepTimesFromEstimator(est);

  it('spec mode: the estimator’s own ITL(B) at the batch’s mean context, at and between grid points', () => {
    for (const batch of [1, 16, 64]) {
      for (const perSeq of [0, 512, 2048]) {
        expect(times.decodeMs(batch, batch * perSeq)).toBeCloseTo(
          est.decode(batch, perSeq).ms.expected,
          9,
        );
      }
      // Between grid points (700 per sequence): linear in context while memory-bound.
      expect(times.decodeMs(batch, batch * 700)).toBeCloseTo(est.decode(batch, 700).ms.expected, 9);
    }
    expect(times.prefillMs(512)).toBe(est.prefill(512).ms.expected);
    expect(times.prefillMs(333)).toBe(est.prefill(333).ms.expected);
    expect(times.stepOverheadMs).toBe(0);
    expect(times.source).toEqual({
      kind: 'estimator',
      mode: 'spec',
      gpu: 'a100-80g-sxm',
      engine: 'native',
      end: 'expected',
    });
    expect(stepTimesSourceText(times.source)).toBe(
      'spec prediction for a100-80g-sxm (native engine), expected end of the range',
    );
  });

  it('runs either end of the range on request, and adds a per-step overhead when set', () => {
    const slow = stepTimesFromEstimator(est, { end: 'high', stepOverheadMs: 4 });
    expect(slow.decodeMs(16, 16 * 512)).toBeCloseTo(est.decode(16, 512).ms.high, 9);
    expect(slow.prefillMs(512)).toBe(est.prefill(512).ms.high);
    expect(slow.stepOverheadMs).toBe(4);
  });

  it('measured mode: exact at any context, since measured decode is linear in context', () => {
    const reads = [readRow(64 * 2 ** 20, 800, 0.005), readRow(2 ** 30, 800, 0.005)];
    const gemv = modelMatrices(llama8).map((m) =>
      matRow('int4', 4.5, 1, m.n, m.k, (m.n * m.k * 4.5) / 8 / (600 * 1e6)),
    );
    const m = measuredEstimator(doc([...reads, fmaRow('f32', 20_000), ...gemv]), llama8, int4);
    const mt = stepTimesFromEstimator(m);
    for (const perSeq of [0, 100, 1000, 3000, 100_000]) {
      expect(mt.decodeMs(1, perSeq)).toBeCloseTo(m.decode(1, perSeq).ms.expected, 9);
    }
    expect(stepTimesSourceText(mt.source)).toMatch(
      /^measured prediction for test synthetic — synthetic GPU/,
    );
  });
});

describe('fused steps and fixed step times', () => {
  const t = fixedStepTimes({
    decodeMs: 10,
    decodeMsPerSequence: 1,
    prefillMsPerToken: 0.1,
    stepOverheadMs: 2,
  });

  it('a fused decode + prefill pass costs the larger part plus the overhead', () => {
    expect(t.decodeMs(4, 0)).toBe(14);
    expect(t.prefillMs(300)).toBe(30);
    expect(fusedStepMs(t, 4, 0, 300)).toBe(32);
    expect(fusedStepMs(t, 4, 0, 50)).toBe(16);
    expect(fusedStepMs(t, 0, 0, 50)).toBe(7);
  });
});

describe('KV-cache capacity from memory', () => {
  it('A100-80G, Llama 3 8B FP16: 0.9 × 80 GB less the weights, at 128 KiB a token', () => {
    const kv = kvCapacityFromMemory(80e9, llama8, fp16);
    const expected = Math.floor((72e9 - weightMemoryBytes(llama8, fp16)) / (128 * 1024));
    expect(kv.tokens).toBe(expected);
    expect(kv.tokens).toBeGreaterThan(420_000);
    expect(kv.tokens).toBeLessThan(430_000);
    expect(kvNoteText(kv.note)).toMatch(
      /80\.0 GB × 0\.9 − 16\.1 GB of weights, at 128 KiB per token/,
    );
  });

  it('says so when the weights leave no room', () => {
    expect(() => kvCapacityFromMemory(16e9, llama8, fp16)).toThrow(NoKvRoomError);
    expect(() => kvCapacityFromMemory(16e9, llama8, fp16)).toThrow(/leave no room for a KV cache/);
    expect(() => kvCapacityFromMemory(80e9, llama8, fp16, { memoryUtilization: 0 })).toThrow(
      /utilisation/,
    );
  });
});

describe('serving hardware from an estimator', () => {
  const est = specEstimator(a100, 'native', llama8, fp16);

  it('spec mode takes the KV size from the datasheet memory; a setting overrides it', () => {
    const hw = servingHardware(est, llama8, fp16);
    // The datasheet's "80 GB" is 80 GiB: 85.9 × 10⁹ bytes.
    expect(hw.kvCapacityTokens).toBe(kvCapacityFromMemory(80 * 2 ** 30, llama8, fp16).tokens);
    expect(kvNoteText(hw.kvNote)).toMatch(/85\.9 GB × 0\.9/);
    const set = servingHardware(est, llama8, fp16, { kvCapacityTokens: 50_000, stepOverheadMs: 3 });
    expect(set.kvCapacityTokens).toBe(50_000);
    expect(set.kvNote).toEqual({ id: 'kv-set', tokens: 50_000 });
    expect(kvNoteText(set.kvNote)).toBe('50,000 tokens (set)');
    expect(set.stepTimes.stepOverheadMs).toBe(3);
    expect(() => servingHardware(est, llama8, fp16, { kvCapacityTokens: 0.5 })).toThrow(
      /KV-cache size must be a whole number of tokens ≥ 1, got 0.5/,
    );
  });

  it('measured mode needs the memory or a KV size, and says so', () => {
    const reads = [readRow(64 * 2 ** 20, 800), readRow(2 ** 30, 800)];
    const m = measuredEstimator(doc([...reads, fmaRow('f32', 20_000)]), llama8, fp16);
    expect(() => servingHardware(m, llama8, fp16)).toThrow(UnknownKvCapacityError);
    expect(() => servingHardware(m, llama8, fp16)).toThrow(
      /memory of test synthetic — synthetic GPU is unknown .* give the memory in GB or the KV-cache size in tokens/,
    );
    expect(servingHardware(m, llama8, fp16, { memoryBytes: 24e9 }).kvCapacityTokens).toBe(
      kvCapacityFromMemory(24e9, llama8, fp16).tokens,
    );
  });
});
