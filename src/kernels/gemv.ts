// GEMV y = W·x (decode): shaders/gemv.wgsl with the format's weights_<format>.wgsl prepended.

import gemvShader from '../../shaders/gemv.wgsl?raw';
import { createComputePipeline } from '../gpu/pipeline';
import { type MatrixFormat, matrixBytes } from './formats';
import { verifyGemm } from './gemm';
import {
  activations,
  bindMatrixChunks,
  copiesFor,
  encodeMatrixChunks,
  uploadMatrix,
} from './matrix';
import type { KernelCase, KernelEnv, PreparedKernel } from './types';
import { weightsShader } from './weights';

export interface GemvVariant {
  name: string;
  entry: 'gemv_row' | 'gemv_team';
  workgroupSize: number;
  /** Invocations per row (gemv_team). */
  team: number;
}

export const GEMV_VARIANTS: readonly GemvVariant[] = [
  { name: 'row-wg64', entry: 'gemv_row', workgroupSize: 64, team: 1 },
  { name: 'team32-wg256', entry: 'gemv_team', workgroupSize: 256, team: 32 },
  { name: 'team8-wg64', entry: 'gemv_team', workgroupSize: 64, team: 8 },
];

export interface GemvOptions {
  /** Weight bytes all copies together should span, so dispatches do not hit in cache. */
  rotationBytes: number;
  /** Largest buffer one binding may hold (device limits). */
  maxBindingBytes: number;
  seed?: number;
}

export function gemvBytes(format: MatrixFormat, n: number, k: number): number {
  return matrixBytes(format, n, k) + 4 * k + 4 * n;
}

export function gemvCase(
  format: MatrixFormat,
  n: number,
  k: number,
  variant: GemvVariant,
  options: GemvOptions,
): KernelCase {
  return {
    kernel: 'gemv',
    variant: variant.name,
    format,
    shape: { m: 1, n, k },
    bytes: gemvBytes(format, n, k),
    flops: 2 * n * k,
    label: `gemv ${format} ${n}×${k} (${variant.name})`,
    prepare: (env) => prepareGemv(env, format, n, k, variant, options),
  };
}

async function prepareGemv(
  env: KernelEnv,
  format: MatrixFormat,
  n: number,
  k: number,
  variant: GemvVariant,
  options: GemvOptions,
): Promise<PreparedKernel> {
  const { device, buffers } = env;
  const seed = options.seed ?? 0x6e3f;
  const pipeline = await createComputePipeline(device, {
    label: `gemv-${format}-${variant.name}`,
    code: `${weightsShader(format)}\n${gemvShader}`,
    entryPoint: variant.entry,
    constants: { WG: variant.workgroupSize, TEAM: variant.team },
  });
  const copies = copiesFor(matrixBytes(format, n, k), options.rotationBytes);
  const matrix = await uploadMatrix(env, {
    format,
    n,
    k,
    seed,
    copies,
    maxBindingBytes: options.maxBindingBytes,
  });
  const xValues = activations(1, k);
  const x = await buffers.createFrom('gemv-x', xValues);
  const y = await buffers.create('gemv-y', 4 * n, GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_SRC);
  const rowsPerWorkgroup = variant.workgroupSize / variant.team;
  const dispatches = await bindMatrixChunks(env, pipeline, matrix, x, y, (chunk) => ({
    params: [chunk.rows, k / 32, chunk.rowStart, 0],
    workgroups: [Math.ceil(chunk.rows / rowsPerWorkgroup), 1],
  }));

  return {
    encode(pass, rep) {
      pass.setPipeline(pipeline);
      encodeMatrixChunks(pass, dispatches, rep);
    },
    async verify() {
      const actual = new Float32Array(await buffers.read(y));
      // y is the M = 1 case of the GEMM reference.
      return verifyGemm(actual, format, 1, n, k, seed, xValues);
    },
  };
}
