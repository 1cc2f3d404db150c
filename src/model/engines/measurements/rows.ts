// The calibration measurements as rows the fit can use: which engine, which GPU (and vendor),
// how many GPUs in tensor parallel, the datasheet rates per GPU, the model and its weight layout,
// and the measured milliseconds. Each row keeps its source and quote.

import { GEFORCE_FP16_ACC_OVER_FP32_ACC, isGeForce } from '../../hardware/gpu-spec';
import { findGpu, gpuForCalibrationName } from '../../hardware/gpus';
import type { ModelConfig } from '../../llm/models';
import { type WeightLayout, weightLayout } from '../../llm/weight-layout';
import type { LinkKind } from '../../predict/tensor-parallel';
import { calibrationModel } from '../calibration-models';
import { type EngineId, llamaCppBackend, type Vendor } from '../ids';
import { parseCsv } from './csv';

export type Metric = 'decode' | 'ttft';

export interface CalibrationRow {
  /** File and line, e.g. 'public:12'. */
  id: string;
  engine: EngineId;
  /** The engine as the source names it. */
  engineLabel: string;
  /** The GPU as the source names it. */
  gpuLabel: string;
  /** One chip, whatever the source's wording: rows with the same key are held out together. */
  gpuKey: string;
  vendor: Vendor;
  /** GPUs in tensor parallel. */
  tp: number;
  link: LinkKind;
  /** Datasheet bandwidth of one GPU, GB/s. */
  bandwidthGBps: number;
  /** Dense FP16 tensor rate of one GPU (Apple: the ALU rate), TFLOP/s. */
  fp16Tflops: number;
  /** FP32 shader rate of one GPU, TFLOP/s (undefined where no row needs it). */
  fp32Tflops: number | undefined;
  /** Dense FP8 tensor rate of one GPU, TFLOP/s, where a row runs FP8. */
  fp8Tflops: number | undefined;
  /** FP16-accumulate tensor rate where it is above fp16Tflops (GeForce), TFLOP/s. */
  fp16AccTflops: number | undefined;
  model: ModelConfig;
  layout: WeightLayout;
  metric: Metric;
  /** Prompt tokens (TTFT rows). */
  promptTokens: number;
  /** Tokens in the KV cache while decoding (decode rows; mean over the generated run). */
  contextTokens: number;
  /** The measurement, normalised to ms per token (decode) or ms to first token (TTFT). */
  ms: number;
  source: string;
  quote: string;
}

/** nvidia | amd | apple | intel from a GPU's name. */
export function vendorOf(label: string): Vendor {
  if (/apple|\bm[1-9]\b/i.test(label)) return 'apple';
  if (/\brx\b|radeon|instinct|\bmi\d/i.test(label)) return 'amd';
  if (/intel|\barc\b/i.test(label)) return 'intel';
  return 'nvidia';
}

/** The chip without the source's notes: '2x H100 80GB SXM (TP2)' → 'h100 80gb sxm'. */
export function gpuKeyOf(label: string): string {
  return label
    .replace(/\([^)]*\)|\[[^\]]*\]/g, '')
    .replace(/^\s*\d+\s*x\s*/i, '')
    .trim()
    .toLowerCase()
    .replace(/\s+/g, ' ');
}

/** GPUs in tensor parallel, from '2x … (TP2)'. */
export function tpOf(label: string): number {
  const m = /\bTP\s*(\d+)/i.exec(label) ?? /^\s*(\d+)\s*x\s/i.exec(label);
  return m?.[1] === undefined ? 1 : Number(m[1]);
}

/** Engine id for a row's engine label and GPU vendor. */
export function engineOf(label: string, vendor: Vendor): EngineId {
  const l = label.toLowerCase();
  // Before 'webgpu': this benchmark's own decoder, and onnxruntime-web's execution provider is named WebGPU as well.
  if (l.includes('webgpu-roofline')) return 'webgpu-roofline';
  if (l.includes('transformers.js') || l.includes('onnxruntime-web')) return 'transformers.js';
  // Before 'webgpu' too: WebLLM runs on WebGPU, and a label may say so ("WebLLM (WebGPU)").
  if (l.includes('webllm')) return 'webllm';
  // llama.cpp's WebGPU backend natively through Dawn (llama-bench -dev WebGPU), then in a browser.
  if (l.includes('webgpu') && (l.includes('dawn') || l.includes('llama-bench'))) {
    return 'llama.cpp-webgpu-dawn';
  }
  if (l.includes('webgpu') || l.includes('llamaweb') || l.includes('wllama')) {
    return 'llama.cpp-webgpu';
  }
  if (l.includes('sycl') || l.includes('ipex')) return 'llama.cpp-sycl';
  if (l.includes('mlx')) return 'mlx';
  if (l.includes('mlc')) return 'mlc';
  if (l.includes('vllm')) return 'vllm';
  if (l.includes('trt') || l.includes('tensorrt') || l.includes('nim')) return 'trt-llm';
  if (l.includes('rocm') || l.includes('hip')) return 'llama.cpp-rocm';
  if (l.includes('vulkan')) return 'llama.cpp-vulkan';
  if (l.includes('metal')) return 'llama.cpp-metal';
  if (l.includes('cuda')) return 'llama.cpp-cuda';
  // Ollama / LM Studio run llama.cpp with the vendor's backend.
  if (l.includes('ollama') || l.includes('lm studio') || l.includes('llama.cpp')) {
    return llamaCppBackend(vendor);
  }
  throw new RangeError(`no engine id for "${label}"`);
}

