// Ours in a decode page: the decode-for-real model (src/kernels/decode) with int4 weights from the
// same hash the ONNX file was written from. A step is one command buffer; the sampled token stays
// on the GPU and feeds the next step; a token's time runs from its submission until its id has
// been read back to the CPU (16 bytes), as an engine streaming text must.

import type { GpuContext } from '../../../src/gpu/device';
import { DecodeModel, type Program } from '../../../src/kernels/decode/model';
import type { DecodeShape } from '../../../src/kernels/decode/shape';
import { verifyFirstLayer } from '../../../src/kernels/decode/verify';
import { GEMM_VARIANTS, type GemmVariant } from '../../../src/kernels/gemm';
import { gemvCapabilities, gemvVariantsFor } from '../../../src/kernels/gemv';
import type { KernelEnv } from '../../../src/kernels/types';
import type { DecodeSide, Generated } from './side';

export class OursSide implements DecodeSide {
  private constructor(
    private readonly env: KernelEnv,
    private readonly model: DecodeModel,
    private readonly prefill: Program,
    private readonly step: Program,
    readonly what: string,
  ) {}

  static async start(
    gpu: GpuContext,
    env: KernelEnv,
    shape: DecodeShape,
    seed: number,
    positions: number,
    promptLength: number,
  ): Promise<OursSide> {
    const usable = gemvVariantsFor('int4', gemvCapabilities(gpu)).filter(
      (v) => v.weights === 'portable',
    );
    const gemv = usable.find((v) => v.name === 'rows4-wg64') ?? usable[0];
    if (gemv === undefined) throw new Error('no int4 GEMV runs on this adapter');
    const gemm = GEMM_VARIANTS[0] as GemmVariant;
    const maxBindingBytes = Math.min(
      gpu.grantedLimits.maxStorageBufferBindingSize ?? 128 * 2 ** 20,
      gpu.grantedLimits.maxBufferSize ?? 256 * 2 ** 20,
    );
    const model = await DecodeModel.create(env, {
      shape,
      format: 'int4',
      seed,
      positions,
      maxRows: promptLength,
      gemv,
      gemm,
      maxBindingBytes,
      // The peers' ONNX model keeps its KV cache in f32: the same function needs the same cache.
      kv: 'f32',
    });
    const all = { layers: shape.layers, head: true };
    const prefill = await model.program({ rows: promptLength, fromPrompt: true, ...all });
    const step = await model.program({ rows: 1, fromPrompt: false, ...all });
    const what = `our kernels (GEMV ${gemv.name}, GEMM ${gemm.name}, f32 KV cache), one command buffer a token`;
    return new OursSide(env, model, prefill, step, what);
  }

  private async run(p: Program): Promise<number> {
    const encoder = this.env.device.createCommandEncoder({ label: 'peers-decode' });
    const pass = encoder.beginComputePass();
    p.encode(pass);
    pass.end();
    this.env.device.queue.submit([encoder.finish()]);
    return (await this.model.readState())[0] ?? 0;
  }

  /** Our first layer from `context` random positions against the f64 reference (real shapes). */
  verifyFirstLayer(context: number) {
    return verifyFirstLayer(this.env, this.model, context);
  }

  async generate(prompt: readonly number[], count: number): Promise<Generated> {
    this.model.reset(0, 0, prompt);
    const tokens = [await this.run(this.prefill)];
    const logits = [await this.model.readLogits()];
    while (tokens.length < count) {
      tokens.push(await this.run(this.step));
      logits.push(await this.model.readLogits());
    }
    return { tokens, logits };
  }

  async ttft(prompt: readonly number[]): Promise<number> {
    this.model.reset(0, 0, prompt);
    const start = performance.now();
    await this.run(this.prefill);
    return performance.now() - start;
  }

  async decode(context: number, count: number): Promise<number[]> {
    this.model.reset(1, context);
    await this.run(this.step);
    const ms: number[] = [];
    for (let i = 0; i < count; i++) {
      const start = performance.now();
      await this.run(this.step);
      ms.push(performance.now() - start);
    }
    return ms;
  }

  async destroy(): Promise<void> {
    this.env.buffers.destroyAll();
  }
}
