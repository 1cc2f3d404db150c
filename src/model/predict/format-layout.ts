// Which weight layout a format stands for on an engine: the per-layer matrices, the output head
// and the embedding each at their own bits (./layout.ts). A registered kernel format names no
// file, so the engine decides: llama.cpp's int4 is a Q4_0 file (output head Q6_K), MLC's and the
// serving engines' int4 is uniform (q4f16_1). Presets (core/format-presets) name their layout.

import type { WeightFormat } from '../../core/formats';
import { ENGINES, type EngineId } from '../engines/ids';
import { getModel, type ModelConfig } from '../llm/models';
import { type WeightLayout, weightLayout } from '../llm/weight-layout';

/** Engines that load llama.cpp (GGUF) files, whose quantised files keep output.weight at Q6_K. */
export const readsGgufFiles = (engine: EngineId): boolean => ENGINES[engine].readsGguf;

const KERNEL_LAYOUT: Readonly<Record<string, string>> = {
  f32: 'f32',
  fp16: 'f16',
  int8: 'q8_0',
};

/** A layout of one bits-per-weight everywhere: what a bare --bits-per-weight says. */
function uniform(format: WeightFormat): WeightLayout {
  const b = format.bitsPerWeight;
  return {
    format: format.id,
    bodyBits: b,
    headBits: b,
    embeddingBits: b,
    // Below 16 bits, read as a format of one scale per block.
    unpack: b < 16 ? 'block' : 'none',
    source: 'bits per weight as given, applied to every tensor',
  };
}

export function formatLayout(
  model: ModelConfig,
  format: WeightFormat,
  engine: EngineId,
): WeightLayout {
  const preset = format.preset;
  if (preset !== undefined) {
    const base = weightLayout(model, preset.layout);
    if (preset.bitsOf.kind === 'body') {
      return { ...base, format: format.id, bodyBits: format.bitsPerWeight };
    }
    // A file's bits per weight on its reference model pin the body bits of the k-quant mix.
    const ref = weightLayout(getModel(preset.bitsOf.model), preset.layout, format.bitsPerWeight);
    return { ...base, format: format.id, bodyBits: ref.bodyBits, source: preset.source };
  }
  if (format.id === 'int4') {
    const rule = readsGgufFiles(engine) ? 'q4_0' : 'q4f16_1';
    return { ...weightLayout(model, rule), format: format.id };
  }
  const rule = KERNEL_LAYOUT[format.id];
  return rule === undefined ? uniform(format) : { ...weightLayout(model, rule), format: format.id };
}
