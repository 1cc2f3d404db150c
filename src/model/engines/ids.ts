// The inference engines predictions can stand for, and what the physics of
// each needs to know: native or browser, which FLOP rate its prefill GEMMs run at.

export const ENGINE_IDS = [
  'llama.cpp-cuda',
  'llama.cpp-metal',
  'llama.cpp-rocm',
  'llama.cpp-vulkan',
  'llama.cpp-sycl',
  'mlx',
  'mlc',
  'vllm',
  'trt-llm',
  'webllm',
  'llama.cpp-webgpu',
  'llama.cpp-webgpu-dawn',
  'transformers.js',
  'webgpu-roofline',
  'native',
  'browser',
] as const;

export type EngineId = (typeof ENGINE_IDS)[number];

export type Vendor = 'nvidia' | 'amd' | 'apple' | 'intel';

export const VENDORS: readonly Vendor[] = ['nvidia', 'amd', 'apple', 'intel'];

/** Native engines reach tensor cores and vendor libraries; browser engines only WebGPU shaders. */
export type EngineClass = 'native' | 'browser';

export interface EngineInfo {
  id: EngineId;
  /** What the id stands for, including engines that share its kernels. */
  covers: string;
  engineClass: EngineClass;
  /**
   * Engines whose kernels and per-layer costs are alike: their rows stand in when an engine has
   * too little data of its own (llama.cpp's GPU backends share the ggml graph and its launches).
   */
  family?: string;
  /**
   * Which datasheet rate prefill GEMMs run at: the dense FP16 tensor rate (FP32 accumulate) for
   * native engines; the FP32 shader rate for WebGPU, which exposes no tensor cores.
   */
  prefillPeak: 'fp16-tensor' | 'fp32-shader';
  /** Runs FP8 (or INT8) weight+activation formats on FP8/INT8 tensor cores, at twice the rate. */
  fp8Tensor: boolean;
  /**
   * Prefill reaches the FP16-accumulate tensor rate where a part runs it faster (GeForce: twice
   * the FP32-accumulate rate): llama.cpp's F16 GEMMs accumulate in FP16 and its quantised MMQ
   * kernels run on INT8 tensor cores at twice that rate on GeForce and workstation parts alike, so
   * its prefill scales with the FP16-accumulate rate. Held-out llama.cpp CUDA prefill on GeForce
   * ran 1.3-2x faster than the FP32-accumulate rate predicts until this was modelled
   * (data/calibration/llamacpp-cuda-threads.csv).
   */
  fp16Accumulate: boolean;
  /**
   * Loads llama.cpp's GGUF files, whose quantised files keep the output head at Q6_K: its int4 is
   * Q4_0 with that head; other engines' int4 is uniform (q4f16_1; model/predict/format-layout.ts).
   */
  readsGguf: boolean;
  /** The one vendor it runs on, where it runs on one: the vendor a bare datasheet defaults to. */
  vendor?: Vendor;
  /**
   * The engine whose fitted profile and held-out figures stand for this one, where the data holds
   * no measurement of this engine: the predictor uses that engine's profile and figures, and the
   * page, the CLI and `npm run calibrate` say "borrowed from" it. Such an engine is not fitted or
   * cross-validated itself; the engine it names must have a fit of its own (no chains), and the
   * physics fields above must match that engine's (test/unit/engines/borrowed.test.ts).
   */
  borrowsProfileFrom?: EngineId;
}

const LLAMA_CPP_DISCRETE = 'llama.cpp on discrete GPUs';
const LLAMA_CPP_WEBGPU = "llama.cpp's WebGPU backend";

