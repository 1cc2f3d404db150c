// A random weight matrix on the GPU, in one format, split into row chunks that each fit one
// binding, and repeated in `copies` so consecutive dispatches read different memory (the
// working set then exceeds the last-level cache). Filled on the GPU with the same counter hash
// the CPU reference reads (randomMatrixWords).

import type { FormatId } from '../core/formats';
import { copyWhole } from '../gpu/buffers';
import { type FillSpec, fillRandom } from '../gpu/fill';
import { createComputePipeline } from '../gpu/pipeline';
import { verifyGemm } from './cpu-reference';
import {
  blocksPerRow,
  checkShape,
  isGrouped,
  matrixBytes,
  rowBytes,
  SCALE_WORD_MASK,
  scaleSeed,
  weightBufferBytes,
  weightWordMask,
  wordsPerRow,
} from './formats';
import type { KernelEnv, PreparedKernel } from './types';

export interface MatrixChunk {
  rowStart: number;
  rows: number;
  /** One weights buffer per copy. */
  weights: GPUBuffer[];
  /** One scales buffer per copy (grouped formats only). */
  scales: GPUBuffer[] | null;
}

export interface GpuMatrix {
  format: FormatId;
  n: number;
  k: number;
  copies: number;
  chunks: MatrixChunk[];
}

/** Rows per chunk: as many as fit `maxBindingBytes`, even (so scale words never straddle). */
export function rowsPerChunk(
  format: FormatId,
  n: number,
  k: number,
  maxBindingBytes: number,
): number {
  let rows = Math.floor(maxBindingBytes / rowBytes(format, k) / 2) * 2;
  // The buffer is rounded up to whole vec4s (weightBufferBytes), which may not fit.
  if (weightBufferBytes(format, rows, k) > maxBindingBytes) rows -= 2;
  if (rows < 2) throw new RangeError(`one row of ${k} ${format} weights exceeds the binding limit`);
  return Math.min(n, rows);
}

/**
 * Copy 0 of a buffer is filled on the GPU; later copies are byte copies of it (much cheaper than
 * hashing every word again on a software adapter).
 */
async function fillOrCopy(
  env: KernelEnv,
  first: GPUBuffer | undefined,
  buffer: GPUBuffer,
  fill: FillSpec,
): Promise<void> {
  if (first) copyWhole(env.device, first, buffer);
  else await fillRandom(env.device, env.buffers, buffer, fill);
}

export async function uploadMatrix(
  env: KernelEnv,
  spec: {
    format: FormatId;
    n: number;
    k: number;
    seed: number;
    copies: number;
    maxBindingBytes: number;
  },
): Promise<GpuMatrix> {
  const { format, n, k, seed, copies } = spec;
  checkShape(n, k, format);
  const perChunk = rowsPerChunk(format, n, k, spec.maxBindingBytes);
  const words = wordsPerRow(format, k);
  const chunks: MatrixChunk[] = [];
  // Read at call time: in Node, Dawn's GPUBufferUsage global exists only once a device does.
  const usage = GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_SRC | GPUBufferUsage.COPY_DST;
  for (let rowStart = 0; rowStart < n; rowStart += perChunk) {
    const rows = Math.min(perChunk, n - rowStart);
    const chunk: MatrixChunk = {
      rowStart,
      rows,
      weights: [],
      scales: isGrouped(format) ? [] : null,
    };
    for (let c = 0; c < copies; c++) {
      const w = await env.buffers.create(
        `${format}-weights-${rowStart}-${c}`,
        weightBufferBytes(format, rows, k),
        usage,
      );
      await fillOrCopy(env, chunk.weights[0], w, {
        seed,
        first: rowStart * words,
        ...weightWordMask(format),
      });
      chunk.weights.push(w);
      if (chunk.scales) {
        const blocks = rows * blocksPerRow(format, k);
        // Scale words hold two blocks; an odd count pads the last word (uniform size ≥ 4).
        const size = Math.ceil(blocks / 2) * 4;
        const s = await env.buffers.create(`${format}-scales-${rowStart}-${c}`, size, usage);
        await fillOrCopy(env, chunk.scales[0], s, {
          seed: scaleSeed(seed),
          first: (rowStart * blocksPerRow(format, k)) / 2,
          ...SCALE_WORD_MASK,
        });
        chunk.scales.push(s);
      }
    }
    chunks.push(chunk);
  }
  return { format, n, k, copies, chunks };
}

