// Random buffer contents made on the GPU (shaders/probes/fill.wgsl): a 1 GiB input costs
// milliseconds instead of seconds of JavaScript, and matches randomWord() word for word.

import shader from '../../shaders/probes/fill.wgsl?raw';
import { createComputePipeline } from './pipeline';

const pipelines = new WeakMap<GPUDevice, Promise<GPUComputePipeline>>();

function fillPipeline(device: GPUDevice): Promise<GPUComputePipeline> {
  let pipeline = pipelines.get(device);
  if (!pipeline) {
    pipeline = createComputePipeline(device, {
      label: 'fill-random',
      code: shader,
      entryPoint: 'fill',
    });
    pipelines.set(device, pipeline);
  }
  return pipeline;
}

/** What the fill needs of a BufferLedger (buffers.ts): a uniform it can make and destroy. */
export interface UniformLedger {
  createUniform(label: string, data: Uint32Array): Promise<GPUBuffer>;
  destroy(buffer: GPUBuffer): void;
}

export interface FillSpec {
  seed: number;
  /** Global word index of the buffer's first word (for slices of a larger logical array). */
  first?: number;
  keep?: number;
  bits?: number;
}

/**
 * Overwrites all of `buffer` (a multiple of 4 bytes, STORAGE usage) with random words. The fill
 * is queued, not awaited: later submits on the same queue see the filled buffer.
 */
export async function fillRandom(
  device: GPUDevice,
  ledger: UniformLedger,
  buffer: GPUBuffer,
  spec: FillSpec,
): Promise<void> {
  const pipeline = await fillPipeline(device);
  const count = buffer.size / 4;
  const params = await ledger.createUniform(
    'fill-params',
    new Uint32Array([
      spec.seed >>> 0,
      spec.first ?? 0,
      count,
      spec.keep ?? 0xffffffff,
      spec.bits ?? 0,
      0,
      0,
      0,
    ]),
  );
  try {
    const bindGroup = device.createBindGroup({
      label: 'fill-random',
      layout: pipeline.getBindGroupLayout(0),
      entries: [
        { binding: 0, resource: { buffer: params } },
        { binding: 1, resource: { buffer } },
      ],
    });
    const encoder = device.createCommandEncoder({ label: 'fill-random' });
    const pass = encoder.beginComputePass({ label: 'fill-random' });
    pass.setPipeline(pipeline);
    pass.setBindGroup(0, bindGroup);
    pass.dispatchWorkgroups(Math.max(1, Math.min(4096, Math.ceil(count / 256))));
    pass.end();
    device.queue.submit([encoder.finish()]);
  } finally {
    // Safe after submit: the queued fill keeps what it uses alive until it has run.
    ledger.destroy(params);
  }
}
