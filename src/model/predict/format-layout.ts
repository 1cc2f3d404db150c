// Which weight layout a format stands for on an engine: the per-layer matrices, the output head
// and the embedding each at their own bits (src/model/llm/weight-layout.ts). A registered format
// names the file it is on each engine family (its registry entry's `files`: llama.cpp's int4 is a
// Q4_0 file, output head Q6_K; MLC's and the others' q4f16_1), else its bits go to every tensor.
// Presets (core/format-presets) name their layout.

import { formatId, type WeightFormat } from '../../core/formats';
import type { FileFamily } from '../../core/weight-files';
import { ENGINES, type EngineId } from '../engines/ids';
import { getModel, type ModelConfig } from '../llm/models';
import {
  formatFileRule,
  uniformLayout,
  type WeightLayout,
  weightLayout,
} from '../llm/weight-layout';

/** The files an engine loads: GGUF (llama.cpp, output head Q6_K in quantised files) or others'. */
export const fileFamilyOf = (engine: EngineId): FileFamily =>
  ENGINES[engine].readsGguf ? 'gguf' : 'other';

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
  const id = formatId(format.id);
  if (id === undefined) {
    return uniformLayout(
      format.id,
      format.bitsPerWeight,
      'bits per weight as given, applied to every tensor',
    );
  }
  return { ...weightLayout(model, formatFileRule(id, fileFamilyOf(engine))), format: format.id };
}
