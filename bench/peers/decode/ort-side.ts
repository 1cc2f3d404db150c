// onnxruntime-web directly, as an app would drive it: one inference session over the ONNX file
// the driver wrote, a greedy loop in JavaScript — each step one session.run with input_ids,
// attention_mask and position_ids from the CPU and the previous step's present.* as past_key_values;
// present.* stay on the GPU (preferredOutputLocation 'gpu-buffer'), the logits come to the CPU
// and the argmax is taken there. A token's time runs from its session.run until its id is known.
//
// The bundle (WebGPU EP or JSEP) is loaded by ../ort.ts's loadOrt, wasm from node_modules on the
// same origin, one thread. The session allows the CPU provider for the few int64 shape nodes
// that feed GroupQueryAttention's seqlens_k and total_sequence_length (that provider is where
// onnxruntime wants them anyway); ORT's verbose log of node placements at session creation is
// kept, and every MatMulNBits, GroupQueryAttention, RotaryEmbedding and norm must be on WebGPU.

import type * as OrtModule from 'onnxruntime-web';
import type { DecodeShape } from '../../../src/kernels/decode/shape';
import type { LoadedOrt } from '../ort';
import { pastEntries } from './kv-context';
import { argmaxOf, type DecodeSide, type Generated } from './side';

type Tensor = OrtModule.Tensor;
type Session = OrtModule.InferenceSession;

const HEAVY_OPS =
  /MatMulNBits|GroupQueryAttention|RotaryEmbedding|SimplifiedLayerNormalization|GatherBlockQuantized/;

export class OrtDecodeSide implements DecodeSide {
  private constructor(
    private readonly loaded: LoadedOrt,
    private readonly session: Session,
    private readonly shape: DecodeShape,
    private readonly seed: number,
    readonly what: string,
    /** ORT's placement log lines for this session. */
    readonly placement: string,
  ) {}

  static async start(
    loaded: LoadedOrt,
    bytes: Uint8Array,
    shape: DecodeShape,
    seed: number,
  ): Promise<OrtDecodeSide> {
    const { ort } = loaded;
    const location: Record<string, 'gpu-buffer' | 'cpu'> = { logits: 'cpu' };
    for (let l = 0; l < shape.layers; l++) {
      location[`present.${l}.key`] = 'gpu-buffer';
      location[`present.${l}.value`] = 'gpu-buffer';
    }
    const create = (logSeverityLevel: 0 | 2) =>
      ort.InferenceSession.create(bytes, {
        executionProviders: ['webgpu'],
        graphOptimizationLevel: 'all',
        preferredOutputLocation: location,
        logSeverityLevel,
      });
    // A first session with the verbose log, for the placements only: that log level would stay
    // on for every run of the session, so the timed session is a second one, at warnings.
    const logged = loaded.placements.length;
    await (await create(0)).release();
    const placement = loaded.placements.slice(logged).join(' | ');
    const offGpu = placement
      .split(' | ')
      .filter((line) => /CPUExecutionProvider/.test(line) && HEAVY_OPS.test(line));
    if (offGpu.length > 0) throw new Error(`heavy nodes placed off WebGPU: ${offGpu.join('; ')}`);
    const session = await create(2);
    const bundle = loaded.backend === 'ort-webgpu' ? 'WebGPU EP' : 'JSEP';
    const what = `onnxruntime-web ${ort.env.versions.web ?? ''} ${bundle}, session.run a token`;
    return new OrtDecodeSide(loaded, session, shape, seed, what, placement);
  }

  private i64(values: number[]): Tensor {
    return new this.loaded.ort.Tensor('int64', BigInt64Array.from(values, BigInt), [
      1,
      values.length,
    ]);
  }

  /** past_key_values.* of `context` positions: the random context, or empty. */
  private pastAt(context: number): Record<string, Tensor> {
    const s = this.shape;
    const past: Record<string, Tensor> = {};
    for (let l = 0; l < s.layers; l++)
      for (const part of ['key', 'value'] as const) {
        const data = pastEntries(s, this.seed, l, part, context);
        past[`past_key_values.${l}.${part}`] = new this.loaded.ort.Tensor('float32', data, [
          1,
          s.kvHeads,
          context,
          s.headDim,
        ]);
      }
    return past;
  }

  /** One step: ids at positions from `at`; returns its token and logits, and the new past. */
  private async step(ids: number[], at: number, past: Record<string, Tensor>) {
    const out = await this.session.run({
      input_ids: this.i64(ids),
      attention_mask: this.i64(new Array(at + ids.length).fill(1)),
      position_ids: this.i64(ids.map((_, i) => at + i)),
      ...past,
    });
    const logits = (await (out.logits as Tensor).getData()) as Float32Array;
    const next: Record<string, Tensor> = {};
    for (let l = 0; l < this.shape.layers; l++)
      for (const part of ['key', 'value'])
        next[`past_key_values.${l}.${part}`] = out[`present.${l}.${part}`] as Tensor;
    for (const t of Object.values(past)) if (t.location === 'gpu-buffer') t.dispose();
    return { token: argmaxOf(logits), logits, past: next };
  }

  private release(past: Record<string, Tensor>): void {
    for (const t of Object.values(past)) if (t.location === 'gpu-buffer') t.dispose();
  }

  async generate(prompt: readonly number[], count: number): Promise<Generated> {
    let r = await this.step([...prompt], 0, this.pastAt(0));
    const tokens = [r.token];
    const logits = [r.logits];
    while (tokens.length < count) {
      r = await this.step([r.token], prompt.length + tokens.length - 1, r.past);
      tokens.push(r.token);
      logits.push(r.logits);
    }
    this.release(r.past);
    return { tokens, logits };
  }

  async ttft(prompt: readonly number[]): Promise<number> {
    const past = this.pastAt(0);
    const start = performance.now();
    const r = await this.step([...prompt], 0, past);
    const ms = performance.now() - start;
    this.release(r.past);
    return ms;
  }

  async decode(context: number, count: number): Promise<number[]> {
    let r = await this.step([1], context, this.pastAt(context));
    const ms: number[] = [];
    for (let i = 0; i < count; i++) {
      const start = performance.now();
      r = await this.step([r.token], context + 1 + i, r.past);
      ms.push(performance.now() - start);
    }
    this.release(r.past);
    return ms;
  }

  async destroy(): Promise<void> {
    await this.session.release();
  }
}
