// The small kernels of one decode step (norms, RoPE, the KV append, split-K attention over the
// cache, SiLU·mul, residual adds, embedding, argmax), each costed from the same run's measured
// rates: one dispatch (the run's probe) plus max(bytes ÷ read bandwidth, FLOPs ÷ FMA rate);
// attention from the run's own attention row where it has one (kernel 'attention').
// Bytes and FLOPs are counted the way the shaders (shaders/decode/decode_*.wgsl) touch them, not
// the ideal: one workgroup per (split, KV head) reads its K and V rows once for all its query heads
// at the cache's bytes per value, every launched split writes a partial for each of them, the
// score phase keeps G · T of its 64 lanes busy per tile and the ·V phase G · hd/4 (rounded up to
// whole passes of 64). Pure arithmetic.

export interface SmallKernelShape {
  hidden: number;
  heads: number;
  kvHeads: number;
  headDim: number;
  ffn: number;
  vocab: number;
  /** Positions one attention workgroup takes (shaders/decode/decode_attention.wgsl, `split`). */
  attentionSplit: number;
  /** Splits the partial pass launches per head (those holding positions up to the context). */
  attentionSplits: number;
  /** Bytes of one KV-cache value, scales included (f16: 2; q8: 34 / 32 at hd = 128). */
  kvBytesPerElement: number;
  /** The cache's format as attention rows name it ('kv-f16', 'kv-q8', 'kv-f32'), where known. */
  kvFormat?: string;
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

/** Positions per staged tile in decode_attention.wgsl: min(16, ⌊1024 ÷ hd⌋). */
export const attentionTile = (headDim: number): number =>
  Math.max(1, Math.min(16, Math.floor(1024 / headDim)));

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
  const kvWidth = s.kvHeads * s.headDim;
  const positions = context + 1;
  const kv = rows * kvWidth * positions * s.kvBytesPerElement * 2;
  const query = rows * s.heads * s.headDim * F32;
  const partials = rows * s.heads * s.attentionSplits * (s.headDim + 2) * F32;
  const qk = 2 * rows * s.heads * positions * s.headDim;
  const pv = qk;
  // Busy lanes: scores G · T per tile, ·V G · hd/4 vec4 outputs over whole passes of 64.
  const group = s.heads / s.kvHeads;
  const scoreLanes = Math.min(1, (group * attentionTile(s.headDim)) / ATTENTION_LANES);
  const outputs = (group * s.headDim) / 4;
  const pvLanes = outputs / (ATTENTION_LANES * Math.ceil(outputs / ATTENTION_LANES));
  const attnCompute = qk / scoreLanes + pv / pvLanes;
  const attention = rates.attention
    ? measuredAttention(rates.attention, rows * s.heads * positions * s.headDim, rates)
    : [
        cost('attn_partial', 1, kv + query + partials, attnCompute, rates, rates.kvReadGBps),
        cost('attn_combine', 1, partials + rows * s.heads * s.headDim * F32, partials / F32, rates),
      ];
  const ropeWidth = (s.heads + s.kvHeads) * s.headDim;
  const append = rows * 2 * kvWidth * (F32 + s.kvBytesPerElement);
  return [
    cost('rmsnorm', 2, 2 * rows * 3 * s.hidden * F32, 2 * rows * 3 * s.hidden, rates),
    cost('rope', 1, rows * 2 * ropeWidth * F32, rows * 3 * ropeWidth, rates),
    cost('kv_append', 1, append, rows * 2 * kvWidth, rates),
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
