// The timing model the profiles are fitted with, per GPU of a tensor-parallel group:
//   decode ms = (weights + KV at context) / (η · BW) + k · attention FLOPs / peak + c · layers
//               + t + all-reduces
//   TTFT ms   = prefill FLOPs / (ε · peak) + u · quantised-matrix FLOPs / peak + weights / (η · BW)
//               + c · layers + all-reduces + F
// η, c, k and t come from decode rows; ε, u and F from TTFT rows. k, t and u are 0 for native
// engines. Browser engines pay a fixed cost per token (t: submit, map the logits back, sample in
// JS), run decode attention as separate shader passes (k), and unpack quantised weights inside
// their prefill GEMMs (no tensor cores, no int8 dot product): a cost per weight per prompt token on
// top of the multiply-adds, one u for one-scale blocks (Q8_0, Q4_0) and one for k-quants (packed
// sub-block scales and mins as well). KV reads make decode grow with context, up to the model's
// sliding window where it has one; attention's FLOPs count in the compute side.
// At batch B the decode step becomes compute-bound once B · FLOPs / (ε · peak) exceeds the reads.

import {
  attentionFlops,
  kvCacheBytes,
  linearFlopsPerToken,
  type ModelConfig,
  prefillFlops,
} from '../llm/models';
import { layoutDecodeBytes, type WeightLayout } from '../llm/weight-layout';
import { type LinkSpec, tpCommMs } from '../predict/tensor-parallel';
import { ENGINES, type EngineId } from './ids';

export interface ProfileParams {
  /** Fraction of datasheet bandwidth reached streaming weights and KV (η). */
  eta: number;
  /** Fixed cost per layer per forward pass, ms (c): launches, syncs, small ops. */
  cLayerMs: number;
  /**
   * Decode time per GB streamed on top of the bandwidth term, ms (g): the rate at which the
   * engine's kernels consume weights, which does not grow with the GPU's bandwidth. llama.cpp's
   * CUDA decode reaches 0.6-0.9 of 400-1000 GB/s GDDR parts but 0.3-0.55 of 2 TB/s A100 / H100
   * (data/calibration/llamacpp-cuda-threads.csv); 0 where the data shows no such ceiling.
   */
  consumeMsPerGB: number;
  /** Fixed cost per decoded token, ms (t): submit, readback, sampling. 0 for native engines. */
  tokenMs: number;
  /**
   * Decode attention time as a multiple of its FLOPs at the full prefill peak (k); 0 where it
   * hides under the weight stream (native engines).
   */
  attnFactor: number;
  /** Fraction of the prefill peak (see prefillPeak) reached by prefill (ε). */
  eps: number;
  /** Fixed cost per prompt, ms (F). */
  fixedMs: number;
  /**
   * Prefill time unpacking quantised weights of one scale per block (Q8_0, Q4_0, …), as a
   * multiple of the time the multiply-adds over them take at the full prefill peak (u); 0 for
   * native engines, whose unpacking hides under tensor-core GEMMs.
   */
  blockUnpack: number;
  /** The same for k-quants (Q4_K, Q5_K, Q6_K), which unpack their sub-block scales as well. */
  kQuantUnpack: number;
}

/** The rates of one GPU that the model reads. */
export interface GpuRates {
  bandwidthGBps: number;
  /** Dense FP16 tensor rate (FP32 accumulate); Apple: the ALU rate. */
  fp16Tflops: number;
  /** FP32 shader rate, what WebGPU engines run on. */
  fp32Tflops?: number | undefined;
  /** Dense FP8 tensor rate, where the GPU has one. */
  fp8Tflops?: number | undefined;
  /**
   * Dense FP16 tensor rate with FP16 accumulate, where the part runs it faster than with FP32
   * accumulate (GeForce: twice); undefined where the two are the same.
   */
  fp16AccTflops?: number | undefined;
}

export type PeakKind = 'fp16-tensor' | 'fp16-acc-tensor' | 'fp8-tensor' | 'fp32-shader';

export class MissingRateError extends Error {
  constructor(readonly kind: PeakKind) {
    super(`the GPU's ${kind} rate is needed for this engine's prefill`);
    this.name = 'MissingRateError';
  }
}

/** The FLOP rate an engine's prefill runs at on this GPU, with this format. */
export function prefillPeak(
  engine: EngineId,
  gpu: GpuRates,
  layout: WeightLayout,
): { tflops: number; kind: PeakKind } {
  const info = ENGINES[engine];
  if (info.prefillPeak === 'fp32-shader') {
    if (gpu.fp32Tflops === undefined || !Number.isFinite(gpu.fp32Tflops)) {
      throw new MissingRateError('fp32-shader');
    }
    return { tflops: gpu.fp32Tflops, kind: 'fp32-shader' };
  }
  if (info.fp8Tensor && layout.format.toLowerCase() === 'fp8' && gpu.fp8Tflops !== undefined) {
    return { tflops: gpu.fp8Tflops, kind: 'fp8-tensor' };
  }
  if (
    info.fp16Accumulate &&
    gpu.fp16AccTflops !== undefined &&
    gpu.fp16AccTflops > gpu.fp16Tflops
  ) {
    return { tflops: gpu.fp16AccTflops, kind: 'fp16-acc-tensor' };
  }
  return { tflops: gpu.fp16Tflops, kind: 'fp16-tensor' };
}