/** Activations X (M×K, row-major): deterministic values in [−1, 1). */
export function activations(m: number, k: number): Float32Array {
  const x = new Float32Array(m * k);
  for (let i = 0; i < m * k; i++) x[i] = Math.sin(i * 0.731 + 3.1) * 0.999;
  return x;
}

/** Copies of a matrix so that all of them together reach `rotationBytes` (at most 16). */
export function copiesFor(matrixBytes: number, rotationBytes: number): number {
  return Math.max(1, Math.min(16, Math.ceil(rotationBytes / matrixBytes)));
}

export interface ChunkDispatch {
  /** One bind group per copy. */
  bindGroups: GPUBindGroup[];
  workgroups: [number, number, number];
}

const MAX_WORKGROUPS_PER_DIMENSION = 65535;

/**
 * Binds each chunk of `matrix` (per copy) with its own uniform (binding 0), the input (1),
 * the chunk's weights (2) and scales (3), and the output (4). `layout` gives a chunk's uniform
 * words and its workgroup grid; a grid wider than 65535 folds into the next dimension.
 */
export async function bindMatrixChunks(
  env: KernelEnv,
  pipeline: GPUComputePipeline,
  matrix: GpuMatrix,
  input: GPUBuffer,
  output: GPUBuffer,
  layout: (chunk: MatrixChunk) => { params: number[]; workgroups: [number, number] },
): Promise<ChunkDispatch[]> {
  const out: ChunkDispatch[] = [];
  for (const chunk of matrix.chunks) {
    const { params, workgroups } = layout(chunk);
    const uniform = await env.buffers.createUniform(
      `params-${chunk.rowStart}`,
      new Uint32Array(params),
    );
    const bindGroups = chunk.weights.map((weights, c) =>
      env.device.createBindGroup({
        label: `${matrix.format}-${chunk.rowStart}-${c}`,
        layout: pipeline.getBindGroupLayout(0),
        entries: [
          { binding: 0, resource: { buffer: uniform } },
          { binding: 1, resource: { buffer: input } },
          { binding: 2, resource: { buffer: weights } },
          ...(chunk.scales
            ? [{ binding: 3, resource: { buffer: chunk.scales[c] as GPUBuffer } }]
            : []),
          { binding: 4, resource: { buffer: output } },
        ],
      }),
    );
    out.push({ bindGroups, workgroups: foldGrid(workgroups) });
  }
  return out;
}

/** An x × y grid as a dispatch: x beyond the per-dimension limit folds into y (when y is 1). */
export function foldGrid([x, y]: [number, number]): [number, number, number] {
  const fold = Math.ceil(x / MAX_WORKGROUPS_PER_DIMENSION);
  if (fold > 1 && y > 1) throw new RangeError(`a ${x}×${y} workgroup grid cannot be folded`);
  return fold > 1 ? [MAX_WORKGROUPS_PER_DIMENSION, fold, y] : [x, y, 1];
}

/** Records every chunk's dispatch, using copy `rep % copies`. */
export function encodeMatrixChunks(
  pass: GPUComputePassEncoder,
  chunks: ChunkDispatch[],
  rep: number,
): void {
  for (const chunk of chunks) {
    pass.setBindGroup(0, chunk.bindGroups[rep % chunk.bindGroups.length] as GPUBindGroup);
    pass.dispatchWorkgroups(...chunk.workgroups);
  }
}

