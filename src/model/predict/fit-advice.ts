// What would fit where a model does not: more GPUs in tensor parallel, or a smaller weight format
// (the format with the most bits that fits). Spec mode only: it needs the GPU's memory.

import { formatsLoadedBy, type WeightFormat } from '../../core/formats';
import type { EngineId } from '../engines/ids';
import type { ModelConfig } from '../llm/models';
import { layoutMemoryBytes } from '../llm/weight-layout';
import { capacityBytes, GIB } from './capacity';
import { fileFamilyOf, formatLayout } from './format-layout';
import type { Prediction } from './predictor';

export interface FitAdvice {
  /** Memory each GPU needs at this TP, GB as on VRAM labels (GiB). */
  needGB: number;
  /** One GPU's memory, GB as its label. */
  capacityGB: number;
  tp: number;
  /** The fewest GPUs in tensor parallel (2, 4, 8) that would hold it; null where none would. */
  fitsAtTp: number | null;
  /** The format with the most bits that would fit at this TP; null where none would. */
  fitsAsFormat: string | null;
}

export const TP_SIZES: readonly number[] = [1, 2, 4, 8];

export function fitAdvice(
  model: ModelConfig,
  format: WeightFormat,
  hw: { memoryGB?: number },
  engine: EngineId,
  p: Prediction,
): FitAdvice | null {
  if (hw.memoryGB === undefined) return null;
  const cap = capacityBytes(hw.memoryGB);
  const kv = p.memory.kvBytes;
  const fitsWith = (weights: number, tp: number) => (weights + kv) / tp <= cap;
  const fitsAtTp = TP_SIZES.find(
    (tp) => tp > p.tp && model.attentionHeads % tp === 0 && fitsWith(p.memory.weightBytes, tp),
  );
  // The formats the engine's files come in (core/formats), most bits first.
  const candidates = formatsLoadedBy(fileFamilyOf(engine)).filter(
    (f) => f.bitsPerWeight < format.bitsPerWeight,
  );
  const smaller = candidates.find((f) =>
    fitsWith(layoutMemoryBytes(model, formatLayout(model, f, engine)), p.tp),
  );
  return {
    needGB: p.memory.perGpuBytes / GIB,
    capacityGB: hw.memoryGB,
    tp: p.tp,
    fitsAtTp: fitsAtTp ?? null,
    fitsAsFormat: smaller?.id ?? null,
  };
}