/** Everything the timing model needs about one case, per GPU. */
export interface Situation {
  engine: EngineId;
  model: ModelConfig;
  layout: WeightLayout;
  tp: number;
  link: LinkSpec;
  /** One GPU's bandwidth, GB/s. */
  bandwidthGBps: number;
  /** One GPU's prefill rate (prefillPeak), TFLOP/s. */
  peakTflops: number;
  /** Tokens in the KV cache while decoding. */
  contextTokens: number;
  promptTokens: number;
  batch: number;
  /** KV cache element size, bytes (default 2: fp16). */
  kvBytesPerElement?: number;
}

/** ms to stream `bytes` at the full datasheet bandwidth. */
const streamMs = (bytes: number, bandwidthGBps: number) => bytes / (bandwidthGBps * 1e6);
/** ms to run `flops` at the full datasheet rate. */
const computeMs = (flops: number, tflops: number) => flops / (tflops * 1e9);

export interface DecodeTerms {
  /** Weights + KV of every sequence, per GPU, at 100 % of bandwidth. */
  streamMs: number;
  /** The same bytes, GB (1e9 B). */
  streamGB: number;
  /** Linear-layer FLOPs of the batch per GPU at 100 % of the prefill peak. */
  computeMs: number;
  /** Attention FLOPs of the batch at its context, per GPU, at 100 % of the prefill peak. */
  attnMs: number;
  layers: number;
  commMs: number;
}

export function decodeTerms(s: Situation): DecodeTerms {
  // kvCacheBytes and attentionFlops cap each sliding-window layer at its window.
  const kv = kvCacheBytes(s.model, s.contextTokens, s.batch, s.kvBytesPerElement ?? 2);
  const bytes = layoutDecodeBytes(s.model, s.layout, s.batch) + kv;
  const attn = attentionFlops(s.model, s.contextTokens + 1);
  const flops = linearFlopsPerToken(s.model) + attn;
  return {
    streamMs: streamMs(bytes / s.tp, s.bandwidthGBps),
    streamGB: bytes / s.tp / 1e9,
    computeMs: computeMs((s.batch * flops) / s.tp, s.peakTflops),
    attnMs: computeMs((s.batch * attn) / s.tp, s.peakTflops),
    layers: s.model.layers,
    commMs: tpCommMs(s.model, s.tp, s.batch, s.link),
  };
}

/** A decode step's three parts: the weight and KV reads, the multiply-adds, the fixed costs. */
function decodeParts(p: ProfileParams, t: DecodeTerms) {
  return {
    readsMs: t.streamMs / p.eta + p.consumeMsPerGB * t.streamGB,
    computeMs: t.computeMs / p.eps,
    fixedMs: p.cLayerMs * t.layers + p.tokenMs,
  };
}

export function decodeMs(p: ProfileParams, s: Situation): number {
  const t = decodeTerms(s);
  const d = decodeParts(p, t);
  return Math.max(d.readsMs, d.computeMs) + p.attnFactor * t.attnMs + d.fixedMs + t.commMs;
}

/**
 * Which part of the decode step takes longest: reads, multiply-adds, or the fixed costs (the
 * predictor's Bound; predict/ imports this module, so the type is spelled out here).
 */
export function decodeBound(p: ProfileParams, s: Situation): 'memory' | 'compute' | 'overhead' {
  const d = decodeParts(p, decodeTerms(s));
  if (d.fixedMs > Math.max(d.readsMs, d.computeMs)) return 'overhead';
  return d.readsMs >= d.computeMs ? 'memory' : 'compute';
}

export interface TtftTerms {
  /** Prefill FLOPs per GPU at 100 % of the prefill peak. */
  flopMs: number;
  /**
   * Prefill FLOPs of the layer matrices, per GPU at 100 % of the prefill peak, where they are
   * stored in one-scale blocks; else 0.
   */
  blockUnpackMs: number;
  /** The same where they are stored as k-quants; else 0. */
  kQuantUnpackMs: number;
  /** Weights per GPU read once, at 100 % of bandwidth. */
  streamMs: number;
  layers: number;
  commMs: number;
}

export function ttftTerms(s: Situation): TtftTerms {
  const flops = prefillFlops(s.model, s.promptTokens);
  // The body's share of the linear FLOPs (the head runs for the last token only).
  const bodyFlops = flops.linear - 2 * s.model.vocabSize * s.model.hiddenSize;
  const bodyMs = computeMs(bodyFlops / s.tp, s.peakTflops);
  return {
    flopMs: computeMs(flops.total / s.tp, s.peakTflops),
    blockUnpackMs: s.layout.unpack === 'block' ? bodyMs : 0,
    kQuantUnpackMs: s.layout.unpack === 'k-quant' ? bodyMs : 0,
    streamMs: streamMs(
      layoutDecodeBytes(s.model, s.layout, s.promptTokens) / s.tp,
      s.bandwidthGBps,
    ),
    layers: s.model.layers,
    commMs: tpCommMs(s.model, s.tp, s.promptTokens, s.link),
  };
}

export const ttftMs = (p: ProfileParams, s: Situation): number => ttftFromTerms(p, ttftTerms(s));

/** TTFT from its terms (the calibration's rows cache theirs). */
export function ttftFromTerms(p: ProfileParams, t: TtftTerms): number {
  return (
    t.flopMs / p.eps +
    p.blockUnpack * t.blockUnpackMs +
    p.kQuantUnpack * t.kQuantUnpackMs +
    t.streamMs / p.eta +
    p.cLayerMs * t.layers +
    t.commMs +
    p.fixedMs
  );
}
