import { describe, expect, it } from 'vitest';
import { noteText } from '../../../src/cli/words/notes-en';
import { resolveFormat } from '../../../src/core/formats';
import { buildProfile } from '../../../src/model/engines/calibrate';
import { findEngine, getEngine, UnknownEngineError } from '../../../src/model/engines/ids';
import { calibrationRows } from '../../../src/model/engines/measurements/data';
import { prefillPeak } from '../../../src/model/engines/physics';
import { engineProfile, predictEngine } from '../../../src/model/engines/predict';
import { getGpu } from '../../../src/model/hardware/gpus';
import { getModel } from '../../../src/model/llm/models';
import { weightLayout } from '../../../src/model/llm/weight-layout';
import { CHAPTER_A100X8_LLAMA_70B } from '../../../src/model/predict/chapter';
import { predictSpec } from '../../../src/model/predict/spec-estimator';

const llama70 = getModel('llama-3-70b');
const llama8 = getModel('llama-3-8b');
const a100 = getGpu('a100-80g-sxm');

describe('engine ids', () => {
  it('resolves ids and aliases; the runtimes are the generic engines', () => {
    expect(findEngine('LLAMA.CPP-CUDA')).toBe('llama.cpp-cuda');
    expect(findEngine('nim')).toBe('trt-llm');
    expect(getEngine('native').engineClass).toBe('native');
    expect(getEngine('browser').prefillPeak).toBe('fp32-shader');
    expect(() => getEngine('ollama-turbo')).toThrow(UnknownEngineError);
    // Ollama and LM Studio name the vendor's llama.cpp backend, so they need the vendor.
    expect(findEngine('Ollama', 'apple')).toBe('llama.cpp-metal');
    expect(findEngine('lm-studio', 'intel')).toBe('llama.cpp-vulkan');
    expect(findEngine('ollama')).toBeUndefined();
    expect(() => getEngine('ollama')).toThrow(/ollama, lm-studio: the vendor's llama\.cpp backend/);
  });
});

describe('profiles differ by engine and vendor, from the data', () => {
  it('llama.cpp on NVIDIA: small fixed cost; on Apple Metal several times more', () => {
    const cuda = engineProfile('llama.cpp-cuda', 'nvidia');
    const metal = engineProfile('llama.cpp-metal', 'apple');
    expect(cuda.decode.basis).toBe('engine-vendor');
    expect(metal.decode.basis).toBe('engine-vendor');
    expect(cuda.params.cLayerMs).toBeLessThan(0.05);
    expect(metal.params.cLayerMs).toBeGreaterThan(3 * cuda.params.cLayerMs);
    expect(cuda.params.eta).toBeGreaterThan(0.6);
    expect(cuda.params.eta).toBeLessThanOrEqual(1);
  });

  it('llama.cpp WebGPU: a fixed cost per token of each vendor, and a prefill far below the FP32 peak', () => {
    const web = (v: 'nvidia' | 'amd' | 'intel' | 'apple') =>
      engineProfile('llama.cpp-webgpu', v).params;
    // Llama-3.2-1B's 16 layers on NVIDIA: 5–8 ms of fixed cost (the RTX 5080 decodes in 7.5 ms).
    const nvidiaFixed = web('nvidia').cLayerMs * 16 + web('nvidia').tokenMs;
    expect(nvidiaFixed).toBeGreaterThan(5);
    expect(nvidiaFixed).toBeLessThan(8);
    // The Arc B580 decodes Llama-3.2-1B at 39 tok/s whatever the format: ~21 ms per token.
    expect(web('intel').tokenMs).toBeGreaterThan(4 * web('nvidia').tokenMs);
    expect(web('amd').tokenMs).toBeGreaterThan(web('nvidia').tokenMs);
    expect(web('apple').tokenMs).toBeLessThan(web('nvidia').tokenMs);
    expect(web('nvidia').attnFactor).toBeGreaterThan(1);
    for (const v of ['nvidia', 'amd', 'intel', 'apple'] as const) {
      expect(web(v).eps).toBeLessThan(0.5);
      expect(engineProfile('llama.cpp-webgpu', v).decode.codes).toContain('vendor-terms-own-rows');
    }
    const native = engineProfile('llama.cpp-cuda', 'nvidia').params;
    expect(native.tokenMs).toBe(0);
    expect(native.attnFactor).toBe(0);
    expect(native.blockUnpack).toBe(0);
    expect(native.kQuantUnpack).toBe(0);
  });

  it('llama.cpp WebGPU prefill pays for unpacking quantised weights, k-quants more than Q8_0', () => {
    const p = engineProfile('llama.cpp-webgpu', 'apple').params;
    // Same runs (web-of-llamas): Q4_K_M prefill 1.3–1.8× slower than F16 on Apple and AMD.
    expect(p.blockUnpack).toBeGreaterThan(0);
    expect(p.kQuantUnpack).toBeGreaterThan(1.5 * p.blockUnpack);
    const m4 = { vendor: 'apple' as const, bandwidthGBps: 273, fp16Tflops: 16.4, fp32Tflops: 8.2 };
    const llama1b = getModel('llama-3.2-1b');
    const ttft = (format: string) =>
      predictEngine({
        engine: 'llama.cpp-webgpu',
        gpu: m4,
        model: llama1b,
        layout: weightLayout(llama1b, format),
        promptTokens: 512,
      }).ttftMs?.expected ?? Number.NaN;
    // Measured on the M4 (Pro): F16 513 ms, Q8_0 619 ms, Q4_K_M 841 ms (pp512).
    expect(ttft('F16')).toBeLessThan(ttft('Q8_0'));
    expect(ttft('Q8_0')).toBeLessThan(ttft('Q4_K_M'));
    expect(ttft('Q4_K_M') / ttft('F16')).toBeGreaterThan(1.4);
  });

  it('an engine × vendor pair without rows falls back, says so, and gets a wider range', () => {
    // Vulkan has three Intel GPUs' decode rows: Intel's own fit. Without them it pools its other
    // vendors' rows and says so.
    expect(engineProfile('llama.cpp-vulkan', 'intel').decode.basis).toBe('engine-vendor');
    const noIntel = calibrationRows().filter((r) => r.vendor !== 'intel');
    const vulkanIntel = buildProfile('llama.cpp-vulkan', 'intel', noIntel);
    expect(vulkanIntel.decode.basis).not.toBe('engine-vendor');
    expect(vulkanIntel.decode.codes).toContain('pooled-other-vendors');
    // vLLM has one row (RTX 4090); without it the engine has none, and says so.
    const noVllm = calibrationRows().filter((r) => r.engine !== 'vllm');
    expect(buildProfile('vllm', 'intel', noVllm).decode.codes).toContain('no-rows-for-engine');
    expect(engineProfile('vllm', 'intel').decode.codes).not.toContain('no-rows-for-engine');
    const own = engineProfile('llama.cpp-cuda', 'nvidia').decode.interval;
    const w = (i: { low: number; high: number }) => i.high / i.low;
    expect(w(engineProfile('vllm', 'nvidia').decode.interval)).toBeGreaterThanOrEqual(
      w(engineProfile('native', 'nvidia').decode.interval),
    );
    expect(own.low).toBeLessThanOrEqual(1);
    expect(own.high).toBeGreaterThanOrEqual(1);
  });
});

describe('prefill rate', () => {
  const llama8 = getModel('llama-3-8b');
  const q4 = weightLayout(llama8, 'q4_k_m');
  it('llama.cpp on a GeForce part runs at the FP16-accumulate rate; vLLM and pro parts do not', () => {
    const geforce = getGpu('rtx-4090');
    expect(prefillPeak('llama.cpp-cuda', geforce, q4)).toEqual({
      tflops: 330.3,
      kind: 'fp16-acc-tensor',
    });
    expect(prefillPeak('vllm', geforce, q4)).toEqual({ tflops: 165.2, kind: 'fp16-tensor' });
    expect(prefillPeak('llama.cpp-cuda', getGpu('a100'), q4)).toEqual({
      tflops: 312,
      kind: 'fp16-tensor',
    });
    const rows = calibrationRows();
    const row = (label: string) => rows.find((r) => r.gpuLabel === label);
    expect(row('RTX 4090')?.fp16AccTflops).toBeCloseTo(330.4, 1);
    expect(row('RTX 6000 Ada')?.fp16AccTflops).toBeUndefined();
  });
});

describe('predictEngine', () => {
  it('Llama-3-70B fp16 fits one H200 and gets times', () => {
    const p = predictEngine({
      engine: 'vllm',
      gpu: getGpu('h200'),
      model: llama70,
      layout: weightLayout(llama70, 'fp16'),
    });
    expect(p.fits).toBe(true);
    expect(p.decodeMs?.expected).toBeGreaterThan(0);
    expect(p.prefillPeak.kind).toBe('fp16-tensor');
  });

  it('a model that does not fit gets no ITL or TTFT, only what it needs', () => {
    const p = predictEngine({
      engine: 'vllm',
      gpu: a100,
      model: llama70,
      layout: weightLayout(llama70, 'fp16'),
    });
    expect(p.fits).toBe(false);
    expect(p.needGB).toBeGreaterThan(80);
    expect(p.decodeMs).toBeUndefined();
    expect(p.ttftMs).toBeUndefined();
    expect(p.codes).toContain('does-not-fit');
  });

  it('browser engines run prefill at the FP32 shader rate; FP8 on TensorRT-LLM at the FP8 rate', () => {
    const web = predictEngine({
      engine: 'browser',
      gpu: getGpu('rtx-4090'),
      model: llama8,
      layout: weightLayout(llama8, 'q4_0'),
    });
    expect(web.prefillPeak).toEqual({ tflops: 82.6, kind: 'fp32-shader' });
    const h100 = { ...getGpu('h100-sxm'), fp8Tflops: 1979 };
    const trt = predictEngine({
      engine: 'trt-llm',
      gpu: h100,
      model: llama8,
      layout: weightLayout(llama8, 'fp8'),
    });
    expect(trt.prefillPeak).toEqual({ tflops: 1979, kind: 'fp8-tensor' });
  });

  it('decode grows with context (KV reads)', () => {
    const at = (contextTokens: number) =>
      predictEngine({
        engine: 'llama.cpp-metal',
        gpu: getGpu('m3'),
        model: getModel('llama-3.2-1b'),
        layout: weightLayout(getModel('llama-3.2-1b'), 'q8_0'),
        contextTokens,
      }).decodeMs?.expected ?? Number.NaN;
    expect(at(4096)).toBeGreaterThan(at(32));
  });

  it('8×A100 TP=8 for Llama-3-70B fp16: the prediction beside the chapter’s 80–120 ms row', () => {
    const p = predictEngine({
      engine: 'vllm',
      gpu: a100,
      model: llama70,
      layout: weightLayout(llama70, 'fp16'),
      tp: 8,
      contextTokens: 512,
    });
    expect(p.fits).toBe(true);
    expect(p.needGB).toBeLessThan(20);
    // Each GPU streams 1/8 of 141 GB (8.7 ms at 2039 GB/s); with the fitted NVIDIA η, c and 160
    // NVLink all-reduces this is ~16 ms (16.1 with the 2024 A100 / H100 llama.cpp rows in the NVIDIA
    // pool vLLM borrows). The chapter's 80–120 ms is not reproduced: it lies far
    // above every public measurement here (2×H100 TP2 decodes 70B FP8 at 18.6 ms, each GPU
    // reading 35 GB), so the prediction is pinned and shown beside the chapter's row, not fitted.
    const d = p.decodeMs;
    expect(d?.expected).toBeCloseTo(16.1, 0);
    expect(d?.high ?? Number.POSITIVE_INFINITY).toBeLessThan(
      CHAPTER_A100X8_LLAMA_70B.itlBatch1Ms.min,
    );
    // TP=8 is faster per token than TP=2.
    const tp2 = predictEngine({
      engine: 'vllm',
      gpu: a100,
      model: llama70,
      layout: weightLayout(llama70, 'fp16'),
      tp: 2,
      contextTokens: 512,
    });
    expect(tp2.decodeMs?.expected ?? 0).toBeGreaterThan(d?.expected ?? Number.POSITIVE_INFINITY);
  });
});

describe('the engine-profile note carries every fitted term', () => {
  const profileNote = (engine: string, vendor: 'nvidia' | 'apple') => {
    const gpu = { ...getGpu(vendor === 'apple' ? 'm2-max' : 'a100-80g-sxm'), vendor };
    const p = predictSpec(gpu, engine, llama8, resolveFormat('int4'));
    const n = p.assumptions.find((a) => a.id === 'engine-profile');
    if (n === undefined || n.id !== 'engine-profile') throw new Error('no engine-profile note');
    return n;
  };

  it('browser: a fixed cost per token, decode attention and the unpacking costs, in words', () => {
    const n = profileNote('llama.cpp-webgpu', 'apple');
    const params = engineProfile('llama.cpp-webgpu', 'apple').params;
    expect(n.tokenMs).toBe(params.tokenMs);
    expect(n.attnFactor).toBe(params.attnFactor);
    expect(n.blockUnpack).toBe(params.blockUnpack);
    expect(n.kQuantUnpack).toBe(params.kQuantUnpack);
    expect(n.tokenMs).toBeGreaterThan(0);
    const words = noteText(n);
    expect(words).toMatch(/ms per layer, [\d.]+ ms per token, decode attention at \d+×/);
    expect(words).toMatch(/unpacking quantised weights at [\d.]+× \(one-scale blocks\)/);
  });

  it('native: those terms are 0 and left out of the words', () => {
    const n = profileNote('llama.cpp-cuda', 'nvidia');
    expect([n.tokenMs, n.attnFactor, n.blockUnpack, n.kQuantUnpack]).toEqual([0, 0, 0, 0]);
    const words = noteText(n);
    expect(words).not.toMatch(/per token|unpacking/);
    // llama.cpp's own rows carry the per-GB ceiling; vLLM, fitted on other engines' rows, does not.
    expect(n.consumeMsPerGB).toBe(engineProfile('llama.cpp-cuda', 'nvidia').params.consumeMsPerGB);
    expect(n.consumeMsPerGB).toBeGreaterThan(0);
    expect(words).toMatch(
      /ms per layer, [\d.]+ ms per GB streamed \(its kernels' own ceiling, about \d+ GB\/s\); prefill at/,
    );
    const vllm = profileNote('vllm', 'nvidia');
    expect(vllm.consumeMsPerGB).toBe(0);
    expect(noteText(vllm)).toMatch(/ms per layer; prefill at/);
  });
});