export const ENGINES: Readonly<Record<EngineId, EngineInfo>> = {
  'llama.cpp-cuda': {
    id: 'llama.cpp-cuda',
    covers: 'llama.cpp CUDA backend, also Ollama and LM Studio on NVIDIA',
    engineClass: 'native',
    family: LLAMA_CPP_DISCRETE,
    prefillPeak: 'fp16-tensor',
    fp8Tensor: false,
    fp16Accumulate: true,
    readsGguf: true,
    vendor: 'nvidia',
  },
  'llama.cpp-metal': {
    id: 'llama.cpp-metal',
    covers: 'llama.cpp Metal backend, also Ollama and LM Studio on Apple',
    engineClass: 'native',
    prefillPeak: 'fp16-tensor',
    fp8Tensor: false,
    fp16Accumulate: true,
    readsGguf: true,
    vendor: 'apple',
  },
  'llama.cpp-rocm': {
    id: 'llama.cpp-rocm',
    covers: 'llama.cpp ROCm/HIP backend, also Ollama and LM Studio on AMD',
    engineClass: 'native',
    family: LLAMA_CPP_DISCRETE,
    prefillPeak: 'fp16-tensor',
    fp8Tensor: false,
    fp16Accumulate: true,
    readsGguf: true,
    vendor: 'amd',
  },
  'llama.cpp-vulkan': {
    id: 'llama.cpp-vulkan',
    covers: 'llama.cpp Vulkan backend (any vendor), also LM Studio',
    engineClass: 'native',
    family: LLAMA_CPP_DISCRETE,
    prefillPeak: 'fp16-tensor',
    fp8Tensor: false,
    fp16Accumulate: true,
    readsGguf: true,
  },
  'llama.cpp-sycl': {
    id: 'llama.cpp-sycl',
    covers: "llama.cpp SYCL backend (Intel's oneAPI), also Intel's IPEX-LLM llama.cpp builds",
    engineClass: 'native',
    family: LLAMA_CPP_DISCRETE,
    prefillPeak: 'fp16-tensor',
    fp8Tensor: false,
    fp16Accumulate: true,
    readsGguf: true,
    vendor: 'intel',
  },
  mlx: {
    id: 'mlx',
    covers: 'MLX (mlx-lm) on Apple silicon',
    engineClass: 'native',
    prefillPeak: 'fp16-tensor',
    fp8Tensor: false,
    fp16Accumulate: false,
    readsGguf: false,
    vendor: 'apple',
  },
  mlc: {
    id: 'mlc',
    covers: 'native MLC-LLM (Metal, CUDA, Vulkan)',
    engineClass: 'native',
    prefillPeak: 'fp16-tensor',
    fp8Tensor: false,
    fp16Accumulate: false,
    readsGguf: false,
  },
  vllm: {
    id: 'vllm',
    covers: 'vLLM',
    engineClass: 'native',
    prefillPeak: 'fp16-tensor',
    fp8Tensor: true,
    fp16Accumulate: false,
    readsGguf: false,
  },
  'trt-llm': {
    id: 'trt-llm',
    covers: 'TensorRT-LLM, also NVIDIA NIM and FasterTransformer',
    engineClass: 'native',
    prefillPeak: 'fp16-tensor',
    fp8Tensor: true,
    fp16Accumulate: false,
    readsGguf: false,
  },
  webllm: {
    id: 'webllm',
    covers: 'WebLLM (MLC kernels on WebGPU) in a browser',
    engineClass: 'browser',
    prefillPeak: 'fp32-shader',
    fp8Tensor: false,
    fp16Accumulate: false,
    readsGguf: false,
  },
  // The browser harnesses (issue 34): what a token costs beyond its weight reads depends on who
  // built and runs the backend (docs/PREDICTING.md's table: 0.25–1.05 ms per layer on one Apple
  // M3), so each harness the data names is its own engine, fitted on its own rows, and 'browser'
  // (harness unknown) is fitted on all of them.
  'llama.cpp-webgpu': {
    id: 'llama.cpp-webgpu',
    covers:
      "llama.cpp's WebGPU backend built to WebAssembly and run in a browser (LlamaWeb of web-of-llamas, webgpu-bench, wllama)",
    engineClass: 'browser',
    family: LLAMA_CPP_WEBGPU,
    prefillPeak: 'fp32-shader',
    fp8Tensor: false,
    fp16Accumulate: false,
    readsGguf: true,
  },
  'llama.cpp-webgpu-dawn': {
    id: 'llama.cpp-webgpu-dawn',
    covers:
      "llama.cpp's WebGPU backend run natively through Dawn, outside a browser (llama-bench -dev WebGPU)",
    engineClass: 'browser',
    family: LLAMA_CPP_WEBGPU,
    prefillPeak: 'fp32-shader',
    fp8Tensor: false,
    fp16Accumulate: false,
    readsGguf: true,
  },
  'transformers.js': {
    id: 'transformers.js',
    covers: 'transformers.js (onnxruntime-web, WebGPU execution provider) in a browser',
    engineClass: 'browser',
    prefillPeak: 'fp32-shader',
    fp8Tensor: false,
    fp16Accumulate: false,
    readsGguf: false,
  },
  'webgpu-roofline': {
    id: 'webgpu-roofline',
    covers:
      "this benchmark's own decoder (the page's and the CLI's whole-model decode runs): fitted on the gallery's verified decode runs (npm run calibrate -- --gallery); without them the browser class profile stands in for it",
    engineClass: 'browser',
    prefillPeak: 'fp32-shader',
    fp8Tensor: false,
    fp16Accumulate: false,
    readsGguf: false,
  },
  native: {
    id: 'native',
    covers: 'any native engine (unknown which): fitted on every native row',
    engineClass: 'native',
    prefillPeak: 'fp16-tensor',
    fp8Tensor: false,
    fp16Accumulate: true,
    readsGguf: true,
  },
  browser: {
    id: 'browser',
    covers:
      'any browser engine, harness unknown (WebLLM, llama.cpp WebGPU as WASM or through Dawn, transformers.js): fitted on every browser row, so its ranges span the harnesses',
    engineClass: 'browser',
    prefillPeak: 'fp32-shader',
    fp8Tensor: false,
    fp16Accumulate: false,
    readsGguf: false,
  },
};

