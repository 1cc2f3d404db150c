// The weight files engines load, by name: what a weight format stands for in a published file.
// Each name is a layout rule in src/model/llm/weight-layout.ts (the bits of the per-layer
// matrices, the output head and the embedding), which must define every one (a Record over
// these names). Formats (./format-registry) and presets (./format-presets) name them.

/**
 * The files an engine loads: llama.cpp's GGUF (quantised files keep the output head at Q6_K), or
 * the others' (MLC, safetensors for the serving engines and the browser's). ENGINES[id].readsGguf
 * in src/model/engines/ids.ts says which an engine loads.
 */
export type FileFamily = 'gguf' | 'other';

export const FILE_FAMILIES: readonly FileFamily[] = ['gguf', 'other'];

/** A weight-file layout rule's name, as src/model/llm/weight-layout.ts defines it. */
export type FileLayoutId =
  | 'f32'
  | 'f16'
  | 'fp16'
  | 'bf16'
  | 'q8_0'
  | 'q5_0'
  | 'q4_0'
  | 'q4_k_m'
  | 'q5_k_m'
  | 'q6_k'
  | 'q4f16_1'
  | 'q4f32_1'
  | 'mlx-4bit'
  | 'mlx-8bit'
  | 'int4-g128'
  | 'fp8';

/**
 * The file a registered format stands for on each family's engines. A family left out has no
 * such file: a prediction there charges the format's own bits to every tensor (its head
 * included), and the fit advice does not offer it there.
 */
export type FormatFiles = Readonly<Partial<Record<FileFamily, FileLayoutId>>>;
