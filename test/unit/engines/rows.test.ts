import { describe, expect, it } from 'vitest';
import { ENGINE_IDS, findEngine } from '../../../src/model/engines/ids';
import { parseCsv } from '../../../src/model/engines/measurements/csv';
import { calibrationRows } from '../../../src/model/engines/measurements/data';
import { engineOf, gpuKeyOf, tpOf, vendorOf } from '../../../src/model/engines/measurements/rows';
import { engineProfile } from '../../../src/model/engines/predict';

const rows = calibrationRows();

describe('calibration rows', () => {
  it('reads quoted fields with commas, tabs and "" escapes', () => {
    const [r] = parseCsv('a,b,c\n"x, y","say ""hi""\tthere",3\n');
    expect(r).toEqual({ a: 'x, y', b: 'say "hi"\tthere', c: '3' });
  });

  it('117 public rows (48 + 60 from web-of-llamas + 4 from the WebLLM paper + 5 from zero-tvm), and the Apple table’s 51 decode + 48 prefill rows', () => {
    expect(rows.filter((r) => r.id.startsWith('public:'))).toHaveLength(117);
    const web = rows.filter(
      (r) => r.source.includes('reeselevine/web-of-llamas') && r.engine === 'llama.cpp-webgpu',
    );
    expect(web).toHaveLength(78);
    expect(new Set(web.map((r) => r.gpuKey)).size).toBe(6);
    for (const r of web) {
      expect(r.engine).toBe('llama.cpp-webgpu');
      expect(r.quote.length).toBeGreaterThan(10);
      expect(Number.isFinite(r.layout.bodyBits)).toBe(true);
    }
    const apple = rows.filter((r) => r.id.startsWith('apple:'));
    expect(apple.filter((r) => r.metric === 'decode')).toHaveLength(51);
    expect(apple.filter((r) => r.metric === 'ttft')).toHaveLength(48);
  });

  it('9 WebLLM decode rows on 7 GPUs, 5 TTFT rows on 3, and 3 native MLC-LLM rows on 2 GPUs, each quoted', () => {
    const of = (engine: string) => rows.filter((r) => r.engine === engine);
    const gpus = (engine: string) => new Set(of(engine).map((r) => r.gpuKey)).size;
    expect(of('webllm').filter((r) => r.metric === 'decode')).toHaveLength(9);
    const ttft = of('webllm').filter((r) => r.metric === 'ttft');
    expect(ttft).toHaveLength(5);
    expect(new Set(ttft.map((r) => r.gpuKey)).size).toBe(3);
    expect(gpus('webllm')).toBe(8);
    expect(of('mlc')).toHaveLength(3);
    expect(gpus('mlc')).toBe(2);
    // zero-tvm's M2 Max: WebLLM and llama.cpp's WebGPU backend (through wllama) on one machine.
    const zeroTvm = rows.filter((r) => r.source.includes('abgnydn/zero-tvm'));
    expect(zeroTvm.map((r) => r.engine).sort()).toEqual([
      'llama.cpp-webgpu',
      'llama.cpp-webgpu',
      'webllm',
      'webllm',
      'webllm',
    ]);
    // browser-llm-lab runs MLC's q4f32_1 build (f32 scales: 5 bits per weight); the others q4f16_1.
    for (const r of [...of('webllm'), ...of('mlc')]) {
      const lab = r.source.includes('MissingPackage/browser-llm-lab');
      expect(r.layout.format).toBe(lab ? 'q4f32_1' : 'q4f16_1');
      expect(r.layout.bodyBits).toBe(lab ? 5 : 4.5);
      // Prefill: browser-llm-lab's and beingdb-webllm's runs, no other source's.
      const prefill = lab || r.source.includes('jptmoore/beingdb-webllm');
      expect(r.metric === 'ttft').toBe(prefill && r.metric === 'ttft');
      expect(r.quote.length).toBeGreaterThan(10);
    }
  });

  it('22 llama.cpp CUDA/ROCm/Vulkan llama-bench rows from GitHub threads, 8 GPUs, each quoted', () => {
    const native = rows.filter((r) => r.id.startsWith('native:'));
    expect(native).toHaveLength(22);
    const gpus = (engine: string) =>
      new Set(native.filter((r) => r.engine === engine).map((r) => r.gpuKey)).size;
    expect(gpus('llama.cpp-cuda')).toBe(2);
    expect(gpus('llama.cpp-rocm')).toBe(4);
    expect(gpus('llama.cpp-vulkan')).toBe(4);
    expect(new Set(native.map((r) => r.gpuKey)).size).toBe(8);
    const vulkanVendors = new Set(
      native.filter((r) => r.engine === 'llama.cpp-vulkan').map((r) => r.vendor),
    );
    expect([...vulkanVendors].sort()).toEqual(['amd', 'nvidia']);
    for (const r of native) {
      expect(r.source).toMatch(/^https:\/\/github\.com\/ggml-org\/llama\.cpp\/pull\/\d+$/);
      expect(r.quote).toContain('|');
      expect(r.ms).toBeGreaterThan(0);
      expect(Number.isFinite(r.layout.bodyBits)).toBe(true);
    }
  });

  it('every row keeps its source, a positive time and a known engine', () => {
    for (const r of rows) {
      expect(r.source).not.toBe('');
      expect(r.quote).not.toBe('');
      expect(r.ms).toBeGreaterThan(0);
      expect(ENGINE_IDS).toContain(r.engine);
      expect(r.bandwidthGBps).toBeGreaterThan(0);
    }
  });

  it('maps engines by label and vendor (Ollama runs llama.cpp’s vendor backend)', () => {
    expect(engineOf('Ollama (eval rate)', 'apple')).toBe('llama.cpp-metal');
    expect(engineOf('Ollama (eval rate)', 'nvidia')).toBe('llama.cpp-cuda');
    expect(engineOf('LlamaWeb (llama.cpp WebGPU in browser)', 'amd')).toBe('llama.cpp-webgpu');
    expect(engineOf('NVIDIA NIM 1.8.0 (TRT-LLM), TP2', 'nvidia')).toBe('trt-llm');
    expect(engineOf('llama.cpp native (ROCm)', 'amd')).toBe('llama.cpp-rocm');
    expect(() => engineOf('something else', 'nvidia')).toThrow(RangeError);
  });

  it('one key per chip, vendor and TP from the label', () => {
    expect(gpuKeyOf('Apple M4 (Mac mini, 10-core GPU)')).toBe(gpuKeyOf('Apple M4 (10-core GPU)'));
    expect(gpuKeyOf('2x H100 80GB SXM (TP2)')).toBe('h100 80gb sxm');
    expect(tpOf('2x H100 80GB SXM (TP2)')).toBe(2);
    expect(tpOf('RTX 4090')).toBe(1);
    expect(vendorOf('RX 7900 XT')).toBe('amd');
    expect(vendorOf('Apple M3 (16 GB)')).toBe('apple');
    expect(vendorOf('Intel Arc A770')).toBe('intel');
    expect(vendorOf('RTX 5080')).toBe('nvidia');
  });

  it('TP rows carry one GPU’s bandwidth; FP8 on Hopper twice the FP16 rate', () => {
    const nim = rows.find((r) => r.engine === 'trt-llm');
    expect(nim?.tp).toBe(2);
    expect(nim?.bandwidthGBps).toBe(3350);
    expect(nim?.fp8Tflops).toBeCloseTo(2 * 989.5, 6);
    expect(nim?.link).toBe('nvlink');
  });
});

