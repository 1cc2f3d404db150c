import { describe, expect, it } from 'vitest';
import { explainGap, noteText } from '../../../src/cli/words/notes-en';
import { resolveFormat } from '../../../src/core/formats';
import { engineProfile } from '../../../src/model/engines/predict';
import { getGpu } from '../../../src/model/hardware/gpus';
import { getModel } from '../../../src/model/llm/models';
import { CHAPTER_A100_LLAMA3_8B_FP16, CHAPTER_SOURCE } from '../../../src/model/predict/chapter';
import { a100Contrast, chapterNumbers, gapFacts } from '../../../src/model/predict/contrast';
import { e2eMs, e2eRange } from '../../../src/model/predict/predictor';
import { predictSpec } from '../../../src/model/predict/spec-estimator';

const llama8 = getModel('llama-3-8b');
const fp16 = resolveFormat('fp16');
const a100 = getGpu('a100');

describe('E2E', () => {
  it('is TTFT + (out − 1) × ITL, as in the chapter', () => {
    // The chapter's exercise: TTFT 300 ms, 256 tokens.
    expect(e2eMs(300, 25, 256)).toBe(300 + 255 * 25);
    expect(e2eMs(300, 40, 256)).toBe(10_500);
    expect(e2eMs(300, 60, 1)).toBe(300);
    expect(e2eMs(300, 60, 0)).toBe(300);
    expect(
      e2eRange({ expected: 100, low: 80, high: 150 }, { expected: 10, low: 8, high: 20 }, 11),
    ).toEqual({
      expected: 200,
      low: 160,
      high: 350,
    });
  });

  it('a prediction’s e2eMs follows the formula from its own TTFT and ITL', () => {
    const p = predictSpec(a100, 'native', llama8, fp16, {
      promptTokens: 512,
      outputTokens: 100,
    });
    expect(p.e2eMs.expected).toBeCloseTo(
      p.prefill.ttftMs.expected + 99 * p.decode.msPerToken.expected,
      9,
    );
  });
});

describe('what decode waits on', () => {
  const q4km = resolveFormat('q4_k_m');
  const llama31 = getModel('llama-3.1-8b');
  it('a browser engine on a fast GPU: its fixed costs per layer and token outweigh the weight reads', () => {
    const p = predictSpec(getGpu('rtx-4090'), 'llama.cpp-webgpu', llama31, q4km);
    expect(p.decode.bound).toBe('overhead');
    // More than twice the floor: the fixed costs, not the bandwidth, set the pace.
    expect(p.decode.msPerToken.expected).toBeGreaterThan(2 * p.decode.floorMsPerToken);
  });

  it('the same engine on a slow GPU, and a native engine on the fast one: the weight reads', () => {
    expect(predictSpec(getGpu('m3'), 'llama.cpp-webgpu', llama31, q4km).decode.bound).toBe(
      'memory',
    );
    expect(predictSpec(getGpu('rtx-4090'), 'llama.cpp-cuda', llama31, q4km).decode.bound).toBe(
      'memory',
    );
  });
});