/**
 * A dispatch that turns X into what the product reads (the DP4A GEMVs' int8 x), recorded before
 * each product, so its cost is in the timed work.
 */
export interface InputStage {
  /** The buffer the product binds as its input. */
  output: GPUBuffer;
  encode(pass: GPUComputePassEncoder): void;
  /** The staged input checked against its definition, and the values the reference then uses. */
  check(): Promise<{ ok: boolean; detail?: string; values: Float32Array }>;
}

/** What GEMV and GEMM cases need to know about memory. */
export interface MatrixOptions {
  /** Weight bytes all copies together should span, so dispatches do not hit in cache. */
  rotationBytes: number;
  /** Largest buffer one binding may hold (device limits). */
  maxBindingBytes: number;
  seed?: number;
}

export interface MatrixProductSpec {
  label: string;
  /** The weights WGSL and the kernel WGSL, joined. */
  code: string;
  entryPoint: string;
  constants?: Record<string, number>;
  format: FormatId;
  m: number;
  n: number;
  k: number;
  seed: number;
  rotationBytes: number;
  maxBindingBytes: number;
  /** Allowed error as a share of Σ|w·x| (see WEIGHTS_TOLERANCE). */
  tolerance: number;
  /** X as the kernel reads it, and the values the reference uses; f32 activations by default. */
  input?: { words: ArrayBufferView; values: Float32Array };
  /** A chunk's uniform words and workgroup grid. */
  layout: (chunk: MatrixChunk) => { params: number[]; workgroups: [number, number] };
  /** A stage between X and the product (X stays the f32 activations). */
  stage?: (env: KernelEnv, x: GPUBuffer, values: Float32Array) => Promise<InputStage>;
  /** A bind group at @group(1), made from the pipeline's layout (the address trace's buffer). */
  group1?: (layout: GPUBindGroupLayout) => GPUBindGroup;
}

/**
 * Y = X·Wᵀ on the GPU, the shape shared by GEMV (M = 1) and GEMM: the pipeline, W in copies and
 * chunks, X, Y, one bind group per chunk and copy, and the check against the CPU reference.
 */
export async function prepareMatrixProduct(
  env: KernelEnv,
  spec: MatrixProductSpec,
): Promise<PreparedKernel> {
  const { m, n, k, format, seed } = spec;
  const pipeline = await createComputePipeline(env.device, {
    label: spec.label,
    code: spec.code,
    entryPoint: spec.entryPoint,
    ...(spec.constants ? { constants: spec.constants } : {}),
  });
  const copies = copiesFor(matrixBytes(format, n, k), spec.rotationBytes);
  const matrix = await uploadMatrix(env, {
    format,
    n,
    k,
    seed,
    copies,
    maxBindingBytes: spec.maxBindingBytes,
  });
  const xValues = spec.input?.values ?? activations(m, k);
  const x = await env.buffers.createFrom(`${spec.label}-x`, spec.input?.words ?? xValues);
  const y = await env.buffers.create(
    `${spec.label}-y`,
    4 * m * n,
    GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_SRC,
  );
  const stage = spec.stage ? await spec.stage(env, x, xValues) : null;
  const input = stage?.output ?? x;
  const dispatches = await bindMatrixChunks(env, pipeline, matrix, input, y, spec.layout);
  const group1 = spec.group1?.(pipeline.getBindGroupLayout(1));
  return {
    encode(pass, rep) {
      stage?.encode(pass);
      pass.setPipeline(pipeline);
      if (group1) pass.setBindGroup(1, group1);
      encodeMatrixChunks(pass, dispatches, rep);
    },
    async verify() {
      const staged = await stage?.check();
      if (staged && !staged.ok) return { ok: false, detail: staged.detail ?? 'staged input' };
      const actual = new Float32Array(await env.buffers.read(y));
      return verifyGemm(actual, format, m, n, k, seed, staged?.values ?? xValues, spec.tolerance);
    },
  };
}
