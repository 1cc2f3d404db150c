// The shapes both sides run. Default: small enough for SwiftShader on two CPU cores (the whole
// run stays under ~2 minutes); --full: the real Llama-3-8B layer matrices, for real GPUs.

import { getModel, modelMatrices } from '../../src/model/llm';
import type { PeerShape } from './types';

export function peerShapes(full: boolean): PeerShape[] {
  if (!full) {
    return [
      { kernel: 'gemv', m: 1, n: 2048, k: 1024, note: 'small' },
      // Llama-3-8B's O projection (64 MiB in f32): still quick enough on SwiftShader.
      { kernel: 'gemv', m: 1, n: 4096, k: 4096, note: 'llama-3-8b o' },
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