describe('spec mode: A100-80G, Llama 3 8B FP16', () => {
  const p = predictSpec(a100, 'native', llama8, fp16);

  it('sits above the bandwidth floor, memory-bound', () => {
    expect(p.mode).toBe('spec');
    expect(p.source).toBe('spec');
    // 15.0 GB of weights (+ KV) at 2039 GB/s.
    expect(p.decode.floorMsPerToken).toBeGreaterThan(7.3);
    expect(p.decode.floorMsPerToken).toBeLessThan(7.5);
    expect(p.decode.msPerToken.low).toBeGreaterThan(p.decode.floorMsPerToken);
    expect(p.decode.bound).toBe('memory');
    expect(p.prefill.bound).toBe('compute');
  });

  it('expects ~12.2 ms/token from the native engine profile, below the chapter’s 22–30 ms', () => {
    const itl = p.decode.msPerToken;
    // The generic profile's A100 rows (llama.cpp) reach about half of HBM's bandwidth.
    expect(itl.expected).toBeGreaterThan(11.5);
    expect(itl.expected).toBeLessThan(13);
    expect(itl.low).toBeLessThan(itl.expected);
    expect(itl.high).toBeGreaterThan(itl.expected);
    // Holds the cited vLLM single-stream measurement scaled to the 80 GB part (~10–12 ms).
    expect(itl.low).toBeLessThan(10.5);
    expect(itl.high).toBeLessThan(22);
    // Rates are the reciprocals, ends swapped.
    expect(p.decode.tokensPerSecond.expected).toBeCloseTo(1000 / itl.expected, 9);
    expect(p.decode.tokensPerSecond.low).toBeCloseTo(1000 / itl.high, 9);
  });

  it('TTFT for 512 tokens is compute-bound, tens of ms', () => {
    expect(p.promptTokens).toBe(512);
    expect(p.prefill.ttftMs.expected).toBeGreaterThan(25); // 7.7 TFLOP at 312 TFLOP/s ≥ 24.7 ms
    expect(p.prefill.ttftMs.expected).toBeLessThan(80);
    expect(p.prefill.tokensPerSecond.expected).toBeCloseTo(
      (512 * 1000) / p.prefill.ttftMs.expected,
      6,
    );
  });

  it('the contrast shows the chapter’s numbers as given and explains the gap', () => {
    const c = a100Contrast(llama8, fp16);
    expect(c.chapter?.itlMs).toEqual({ min: 22, max: 30 });
    expect(c.chapter?.scenario?.ttftMs).toEqual({ min: 120, max: 200 });
    expect(c.chapter?.source).toBe(CHAPTER_SOURCE.url);
    expect(c.a100FloorMsPerToken).toBeCloseTo(p.decode.floorMsPerToken, 9);
    // The gap is data; the CLI says it in words.
    expect(c.gap).toEqual(gapFacts({ min: 22, max: 30 }, c.a100FloorMsPerToken));
    const explanation = explainGap(
      { min: 22, max: 30 },
      c.a100FloorMsPerToken,
      c.a100.decode.msPerToken.expected,
    );
    expect(explanation).toMatch(/22–30 ms\/token/);
    expect(explanation).toMatch(/7\.4 ms/);
    expect('user' in c).toBe(false); // the A100 side only: the user's GPU is their prediction
    expect(chapterNumbers(llama8, resolveFormat('int8'))?.itlMs).toEqual({ min: 23, max: 23 });
    expect(chapterNumbers(getModel('llama-2-7b'), fp16)).toBeUndefined();
  });
});

describe('latency–throughput and context', () => {
  const p = predictSpec(a100, 'native', llama8, fp16, { batches: [1, 16, 64, 256] });

  it('ITL(B) rises with B while system tok/s = B / ITL(B) rises faster', () => {
    const pts = p.latencyThroughput;
    for (let i = 1; i < pts.length; i++) {
      const [a, b] = [pts[i - 1], pts[i]];
      expect(b?.msPerToken.expected).toBeGreaterThan(a?.msPerToken.expected ?? 0);
      expect(b?.systemTokensPerSecond.expected).toBeGreaterThan(
        a?.systemTokensPerSecond.expected ?? 0,
      );
    }
    for (const pt of pts) {
      expect(pt.systemTokensPerSecond.expected).toBeCloseTo(
        (pt.batch * 1000) / pt.msPerToken.expected,
        6,
      );
    }
    // The chapter's batch 64 reports 1200–1800 tok/s; an ideal engine lands above it.
    const b64 = pts.find((x) => x.batch === 64);
    const chapter64 = CHAPTER_A100_LLAMA3_8B_FP16.scenarios.find((s) => s.batch === 64);
    expect(b64?.systemTokensPerSecond.expected).toBeGreaterThan(
      chapter64?.systemTokensPerSecond.max ?? 0,
    );
  });

  it('ITL grows with context (KV reads)', () => {
    const itl = p.itlVsContext.map((x) => x.msPerToken.expected);
    // The curve stops at Llama 3 8B's context limit (8192).
    expect(p.itlVsContext.map((x) => x.context)).toEqual([512, 2048, 8192]);
    for (let i = 1; i < itl.length; i++) expect(itl[i]).toBeGreaterThan(itl[i - 1] ?? 0);
    // 8k context adds 1 GB of KV reads per token: ~0.6 ms at 2039 GB/s × the fitted η, plus the
    // fitted g per GB streamed.
    const { eta, consumeMsPerGB } = engineProfile('native', 'nvidia').params;
    const kvBytes = (8192 - 512) * 131072;
    expect((itl[2] ?? 0) - (itl[0] ?? 0)).toBeCloseTo(
      kvBytes / (2039e6 * eta) + (consumeMsPerGB * kvBytes) / 1e9,
      2,
    );
  });

  it('a batch prediction reports ITL(B) and the system rate', () => {
    const b16 = predictSpec(a100, 'native', llama8, fp16, { batch: 16 });
    expect(b16.batch).toBe(16);
    expect(b16.decode.systemTokensPerSecond.expected).toBeCloseTo(
      16 * b16.decode.tokensPerSecond.expected,
      6,
    );
    expect(b16.assumptions.map(noteText).join(' ')).toMatch(/queueing/);
    expect(b16.assumptions).toContainEqual({ id: 'ttft-alone' });
  });
});