const num = (s: string | undefined): number =>
  s === undefined || s === '' ? Number.NaN : Number(s);

const finite = (x: number): number | undefined => (Number.isFinite(x) ? x : undefined);

/** The FP8 tensor rate is twice the dense FP16 rate on Hopper (H100 datasheet: 1979 vs 989.5). */
const FP8_OVER_FP16_HOPPER = 2;

/**
 * Rows of a file with public-measurements-calibration.csv's columns; `file` names the file in each
 * row's id ('public:12', 'native:3').
 */
export function parsePublicRows(text: string, file = 'public'): CalibrationRow[] {
  return parseCsv(text).map((r, i) => {
    const gpuLabel = r.gpu ?? '';
    const vendor = vendorOf(gpuLabel);
    const tp = tpOf(gpuLabel);
    const engine = engineOf(r.engine ?? '', vendor);
    const browser = (r.runtime ?? '') === 'browser';
    const model = calibrationModel(r.model_id ?? '');
    const weights = r.weights ?? '';
    const peak = num(r.peak_tflops) / tp;
    const hopper = /h100|h200/i.test(gpuLabel);
    return {
      id: `${file}:${i + 2}`,
      engine,
      engineLabel: r.engine ?? '',
      gpuLabel,
      gpuKey: gpuKeyOf(gpuLabel),
      vendor,
      tp,
      link: /sxm|nvlink/i.test(gpuLabel) ? 'nvlink' : 'pcie',
      bandwidthGBps: num(r.bandwidth_GBps) / tp,
      // Browser rows carry the FP32 shader rate in peak_tflops, native rows the FP16 tensor rate.
      fp16Tflops: browser ? Number.NaN : peak,
      fp32Tflops: browser ? peak : undefined,
      fp8Tflops: hopper ? peak * FP8_OVER_FP16_HOPPER : undefined,
      fp16AccTflops:
        !browser && isGeForce(gpuLabel) ? peak * GEFORCE_FP16_ACC_OVER_FP32_ACC : undefined,
      model,
      // A blank bits_per_weight (file size not published) leaves the format's own body bits.
      layout: weightLayout(model, weights, finite(num(r.bits_per_weight))),
      metric: r.metric === 'ttft' ? 'ttft' : 'decode',
      promptTokens: num(r.prompt_tokens),
      contextTokens: num(r.context_tokens),
      ms: num(r.ms),
      source: r.source ?? '',
      quote: r.quote ?? '',
    } satisfies CalibrationRow;
  });
}

/** llama-bench tg128: the KV cache holds 0…127 tokens while decoding, 64 on average. */
export const TG128_MEAN_CONTEXT = 64;

const APPLE_CSV_SOURCE = 'https://github.com/ggml-org/llama.cpp/discussions/4167';
const GIB = 2 ** 30;

/**
 * Rows of calibration-decode-llamacpp-apple.csv: each line gives a decode (tg128) and, where
 * present, a prefill (pp512) rate. Bandwidth and FLOP rate come from the GPU catalogue's
 * datasheet entry; the file size gives the layout's body bits.
 */
export function parseAppleRows(text: string): CalibrationRow[] {
  const model = calibrationModel('llama-2-7b');
  return parseCsv(text).flatMap((r, i) => {
    const hardware = r.hardware ?? '';
    const gpu = gpuForCalibrationName(hardware) ?? findGpu(hardware);
    if (gpu === undefined) throw new RangeError(`no catalogue GPU for "${hardware}"`);
    const fileBpw = (num(r.file_GiB) * GIB * 8) / (num(r.params_B) * 1e9);
    const common = {
      engine: 'llama.cpp-metal' as const,
      engineLabel: 'llama.cpp Metal (llama-bench)',
      gpuLabel: hardware,
      gpuKey: gpuKeyOf(hardware),
      vendor: 'apple' as const,
      tp: 1,
      link: 'pcie' as const,
      bandwidthGBps: gpu.bandwidthGBps,
      fp16Tflops: gpu.fp16Tflops,
      fp32Tflops: gpu.fp32Tflops,
      fp8Tflops: undefined,
      fp16AccTflops: undefined,
      model,
      layout: weightLayout(model, r.weights ?? '', fileBpw),
      source: `${APPLE_CSV_SOURCE} — ${r.source ?? ''}`,
    };
    const out: CalibrationRow[] = [
      {
        ...common,
        id: `apple:${i + 2}:tg128`,
        metric: 'decode',
        promptTokens: 0,
        contextTokens: TG128_MEAN_CONTEXT,
        ms: 1000 / num(r.decode_tok_s),
        quote: `${hardware} ${r.weights} tg128 ${r.decode_tok_s} t/s`,
      },
    ];
    const pp = num(r.prefill_tok_s);
    const prompt = num(r.prompt_len);
    if (Number.isFinite(pp) && Number.isFinite(prompt)) {
      out.push({
        ...common,
        id: `apple:${i + 2}:pp${prompt}`,
        metric: 'ttft',
        promptTokens: prompt,
        contextTokens: 0,
        ms: (1000 * prompt) / pp,
        quote: `${hardware} ${r.weights} pp${prompt} ${r.prefill_tok_s} t/s`,
      });
    }
    return out;
  });
}
