// The shapes every side runs. default: small enough for SwiftShader on two CPU cores; tiny: the
// tests' (one GEMV, one GEMM, K a multiple of 128 for MatMulNBits' block 128); full: the real
// Llama-3-8B layer matrices at M = 1, 128 and 512, for real GPUs.

import type { FormatId } from '../../src/core/formats';
import { getModel, modelMatrices } from '../../src/model/llm/models';
import type { PeerShape } from './types';

export type ShapeSet = 'default' | 'tiny' | 'full';

export function peerShapes(set: ShapeSet): PeerShape[] {
  if (set === 'tiny') {
    return [
      { kernel: 'gemv', m: 1, n: 64, k: 128, note: 'tiny' },
      { kernel: 'gemm', m: 4, n: 64, k: 128, note: 'tiny' },
    ];
  }
  if (set === 'default') {
    return [
      { kernel: 'gemv', m: 1, n: 2048, k: 1024, note: 'small' },
      { kernel: 'gemv', m: 1, n: 4096, k: 4096, note: 'llama-3-8b q_proj' },
      { kernel: 'gemv', m: 1, n: 14336, k: 4096, note: 'llama-3-8b gate' },
      { kernel: 'gemm', m: 8, n: 1024, k: 1024, note: 'batched decode' },
      { kernel: 'gemm', m: 64, n: 1024, k: 1024, note: 'batched decode' },
      { kernel: 'gemm', m: 128, n: 1024, k: 1024, note: 'prefill' },
    ];
  }
  const shapes: PeerShape[] = [];
  const matrices = modelMatrices(getModel('llama-3-8b')).filter((x) => x.name !== 'lm_head');
  for (const m of [1, 128, 512]) {
    for (const mat of matrices) {
      shapes.push({
        kernel: m === 1 ? 'gemv' : 'gemm',
        m,
        n: mat.n,
        k: mat.k,
        note: `llama-3-8b ${mat.name}`,
      });
    }
  }
  return shapes;
}

/**
 * Names a shape and format in the `ours` query: our variant is tuned on the first page and
 * carried to the next ones, which run the same kernels on the same adapter.
 */
export const oursKey = (shape: PeerShape, format: FormatId): string =>
  `${shape.kernel}.${shape.m}.${shape.n}.${shape.k}.${format}`;