describe('the engines added for what people run now', () => {
  it('reads SYCL and IPEX-LLM rows as llama.cpp-sycl, onnxruntime-web as transformers.js', () => {
    expect(engineOf('llama.cpp SYCL (IPEX-LLM portable build, llama-bench)', 'intel')).toBe(
      'llama.cpp-sycl',
    );
    expect(engineOf('transformers.js 3.x (onnxruntime-web WebGPU)', 'intel')).toBe(
      'transformers.js',
    );
    // WebLLM runs on WebGPU: a label that says both is WebLLM's, not llama.cpp's WebGPU backend.
    expect(engineOf('WebLLM 0.2.85 (WebGPU, Chrome)', 'apple')).toBe('webllm');
    const sycl = rows.filter((r) => r.engine === 'llama.cpp-sycl');
    expect(sycl.map((r) => r.metric).sort()).toEqual(['decode', 'decode', 'ttft', 'ttft']);
    expect(new Set(sycl.map((r) => r.source))).toEqual(
      new Set([
        'https://github.com/intel/ipex-llm/issues/12991',
        'https://github.com/ggml-org/llama.cpp/pull/13885',
      ]),
    );
    for (const r of sycl) {
      expect(r.vendor).toBe('intel');
      expect(r.quote).toMatch(/SYCL/);
    }
  });

  it('transformers.js is fitted on its own rows: browser-llm-lab (RTX 4090 Laptop, M4 Pro) and sokuji (GB10)', () => {
    const tjs = rows.filter((r) => r.engine === 'transformers.js');
    expect(
      tjs
        .filter((r) => r.metric === 'decode')
        .map((r) => r.gpuKey)
        .sort(),
    ).toEqual(['apple m4 pro', 'rtx 4090 laptop']);
    expect(
      tjs
        .filter((r) => r.metric === 'ttft')
        .map((r) => r.gpuKey)
        .sort(),
    ).toEqual(['apple m4 pro', 'dgx spark', 'rtx 4090 laptop']);
    // Three GPUs measured its prefill: a pool of its own (two for decode: the browser class's).
    expect(engineProfile('transformers.js', 'intel').ttft.basis).toBe('engine');
    expect(engineProfile('transformers.js', 'intel').decode.basis).toBe('class');
    expect(findEngine('onnxruntime-web')).toBe('transformers.js');
    expect(findEngine('ipex-llm')).toBe('llama.cpp-sycl');
  });
});