/** The engine whose fitted profile and figures a prediction for `id` uses: its own, or the lender's. */
export const profileEngine = (id: EngineId): EngineId => ENGINES[id].borrowsProfileFrom ?? id;

/** The engines fitted and cross-validated on their own rows (every engine that borrows none). */
export const FITTED_ENGINE_IDS: readonly EngineId[] = ENGINE_IDS.filter(
  (id) => ENGINES[id].borrowsProfileFrom === undefined,
);

/** `--runtime native|browser` stays an alias of the generic engines. */
export const ENGINE_ALIASES: Readonly<Record<string, EngineId>> = {
  nim: 'trt-llm',
  tensorrt: 'trt-llm',
  'tensorrt-llm': 'trt-llm',
  'mlc-llm': 'mlc',
  sycl: 'llama.cpp-sycl',
  'ipex-llm': 'llama.cpp-sycl',
  transformersjs: 'transformers.js',
  'onnxruntime-web': 'transformers.js',
  'ort-web': 'transformers.js',
  'web-llm': 'webllm',
  'llama.cpp-webgpu-wasm': 'llama.cpp-webgpu',
  wllama: 'llama.cpp-webgpu',
  llamaweb: 'llama.cpp-webgpu',
  'webgpu-bench': 'llama.cpp-webgpu',
  'llama.cpp-webgpu-native': 'llama.cpp-webgpu-dawn',
  'browser-unknown': 'browser',
};

/** True for the generic ids that stand for "unknown engine". */
export const isGenericEngine = (id: EngineId): boolean => id === 'native' || id === 'browser';

/** Names of llama.cpp and the apps built on it, which run the vendor's own backend. */
const LLAMA_CPP_NAMES: readonly string[] = [
  'llama.cpp',
  'llamacpp',
  'ollama',
  'lm-studio',
  'lmstudio',
];

/** The llama.cpp backend Ollama and LM Studio use on a vendor's GPUs. */
export function llamaCppBackend(vendor: Vendor): EngineId {
  if (vendor === 'apple') return 'llama.cpp-metal';
  if (vendor === 'amd') return 'llama.cpp-rocm';
  if (vendor === 'nvidia') return 'llama.cpp-cuda';
  return 'llama.cpp-vulkan';
}

/** True for 'ollama', 'lm-studio', 'llama.cpp': names whose engine depends on the GPU's vendor. */
export const isVendorBackedName = (name: string): boolean =>
  LLAMA_CPP_NAMES.includes(name.trim().toLowerCase());

/**
 * An engine id, alias, or (given the GPU's vendor) llama.cpp / Ollama / LM Studio, which run the
 * vendor's llama.cpp backend.
 */
export function findEngine(name: string, vendor?: Vendor): EngineId | undefined {
  const key = name.trim().toLowerCase();
  if ((ENGINE_IDS as readonly string[]).includes(key)) return key as EngineId;
  if (vendor !== undefined && isVendorBackedName(key)) return llamaCppBackend(vendor);
  return ENGINE_ALIASES[key];
}

export class UnknownEngineError extends Error {
  constructor(readonly engineId: string) {
    super(
      `Unknown engine "${engineId}"; choose one of ${ENGINE_IDS.join(', ')} (or ollama, lm-studio: the vendor's llama.cpp backend)`,
    );
    this.name = 'UnknownEngineError';
  }
}

export function getEngine(name: string, vendor?: Vendor): EngineInfo {
  const id = findEngine(name, vendor);
  if (id === undefined) throw new UnknownEngineError(name);
  return ENGINES[id];
}
