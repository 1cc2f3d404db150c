// The small kernels of one decode step (norms, RoPE + KV append, split-K attention over the
// cache, SiLU·mul, residual adds, embedding, argmax), each costed from the same run's measured
// rates: one dispatch (the run's probe) plus max(bytes ÷ read bandwidth, FLOPs ÷ FMA rate);
// attention from the run's own attention row where it has one (kernel 'attention').
// Bytes and FLOPs are counted the way the shaders (shaders/decode_*.wgsl) touch them, not the
// ideal: every query head reads its KV head's rows again, every launched split writes a
// partial, the ·V pass keeps headDim/4 × ⌊64 ÷ (headDim/4)⌋ of its 64 lanes busy. Pure arithmetic.

export interface SmallKernelShape {
  hidden: number;
  heads: number;
  kvHeads: number;
  headDim: number;
  ffn: number;
  vocab: number;
  /** Positions one attention workgroup takes (shaders/decode_attention.wgsl, `split`). */
  attentionSplit: number;
  /** Splits the partial pass launches per head (all of them, past the context or not). */
  attentionSplits: number;
  /** Bytes of one KV-cache element (4: the decode run's caches are f32). */
  kvBytesPerElement: number;
}

export interface SmallKernelRates {
  /** Cost of one small dispatch on this adapter (the run's dispatch probe). */
  dispatchMs: number;
  /** Read bandwidth for a working set about the size of one layer's KV cache. */
  kvReadGBps: number;
  /** Read bandwidth for everything else (the activations: small, cache-sized). */
  readGBps: number;
  /** f32 FMA rate. */
  gflops: number;
  /** The run's attention row nearest this shape and context, where it has one. */
  attention?: MeasuredAttention;
}

/** A verified attention row: its time for one query row over `positions` cached positions. */
export interface MeasuredAttention {
  ms: number;
  heads: number;
  headDim: number;
  positions: number;
}

export interface SmallKernelCost {
  kernel: string;
  dispatches: number;
  bytes: number;
  flops: number;
  ms: number;
}

/** Lanes of an attention workgroup (WG in decode_attention.wgsl). */
export const ATTENTION_LANES = 64;

const F32 = 4;

function cost(
  kernel: string,
  dispatches: number,
  bytes: number,
  flops: number,
  rates: SmallKernelRates,
  gbps = rates.readGBps,
  flopRate = rates.gflops,
): SmallKernelCost {
  const work = Math.max(bytes / (gbps * 1e6), flops / (flopRate * 1e6));
  return { kernel, dispatches, bytes, flops, ms: dispatches * rates.dispatchMs + work };
}

/** One layer's small kernels for `rows` query rows attending to `context` cached positions. */
export function layerSmallKernels(
  s: SmallKernelShape,
  context: number,
  rates: SmallKernelRates,
  rows = 1,
): SmallKernelCost[] {
  const qkvWidth = (s.heads + 2 * s.kvHeads) * s.headDim;
  const positions = context + 1;
  const kv = rows * s.heads * positions * s.headDim * s.kvBytesPerElement * 2;
  const partials = rows * s.heads * s.attentionSplits * (s.headDim + 2) * F32;
  const qk = 2 * rows * s.heads * positions * s.headDim;
  const pv = qk;
  // QKᵀ keeps every lane busy; ·V runs headDim/4 columns (one vec4 each) × as many position
  // groups as fit in the lanes: all 64 busy when headDim/4 divides 64, fewer otherwise.
  const columns = s.headDim / 4;
  const groups = Math.max(1, Math.floor(ATTENTION_LANES / columns));
  const pvLanes = Math.min(1, (columns * groups) / ATTENTION_LANES);
  const attnCompute = qk + pv / pvLanes;
  const attention = rates.attention
    ? measuredAttention(rates.attention, rows * s.heads * positions * s.headDim, rates)
    : [
        cost('attn_partial', 1, kv + partials, attnCompute, rates, rates.kvReadGBps),
        cost('attn_combine', 1, partials + rows * s.heads * s.headDim * F32, partials / F32, rates),
      ];
  return [
    cost('rmsnorm', 2, 2 * rows * 3 * s.hidden * F32, 2 * rows * 3 * s.hidden, rates),
    cost('rope_append', 1, rows * 2 * qkvWidth * F32, rows * 3 * qkvWidth, rates),
    ...attention,
    cost('residual', 2, 2 * rows * 3 * s.hidden * F32, 2 * rows * s.hidden, rates),
    cost('silu_mul', 1, rows * 3 * s.ffn * F32, rows * 6 * s.ffn, rates),
  ];
}

/**
 * Attention (partials and combine) from a measured row: its two dispatches, plus the rest of
 * its time scaled by the work (query heads × positions × head size) against the row's.
 */
function measuredAttention(
  row: MeasuredAttention,
  work: number,
  rates: SmallKernelRates,
): SmallKernelCost[] {
  const dispatches = 2 * rates.dispatchMs;
  const perWork = Math.max(0, row.ms - dispatches) / (row.heads * row.positions * row.headDim);
  return [
    { kernel: 'attention', dispatches: 2, bytes: 0, flops: 0, ms: dispatches + perWork * work },
  ];
}

/** The step's small kernels outside the layers: embedding row, final norm, argmax. */
export function tokenSmallKernels(
  s: SmallKernelShape,
  rates: SmallKernelRates,
  embedBytesPerRow: number,
): SmallKernelCost[] {
  return [
    cost('embed', 1, embedBytesPerRow + s.hidden * F32, s.hidden, rates),
    cost('rmsnorm', 1, 3 * s.hidden * F32, 3 * s.hidden, rates),
    cost('argmax', 1, s.vocab * F32, s.vocab, rates),
  ];
}

export const totalMs = (costs: readonly SmallKernelCost[]): number =>
  costs.reduce((t, c) => t + c.ms, 0);

export const totalDispatches = (costs: readonly SmallKernelCost[]): number =>
  costs.reduce((t, c) => t + c.dispatches, 0);
