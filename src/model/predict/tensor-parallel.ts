// Tensor parallelism over N identical GPUs (Megatron-style): each GPU holds 1/N of every weight
// matrix and of the KV cache and reads only its share; each layer ends its attention and its MLP
// with an all-reduce of the activations. Link figures are assumptions with their sources.

import type { ModelConfig } from '../llm/models';

export type LinkKind = 'nvlink' | 'pcie';

export interface LinkSpec {
  kind: LinkKind;
  /** Per-GPU link bandwidth in one direction, GB/s. */
  bandwidthGBps: number;
  /** Fixed time of one small all-reduce, ms. */
  latencyMs: number;
  source: string;
}

/** Two all-reduces per transformer layer: after attention's output projection and after the MLP. */
export const ALL_REDUCES_PER_LAYER = 2;
export const ALL_REDUCES_SOURCE =
  'Shoeybi et al., "Megatron-LM", arXiv:1909.08053, §3 (one all-reduce in the forward pass of each of the attention and MLP blocks)';

/**
 * Small-message all-reduce on NVLink: vLLM's custom all-reduce on H100, 4–32 KiB messages,
 * 0.0085–0.0118 ms at TP 2/4/8 (sglang PR 2904, https://github.com/sgl-project/sglang/pull/2904,
 * "vllm | tp size 2/4/8 | 4096 | 0.0088/0.0085/0.0093"). Taken as 0.010 ms.
 */
const NVLINK_LATENCY_MS = 0.01;

/**
 * PCIe has no published figure in our sources; assumed twice the NVLink latency (NCCL's ring over
 * PCIe goes through host bridges). An assumption, not a measurement.
 */
const PCIE_LATENCY_MS = 2 * NVLINK_LATENCY_MS;

export const LINKS = {
  /** A100 SXM: NVLink 600 GB/s total (A100 datasheet) → 300 GB/s each way. */
  'nvlink-a100': {
    kind: 'nvlink',
    bandwidthGBps: 300,
    latencyMs: NVLINK_LATENCY_MS,
    source: 'NVIDIA A100 datasheet: NVLink 600 GB/s (bidirectional); latency: sglang PR 2904',
  },
  /** H100/H200 SXM: NVLink 900 GB/s total (H100 datasheet) → 450 GB/s each way. */
  'nvlink-h100': {
    kind: 'nvlink',
    bandwidthGBps: 450,
    latencyMs: NVLINK_LATENCY_MS,
    source: 'NVIDIA H100 datasheet: NVLink 900 GB/s (bidirectional); latency: sglang PR 2904',
  },
  /** HGX B200: fifth-generation NVLink, 1.8 TB/s per GPU (bidirectional) → 900 GB/s each way. */
  'nvlink-b200': {
    kind: 'nvlink',
    bandwidthGBps: 900,
    latencyMs: NVLINK_LATENCY_MS,
    source:
      'NVIDIA HGX B200: NVLink 5, 1.8 TB/s bidirectional per GPU (https://glennklockwood.com/garden/processors/B200: "2x 900 GB/s NVLink 5"); latency: sglang PR 2904',
  },
  /** PCIe Gen4 x16: 64 GB/s total (A100 PCIe datasheet) → 32 GB/s each way. */
  pcie4: {
    kind: 'pcie',
    bandwidthGBps: 32,
    latencyMs: PCIE_LATENCY_MS,
    source: 'NVIDIA A100 PCIe datasheet: PCIe Gen4 64 GB/s; latency: assumed 2× NVLink',
  },
} as const satisfies Record<string, LinkSpec>;

/** NVLink for SXM and HGX parts (by name or id), PCIe for everything else. */
export function linkFor(gpu: { id?: string; name?: string }): LinkSpec {
  const label = `${gpu.id ?? ''} ${gpu.name ?? ''}`.toLowerCase();
  if (/\bb200\b/.test(label)) return LINKS['nvlink-b200'];
  if (!/sxm|nvlink/.test(label)) return LINKS.pcie4;
  return /h100|h200|h20\b|gh200/.test(label) ? LINKS['nvlink-h100'] : LINKS['nvlink-a100'];
}

/**
 * One ring all-reduce of `bytes` over `tp` GPUs: a fixed latency plus 2(N−1)/N of the message
 * over the link (the ring's reduce-scatter and all-gather).
 */
export function allReduceMs(tp: number, bytes: number, link: LinkSpec): number {
  if (tp <= 1) return 0;
  return link.latencyMs + ((2 * (tp - 1)) / tp) * (bytes / (link.bandwidthGBps * 1e6));
}

/** All-reduce time of one forward pass over `tokens` rows of activations (fp16). */
export function tpCommMs(model: ModelConfig, tp: number, tokens: number, link: LinkSpec): number {
  const bytes = tokens * model.hiddenSize * 2;
  return ALL_REDUCES_PER_LAYER * model.layers * allReduceMs(tp, bytes, link);
}

export class InvalidTpError extends Error {
  constructor(
    readonly tp: number,
    readonly reason: 'not-positive-integer' | 'heads-not-divisible',
  ) {
    super(`tensor parallel size ${tp}: ${reason}`);
    this.name = 'InvalidTpError';
  }
}

/** TP must split attention's KV heads (or replicate them) and its query heads evenly. */
export function checkTp(model: ModelConfig, tp: number): void {
  if (!Number.isInteger(tp) || tp < 1) throw new InvalidTpError(tp, 'not-positive-integer');
  if (model.attentionHeads % tp !== 0) throw new InvalidTpError(tp, 'heads-not-divisible');
}
