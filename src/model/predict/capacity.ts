// GPU memory in GiB, and whether a model fits. VRAM is sold in binary units: an "80 GB" A100
// holds 80 GiB (80 × 2³⁰ bytes), so Llama-3-70B at FP16 (131 GiB of weights) fits a 141 GB H200.

import { kvCacheBytes, type ModelConfig } from '../llm/models';
import { layoutMemoryBytes, type WeightLayout } from '../llm/weight-layout';

export const GIB = 2 ** 30;

/** Bytes a GPU's memory holds: its "GB" label read as GiB. */
export const capacityBytes = (memoryGB: number): number => memoryGB * GIB;

export interface MemoryNeed {
  /** Weights on each GPU (1/tp of the whole). */
  weightBytesPerGpu: number;
  /** KV cache on each GPU for every sequence at `context` tokens (1/tp of the whole). */
  kvBytesPerGpu: number;
  needBytesPerGpu: number;
  /** needBytesPerGpu in the same unit as a VRAM label (GiB). */
  needGB: number;
  tp: number;
}

export interface NeedOptions {
  context: number;
  batch?: number;
  tp?: number;
  kvBytesPerElement?: number;
}

/** Memory each GPU needs: its share of the weights and of the KV cache. */
export function memoryNeed(
  model: ModelConfig,
  layout: WeightLayout,
  opts: NeedOptions,
): MemoryNeed {
  const tp = opts.tp ?? 1;
  const weightBytesPerGpu = layoutMemoryBytes(model, layout) / tp;
  // A sliding-window layer keeps only its window's KV (a rolling buffer): kvCacheBytes caps it.
  const kv = kvCacheBytes(model, opts.context, opts.batch ?? 1, opts.kvBytesPerElement ?? 2);
  const kvBytesPerGpu = kv / tp;
  const needBytesPerGpu = weightBytesPerGpu + kvBytesPerGpu;
  return { weightBytesPerGpu, kvBytesPerGpu, needBytesPerGpu, needGB: needBytesPerGpu / GIB, tp };
}

/** True when each GPU's share fits in its memory. */
export const fits = (need: MemoryNeed, memoryGB: number): boolean =>
  need.needBytesPerGpu <= capacityBytes(memoryGB);

/** The smallest TP size among `sizes` at which the model fits, or undefined. */
export function smallestFittingTp(
  model: ModelConfig,
  layout: WeightLayout,
  memoryGB: number,
  opts: Omit<NeedOptions, 'tp'>,
  sizes: readonly number[] = [1, 2, 4, 8],
): number | undefined {
  return sizes.find((tp) => fits(memoryNeed(model, layout, { ...opts, tp }), memoryGB));
}
