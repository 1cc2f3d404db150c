// A random weight matrix on the GPU, in one format, split into row chunks that each fit one
// binding, and repeated in `copies` so consecutive dispatches read different memory (the
// working set then exceeds the last-level cache). Filled on the GPU with the same counter hash
// the CPU reference reads (randomMatrixWords).

import { fillRandom } from '../gpu/fill';
import {
  checkShape,
  GROUP_SIZE,
  isGrouped,
  type MatrixFormat,
  SCALE_WORD_MASK,
  scaleSeed,
  WEIGHT_WORD_MASK,
  wordsPerRow,
} from './formats';
import type { KernelEnv } from './types';

export interface MatrixChunk {
  rowStart: number;
  rows: number;
  /** One weights buffer per copy. */
  weights: GPUBuffer[];
  /** One scales buffer per copy (grouped formats only). */
  scales: GPUBuffer[] | null;
}

export interface GpuMatrix {
  format: MatrixFormat;
  n: number;
  k: number;
  copies: number;
  chunks: MatrixChunk[];
}

/** Rows per chunk: as many as fit `maxBindingBytes`, even (so scale words never straddle). */
export function rowsPerChunk(
  format: MatrixFormat,
  n: number,
  k: number,
  maxBindingBytes: number,
): number {
  const rowBytes = wordsPerRow(format, k) * 4;
  const rows = Math.floor(maxBindingBytes / rowBytes / 2) * 2;
  if (rows < 2) throw new RangeError(`one row of ${k} ${format} weights exceeds the binding limit`);
  return Math.min(n, rows);
}

export async function uploadMatrix(
  env: KernelEnv,
  spec: {
    format: MatrixFormat;
    n: number;
    k: number;
    seed: number;
    copies: number;
    maxBindingBytes: number;
  },
): Promise<GpuMatrix> {
  const { format, n, k, seed, copies } = spec;
  checkShape(n, k);
  const perChunk = rowsPerChunk(format, n, k, spec.maxBindingBytes);
  const words = wordsPerRow(format, k);
  const chunks: MatrixChunk[] = [];
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
        rows * words * 4,
        GPUBufferUsage.STORAGE,
      );
      await fillRandom(env.device, env.buffers, w, {
        seed,
        first: rowStart * words,
        ...WEIGHT_WORD_MASK[format],
      });
      chunk.weights.push(w);
      if (chunk.scales) {
        const groups = (rows * k) / GROUP_SIZE;
        // Scale words hold two groups; an odd count pads the last word (uniform size ≥ 4).
        const size = Math.ceil(groups / 2) * 4;
        const s = await env.buffers.create(
          `${format}-scales-${rowStart}-${c}`,
          size,
          GPUBufferUsage.STORAGE,
        );
        await fillRandom(env.device, env.buffers, s, {
          seed: scaleSeed(seed),
          first: (rowStart * k) / GROUP_SIZE / 2,
          ...SCALE_WORD_MASK,
        });
        chunk.scales.push(s);
      }
    }
    chunks.push(chunk);
  }
  return { format, n, k, copies, chunks };
}

/** Copies of a matrix so that all of them together reach `rotationBytes` (at most 16). */
export function copiesFor(matrixBytes: number, rotationBytes: number): number {
  return Math.max(1, Math.min(16, Math.ceil(rotationBytes / matrixBytes)));
}
