// The shape classes a GEMV is tuned over: the four kinds of matrix a Llama layer and its head
// have, told apart by shape alone (so a decode run finds the class of each of its matrices, and
// a plan the class of each case it tunes). N is output rows, K the reduction length.
//
// - small-N: N ≤ 2K (fused QKV, the attention output): few rows, each long enough to split;
// - large-N: 2K < N < 10K (fused gate·up): many rows of the model's width;
// - large-K: K > N (down): few rows, each longer than the model's width;
// - head: N ≥ 10K (the LM head): the vocabulary's rows, by far the largest matrix.
//
// Llama-3-8B: QKV 6144×4096 and O 4096×4096 small-N, gate·up 28672×4096 large-N (7K), down
// 4096×14336 large-K, head 128256×4096 (31K); Llama-3-70B's head is 15.7K, its gate·up 7K;
// SmolLM2-135M's gate·up 3072×576 is 5.3K, its head 49152×576 85K.

export const GEMV_SHAPE_CLASSES = ['small-N', 'large-N', 'large-K', 'head'] as const;
export type GemvShapeClass = (typeof GEMV_SHAPE_CLASSES)[number];

/** Rows per column from which a matrix counts as an LM head. */
const HEAD_RATIO = 10;

export function gemvShapeClass(n: number, k: number): GemvShapeClass {
  if (k > n) return 'large-K';
  if (n >= HEAD_RATIO * k) return 'head';
  if (n > 2 * k) return 'large-N';
  return 'small-N';
}

/** The tuning family of a GEMV: one per format and shape class. */
export const gemvFamily = (format: string, n: number, k: number): string =>
  `gemv ${format} ${gemvShapeClass(n, k)}`;

/**
 * GEMM is tuned apart for few tokens (M ≤ 16: batched decode, memory-bound, where a big tile
 * wastes most of its rows) and many (prefill, compute-bound, where big tiles pay off).
 */
export const SMALL_M = 16;

export const gemmRegime = (m: number): string => (m <= SMALL_M ? `M≤${SMALL_M}` : `M>${SMALL_M}`);

/** The tuning family of a GEMM: one per format and regime of M. */
export const gemmFamily = (format: string, m: number): string => `gemm ${format} ${gemmRegime(m)}`;
