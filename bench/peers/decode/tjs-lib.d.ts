// Types for tjs-lib.js: the part of @huggingface/transformers 4.3 used by the decode page.

export interface Tensor {
  readonly data: ArrayLike<number | bigint>;
  readonly dims: number[];
}
export const Tensor: new (
  type: 'int64' | 'float32',
  data: BigInt64Array | Float32Array,
  dims: number[],
) => Tensor;

export interface DynamicCache {
  dispose(): Promise<void>;
}
export const DynamicCache: new (entries: Record<string, Tensor>) => DynamicCache;

export interface Streamer {
  put(value: bigint[][]): void;
  end(): void;
}

export interface GenerateOptions {
  input_ids: Tensor;
  attention_mask: Tensor;
  past_key_values?: DynamicCache;
  max_new_tokens: number;
  do_sample: false;
  streamer: Streamer;
  logits_processor?: ((ids: unknown, logits: Tensor) => Tensor)[];
}

export interface PreTrainedModel {
  generate(options: GenerateOptions): Promise<unknown>;
  dispose(): Promise<unknown>;
}

export type PreTrainedTokenizer = (
  text: string,
  options: { add_special_tokens: boolean },
) => { input_ids: Tensor };

export const AutoModelForCausalLM: {
  from_pretrained(
    path: string,
    options: { device: 'webgpu'; dtype: string },
  ): Promise<PreTrainedModel>;
};
export const AutoTokenizer: {
  from_pretrained(path: string): Promise<PreTrainedTokenizer>;
};

export const env: {
  version: string;
  allowRemoteModels: boolean;
  allowLocalModels: boolean;
  localModelPath: string;
  useBrowserCache: boolean;
  backends: {
    onnx: {
      wasm?: { wasmPaths?: unknown; numThreads?: number };
      versions?: { web?: string };
    };
  };
};
