// transformers.js as a person uses it: AutoModelForCausalLM.from_pretrained over the folder the
// driver wrote (served by this page's own origin; remote models off, no browser cache), device
// 'webgpu', dtype 'q4'; greedy generate with a streamer, whose put() calls are the clock: the
// first generated token's put ends TTFT, each later put ends a token. transformers.js runs its
// own onnxruntime-web (a dependency it pins: the WebGPU EP bundle), whose wasm this page serves
// from node_modules; it keeps present.* on the GPU itself and brings the logits to the CPU.

import tjsWasm from '../../../node_modules/@huggingface/transformers/node_modules/onnxruntime-web/dist/ort-wasm-simd-threaded.asyncify.wasm?url';
import type { DecodeShape } from '../../../src/kernels/decode/shape';
import { pastEntries } from './kv-context';
import { DTYPE, promptText } from './model-files';
import type { DecodeSide, Generated } from './side';
import type * as Tjs from './tjs-lib';

type Lib = typeof Tjs;

/** A streamer that notes when each put() came (the first put is the prompt itself). */
class TimingStreamer {
  readonly times: number[] = [];
  readonly ids: number[] = [];
  put(value: bigint[][]): void {
    this.times.push(performance.now());
    if (this.times.length > 1) this.ids.push(Number(value[0]?.[0] ?? -1));
  }
  end(): void {}
}

export class TjsSide implements DecodeSide {
  private constructor(
    private readonly lib: Lib,
    private readonly model: Tjs.PreTrainedModel,
    private readonly tokenizer: Tjs.PreTrainedTokenizer,
    private readonly shape: DecodeShape,
    private readonly seed: number,
    readonly what: string,
  ) {}

  /** `modelPath`: the folder under `localRoot` (both same-origin URLs). */
  static async start(
    localRoot: string,
    modelPath: string,
    shape: DecodeShape,
    seed: number,
  ): Promise<TjsSide> {
    const lib: Lib = await import('./tjs-lib');
    const { env } = lib;
    env.allowRemoteModels = false;
    env.allowLocalModels = true;
    env.localModelPath = localRoot;
    env.useBrowserCache = false;
    const onnx = env.backends.onnx;
    if (onnx.wasm) {
      onnx.wasm.wasmPaths = { wasm: new URL(tjsWasm, location.href).href };
      onnx.wasm.numThreads = 1;
    }
    const tokenizer = await lib.AutoTokenizer.from_pretrained(modelPath);
    const model = await lib.AutoModelForCausalLM.from_pretrained(modelPath, {
      device: 'webgpu',
      dtype: DTYPE,
    });
    const ortVersion = env.backends.onnx.versions?.web ?? '';
    const what = `transformers.js ${env.version} (onnxruntime-web ${ortVersion} WebGPU EP), generate`;
    return new TjsSide(lib, model, tokenizer, shape, seed, what);
  }

  private promptIds(prompt: readonly number[]): Tjs.Tensor {
    // Through the tokenizer, as a person's text would go.
    const encoded = this.tokenizer(promptText(prompt), { add_special_tokens: false });
    const ids = encoded.input_ids as Tjs.Tensor;
    const got = Array.from(ids.data as BigInt64Array, Number);
    if (got.join() !== prompt.join())
      throw new Error(`the tokenizer made ${got.slice(0, 8).join(' ')}…, not the prompt`);
    return ids;
  }

  private ones(length: number): Tjs.Tensor {
    return new this.lib.Tensor('int64', new BigInt64Array(length).fill(1n), [1, length]);
  }

  private async run(inputs: Record<string, unknown>, count: number, capture = false) {
    const streamer = new TimingStreamer();
    const logits: Float32Array[] = [];
    const keep = (_ids: unknown, step: Tjs.Tensor) => {
      logits.push(Float32Array.from(step.data as Float32Array));
      return step;
    };
    const start = performance.now();
    await this.model.generate({
      ...(inputs as Pick<Tjs.GenerateOptions, 'input_ids' | 'attention_mask'>),
      max_new_tokens: count,
      do_sample: false,
      streamer,
      ...(capture ? { logits_processor: [keep] } : {}),
    } as Tjs.GenerateOptions);
    return { start, streamer, logits };
  }

  async generate(prompt: readonly number[], count: number): Promise<Generated> {
    const ids = this.promptIds(prompt);
    const r = await this.run(
      { input_ids: ids, attention_mask: this.ones(prompt.length) },
      count,
      true,
    );
    if (r.logits.length !== count) throw new Error(`generate saw ${r.logits.length} logits`);
    return { tokens: r.streamer.ids, logits: r.logits };
  }

  async ttft(prompt: readonly number[]): Promise<number> {
    const ids = this.promptIds(prompt);
    const r = await this.run({ input_ids: ids, attention_mask: this.ones(prompt.length) }, 1);
    return (r.streamer.times[1] ?? Number.NaN) - r.start;
  }

  async decode(context: number, count: number): Promise<number[]> {
    const s = this.shape;
    const entries: Record<string, Tjs.Tensor> = {};
    for (let l = 0; l < s.layers; l++)
      for (const part of ['key', 'value'] as const)
        entries[`past_key_values.${l}.${part}`] = new this.lib.Tensor(
          'float32',
          pastEntries(s, this.seed, l, part, context),
          [1, s.kvHeads, context, s.headDim],
        );
    const past = new this.lib.DynamicCache(entries);
    const input = new this.lib.Tensor('int64', BigInt64Array.from([1n]), [1, 1]);
    const r = await this.run(
      { input_ids: input, attention_mask: this.ones(context + 1), past_key_values: past },
      count + 1,
    );
    await past.dispose();
    const t = r.streamer.times;
    // times[0]: the prompt's echo; times[1]: the first token (not timed); then one per token.
    return t.slice(2).map((at, i) => at - (t[i + 1] ?? at));
  }

  async destroy(): Promise<void> {
    await this.model.dispose();
  }
}