describe('memory', () => {
  it('8B FP16 fits an A100-80G; 70B FP16 does not; 70B int4 does not fit a 4090', () => {
    expect(predictSpec(a100, 'native', llama8, fp16).memory.fits).toBe(true);
    const big = predictSpec(a100, 'native', getModel('llama-3-70b'), fp16);
    expect(big.memory.weightBytes / 1e9).toBeCloseTo(141.1, 0);
    expect(big.memory.fits).toBe(false);
    const q4 = predictSpec(
      getGpu('rtx-4090'),
      'native',
      getModel('llama-3-70b'),
      resolveFormat('int4'),
    );
    expect(q4.memory.fits).toBe(false);
    expect(
      predictSpec(getGpu('rtx-4090'), 'native', llama8, resolveFormat('int4')).memory.fits,
    ).toBe(true);
  });

  it('counts KV for prompt + output for every sequence, and says when capacity is unknown', () => {
    const p = predictSpec(
      { id: 'custom', name: 'custom', vendor: 'nvidia', bandwidthGBps: 500, fp16Tflops: 50 },
      'native',
      llama8,
      fp16,
      { promptTokens: 1000, outputTokens: 24, batch: 4 },
    );
    expect(p.memory.kvBytes).toBe(1024 * 4 * 131072);
    expect(p.memory.totalBytes).toBe(p.memory.weightBytes + p.memory.kvBytes);
    expect(p.memory.fits).toBeUndefined();
    expect(p.memory.notes.map(noteText).join('; ')).toMatch(/cannot say/);
  });
});

describe('formats and inputs', () => {
  it('int4 decodes ~3.4× faster than fp16 on the floor (head at Q6_K); a custom bpw lands below', () => {
    const f = predictSpec(a100, 'native', llama8, fp16).decode.floorMsPerToken;
    const q4 = predictSpec(a100, 'native', llama8, resolveFormat('int4')).decode.floorMsPerToken;
    const awq = predictSpec(a100, 'native', llama8, resolveFormat('int4', 4.25));
    expect(f / q4).toBeGreaterThan(3.35);
    expect(f / q4).toBeLessThan(3.45);
    expect(awq.decode.floorMsPerToken).toBeLessThan(q4);
    expect(awq.weights).toBe('custom');
    expect(awq.bitsPerWeight).toBe(4.25);
  });

  it('rejects bad options', () => {
    expect(() => predictSpec(a100, 'native', llama8, fp16, { batch: 0 })).toThrow(RangeError);
    expect(() => predictSpec(a100, 'native', llama8, fp16, { promptTokens: 1.5 })).toThrow(
      RangeError,
    );
  });
});
