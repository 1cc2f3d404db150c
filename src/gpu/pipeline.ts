// Compiles a WGSL entry point into a compute pipeline; compile and validation errors become a
// GpuError carrying the compiler's messages. Every module reaches the compiler through here, put
// in portable order first (src/core/wgsl/portable.ts), and only when the device grants what it
// needs.

import { portableModule, wgslNeeds } from '../core/wgsl/portable';
import { GPU_WAIT_TIMEOUT_MS, GpuError, withTimeout } from './errors';
import { ungrantedNeeds } from './wgsl-support';

export interface PipelineSpec {
  label: string;
  code: string;
  entryPoint: string;
  constants?: Record<string, number>;
}

const cache = new WeakMap<GPUDevice, Map<string, Promise<GPUComputePipeline>>>();

/**
 * Compiles once per device and spec: cases that share a kernel (the sweep sizes, the shapes of
 * one format) reuse its pipeline. A failed compile is not kept.
 */
export function createComputePipeline(
  device: GPUDevice,
  spec: PipelineSpec,
): Promise<GPUComputePipeline> {
  let byKey = cache.get(device);
  if (!byKey) {
    byKey = new Map();
    cache.set(device, byKey);
  }
  const key = JSON.stringify([spec.code, spec.entryPoint, spec.constants ?? {}]);
  let pipeline = byKey.get(key);
  if (!pipeline) {
    pipeline = compile(device, spec);
    byKey.set(key, pipeline);
    pipeline.catch(() => byKey.delete(key));
  }
  return pipeline;
}

async function compile(device: GPUDevice, spec: PipelineSpec): Promise<GPUComputePipeline> {
  let code: string;
  try {
    code = portableModule(spec.code);
  } catch (e) {
    // Text that is not a WGSL module goes to no compiler: some crash on what they cannot parse.
    throw new GpuError(
      'validation',
      `Shader ${spec.label} failed to compile: ${(e as Error).message}.`,
    );
  }
  const ungranted = ungrantedNeeds(device, wgslNeeds(code));
  if (ungranted.length > 0) {
    throw new GpuError(
      'feature-missing',
      `Shader ${spec.label} needs ${ungranted.join(' and ')}, which this device does not grant.`,
    );
  }
  device.pushErrorScope('validation');
  const module = device.createShaderModule({ label: spec.label, code });
  const info = await withTimeout(
    module.getCompilationInfo(),
    GPU_WAIT_TIMEOUT_MS,
    'shader compile',
  );
  const errors = info.messages.filter((m) => m.type === 'error');
  let pipeline: GPUComputePipeline | undefined;
  let failure: string | undefined;
  if (errors.length > 0) {
    failure = errors.map((m) => `${m.lineNum}:${m.linePos} ${m.message}`).join('; ');
  } else {
    try {
      pipeline = await device.createComputePipelineAsync({
        label: spec.label,
        layout: 'auto',
        compute: { module, entryPoint: spec.entryPoint, constants: spec.constants ?? {} },
      });
    } catch (e) {
      failure = (e as Error).message;
    }
  }
  const scoped = await withTimeout(device.popErrorScope(), GPU_WAIT_TIMEOUT_MS, 'popErrorScope');
  if (scoped && !failure) failure = scoped.message;
  if (failure || !pipeline) {
    throw new GpuError('validation', `Shader ${spec.label} failed to compile: ${failure}.`);
  }
  return pipeline;
}

/** A bind group of group 0 with buffers[i] at binding i (null: a binding this entry point lacks). */
export function bindBuffers(
  device: GPUDevice,
  pipeline: GPUComputePipeline,
  buffers: readonly (GPUBuffer | null)[],
): GPUBindGroup {
  return device.createBindGroup({
    layout: pipeline.getBindGroupLayout(0),
    entries: buffers.flatMap((buffer, binding) =>
      buffer === null ? [] : [{ binding, resource: { buffer } }],
    ),
  });
}
