// Our decode model (src/kernels/decode: a dense Llama-family decoder with random int4 weights
// from the counter hash) written as an ONNX decoder in the operator set of current onnx-community
// q4 exports, so onnxruntime-web and transformers.js run the same function on the same numbers:
//
//   embedding   GatherBlockQuantized (com.microsoft; uint8 data, bits 4, block 32) over the LM
//               head's weights (ours ties them)
//   norms       SimplifiedLayerNormalization (the first), SkipSimplifiedLayerNormalization
//               (com.microsoft; the residual add fused, its sum taken from output 3)
//   projections MatMulNBits (com.microsoft; bits 4, block 32, f32 scales, default zero point 8,
//               accuracy_level 0: f32 arithmetic) — q, k, v, gate and up as separate nodes over
//               the rows of our fused qkv and gate_up matrices, as exports have them
//   RoPE        RotaryEmbedding (com.microsoft; not interleaved: pairs (j, j + hd/2), ours too)
//               on q and k with position_ids and cos/sin caches [positions, hd/2] from our table
//   attention   GroupQueryAttention (com.microsoft) with past_key_values.L.key/value in and
//               present.L.key/value out, [batch, kv heads, positions, hd]; seqlens_k and
//               total_sequence_length from attention_mask (ReduceSum − 1, Shape[1])
//   MLP         gate · Sigmoid(gate) · up, then down
//   head        the last position only (Slice, as exports with num_logits_to_keep = 1 do), the
//               final norm, MatMulNBits over the head's weights → logits [batch, 1, vocab]
//
// Inputs input_ids, attention_mask, position_ids (int64) and past_key_values.*, the names
// transformers.js feeds; outputs logits and present.*.

import { maskedFloat } from '../../../src/kernels/decode/reference';
import {
  type DecodeShape,
  GAIN_MASK,
  type LayerMatrix,
  matrixShape,
  RMS_EPS,
  ropeTable,
  seeds,
} from '../../../src/kernels/decode/shape';
import { randomMatrixWords } from '../../../src/kernels/formats';
import { encodeModel, type OnnxNode, type OnnxTensor, type OnnxValue } from '../onnx';
import { BLOCK, int4ToBlocks, type NBitsBlocks } from './int4-blocks';

export interface OnnxDecoderSpec {
  shape: DecodeShape;
  seed: number;
  /** Positions the RoPE caches cover (the longest sequence the model may see). */
  positions: number;
}

const bytesOf = (a: Float32Array | BigInt64Array | Int32Array) =>
  new Uint8Array(a.buffer, a.byteOffset, a.byteLength);

/** A graph under construction: nodes in order, initializers. */
class GraphBuilder {
  readonly nodes: OnnxNode[] = [];
  readonly initializers: OnnxTensor[] = [];
  private count = 0;

  node(
    opType: string,
    inputs: string[],
    outputs: string[] | number,
    attributes: Record<string, number> = {},
    extra: { domain?: string; floats?: Record<string, number> } = {},
  ): string[] {
    const name = `${opType}_${this.count++}`;
    const outs =
      typeof outputs === 'number'
        ? Array.from({ length: outputs }, (_, i) => `${name}/out${i}`)
        : outputs;
    this.nodes.push({
      opType,
      domain: extra.domain ?? '',
      inputs,
      outputs: outs,
      attributes,
      ...(extra.floats ? { floats: extra.floats } : {}),
      name,
    });
    return outs;
  }

  ms(opType: string, inputs: string[], outputs: string[] | number, attributes = {}, floats = {}) {
    return this.node(opType, inputs, outputs, attributes, { domain: 'com.microsoft', floats });
  }

  one(
    opType: string,
    inputs: string[],
    attributes: Record<string, number> = {},
    floats?: Record<string, number>,
  ): string {
    return this.node(opType, inputs, 1, attributes, floats ? { floats } : {})[0] as string;
  }

  f32(name: string, dims: number[], values: Float32Array): string {
    this.initializers.push({ name, type: 'float', dims, data: bytesOf(values) });
    return name;
  }

  i64(name: string, values: number[], scalar = false): string {
    const data = bytesOf(BigInt64Array.from(values, BigInt));
    this.initializers.push({ name, type: 'int64', dims: scalar ? [] : [values.length], data });
    return name;
  }

  /** MatMulNBits y = x · Wᵀ over blocks of W (rows × K). */
  matmul(name: string, x: string, w: NBitsBlocks, out = `${name}.out`): string {
    const blocks = w.k / BLOCK;
    this.initializers.push({
      name: `${name}.qweight`,
      type: 'uint8',
      dims: [w.rows, blocks, BLOCK / 2],
      data: w.data,
    });
    this.f32(`${name}.scales`, [w.rows * blocks], w.scales);
    const [y] = this.ms('MatMulNBits', [x, `${name}.qweight`, `${name}.scales`], [out], {
      K: w.k,
      N: w.rows,
      bits: 4,
      block_size: BLOCK,
    });
    return y as string;
  }
}

/** Graph inputs and outputs with transformers.js's names. */
function graphValues(s: DecodeShape): { inputs: OnnxValue[]; outputs: OnnxValue[] } {
  const kv = (prefix: string, seq: string, l: number, part: 'key' | 'value'): OnnxValue => ({
    name: `${prefix}.${l}.${part}`,
    type: 'float',
    dims: ['batch_size', s.kvHeads, seq, s.headDim],
  });
  const layers = Array.from({ length: s.layers }, (_, l) => l);
  return {
    inputs: [
      { name: 'input_ids', type: 'int64', dims: ['batch_size', 'sequence_length'] },
      { name: 'attention_mask', type: 'int64', dims: ['batch_size', 'total_sequence_length'] },
      { name: 'position_ids', type: 'int64', dims: ['batch_size', 'sequence_length'] },
      ...layers.flatMap((l) => [
        kv('past_key_values', 'past_sequence_length', l, 'key'),
        kv('past_key_values', 'past_sequence_length', l, 'value'),
      ]),
    ],
    outputs: [
      { name: 'logits', type: 'float', dims: ['batch_size', 1, s.vocab] },
      ...layers.flatMap((l) => [
        kv('present', 'total_sequence_length', l, 'key'),
        kv('present', 'total_sequence_length', l, 'value'),
      ]),
    ],
  };
}

/** Our gains as the reference reads them: norm 2l (attention), 2l + 1 (MLP), 2L (final). */
function gain(s: DecodeShape, seed: number, norm: number): Float32Array {
  const gains = seeds(seed).gains;
  return Float32Array.from({ length: s.hidden }, (_, i) =>
    maskedFloat(gains, norm * s.hidden + i, GAIN_MASK),
  );
}

/** The cos and sin caches [positions, hd/2] from the table our RoPE kernel reads. */
function ropeCaches(positions: number, headDim: number): { cos: Float32Array; sin: Float32Array } {
  const table = ropeTable(positions, headDim);
  const half = headDim / 2;
  const cos = new Float32Array(positions * half);
  const sin = new Float32Array(positions * half);
  for (let i = 0; i < positions * half; i++) {
    cos[i] = table[2 * i] ?? 0;
    sin[i] = table[2 * i + 1] ?? 0;
  }
  return { cos, sin };
}

/** Splits a fused matrix's rows into the parts exports keep apart (qkv → q, k, v). */
function rowsOf(s: DecodeShape, seed: number, l: number, m: LayerMatrix, parts: number[]) {
  const { n, k } = matrixShape(s, m);
  const words = randomMatrixWords('int4', n, k, seeds(seed).matrix(l, m));
  let start = 0;
  return parts.map((rows) => {
    const blocks = int4ToBlocks(words, start, rows);
    start += rows;
    return blocks;
  });
}

/** The ONNX decoder's bytes. */
export function buildOnnxDecoder(spec: OnnxDecoderSpec): Uint8Array {
  const { shape: s, seed } = spec;
  if (s.moe !== undefined || (s.windows ?? []).some((w) => w > 0))
    throw new Error('the ONNX writer takes dense models with full attention only');
  const g = new GraphBuilder();
  const eps = { epsilon: Math.fround(RMS_EPS) };
  const q = s.heads * s.headDim;
  const kvw = s.kvHeads * s.headDim;

  const head = matrixShape(s, 'head');
  const headBlocks = int4ToBlocks(randomMatrixWords('int4', head.n, head.k, seeds(seed).head));
  g.initializers.push({
    name: 'embed.qweight',
    type: 'uint8',
    dims: [s.vocab, s.hidden / 2],
    data: headBlocks.data,
  });
  g.f32('embed.scales', [s.vocab, s.hidden / BLOCK], headBlocks.scales);
  g.initializers.push({
    name: 'embed.zeros',
    type: 'uint8',
    dims: [s.vocab, s.hidden / BLOCK / 2],
    data: new Uint8Array((s.vocab * s.hidden) / BLOCK / 2).fill(0x88),
  });
  const [embedded] = g.ms(
    'GatherBlockQuantized',
    ['embed.qweight', 'input_ids', 'embed.scales', 'embed.zeros'],
    1,
    { gather_axis: 0, quantize_axis: 1, block_size: BLOCK, bits: 4 },
  );
  const { cos, sin } = ropeCaches(spec.positions, s.headDim);
  g.f32('cos_cache', [spec.positions, s.headDim / 2], cos);
  g.f32('sin_cache', [spec.positions, s.headDim / 2], sin);

  // seqlens_k = Σ attention_mask − 1, total_sequence_length = attention_mask's width (int32).
  const summed = g.one('ReduceSum', ['attention_mask', g.i64('axis1', [1])], { keepdims: 0 });
  const lens = g.one('Sub', [summed, g.i64('one', [1])]);
  const seqlensK = g.one('Cast', [lens], { to: 6 });
  const maskShape = g.one('Shape', ['attention_mask']);
  const width = g.one('Gather', [maskShape, g.i64('index1', [1], true)], { axis: 0 });
  const totalLength = g.one('Cast', [width], { to: 6 });

  let residual = embedded as string;
  let pending: string | null = null; // the MLP output not yet added to the residual stream
  for (let l = 0; l < s.layers; l++) {
    let normed: string;
    if (pending === null) {
      const gamma = g.f32(`norm${2 * l}`, [s.hidden], gain(s, seed, 2 * l));
      normed = g.one('SimplifiedLayerNormalization', [residual, gamma], { axis: -1 }, eps);
    } else {
      const out = g.ms(
        'SkipSimplifiedLayerNormalization',
        [pending, residual, g.f32(`norm${2 * l}`, [s.hidden], gain(s, seed, 2 * l))],
        [`l${l}.attn_norm`, '', '', `l${l}.residual_in`],
        {},
        eps,
      );
      normed = out[0] as string;
      residual = out[3] as string;
    }
    const [wq, wk, wv] = rowsOf(s, seed, l, 'qkv', [q, kvw, kvw]) as [
      NBitsBlocks,
      NBitsBlocks,
      NBitsBlocks,
    ];
    const qx = g.matmul(`l${l}.q_proj`, normed, wq);
    const kx = g.matmul(`l${l}.k_proj`, normed, wk);
    const vx = g.matmul(`l${l}.v_proj`, normed, wv);
    const rope = (x: string) =>
      g.ms('RotaryEmbedding', [x, 'position_ids', 'cos_cache', 'sin_cache'], 1, {
        interleaved: 0,
      })[0] as string;
    const [attn] = g.ms(
      'GroupQueryAttention',
      [
        rope(qx),
        rope(kx),
        vx,
        `past_key_values.${l}.key`,
        `past_key_values.${l}.value`,
        seqlensK,
        totalLength,
      ],
      [`l${l}.attn`, `present.${l}.key`, `present.${l}.value`],
      { num_heads: s.heads, kv_num_heads: s.kvHeads },
    );
    const [wo] = rowsOf(s, seed, l, 'o', [s.hidden]) as [NBitsBlocks];
    const o = g.matmul(`l${l}.o_proj`, attn as string, wo);
    const [mlpNormed, , , mid] = g.ms(
      'SkipSimplifiedLayerNormalization',
      [o, residual, g.f32(`norm${2 * l + 1}`, [s.hidden], gain(s, seed, 2 * l + 1))],
      [`l${l}.mlp_norm`, '', '', `l${l}.residual_mid`],
      {},
      eps,
    );
    residual = mid as string;
    const [wg, wu] = rowsOf(s, seed, l, 'gate_up', [s.ffn, s.ffn]) as [NBitsBlocks, NBitsBlocks];
    const gate = g.matmul(`l${l}.gate_proj`, mlpNormed as string, wg);
    const up = g.matmul(`l${l}.up_proj`, mlpNormed as string, wu);
    const silu = g.one('Mul', [gate, g.one('Sigmoid', [gate])]);
    const [wd] = rowsOf(s, seed, l, 'down', [s.hidden]) as [NBitsBlocks];
    pending = g.matmul(`l${l}.down_proj`, g.one('Mul', [silu, up]), wd);
  }
  const last = g.one(
    pending === null ? 'Identity' : 'Add',
    pending === null ? [residual] : [pending, residual],
  );
  const lastRow = g.one('Slice', [
    last,
    g.i64('last_start', [-1]),
    g.i64('last_end', [Number.MAX_SAFE_INTEGER]),
    g.i64('last_axis', [1]),
  ]);
  const finalGamma = g.f32('final_norm', [s.hidden], gain(s, seed, 2 * s.layers));
  const finalNorm = g.one('SimplifiedLayerNormalization', [lastRow, finalGamma], { axis: -1 }, eps);
  g.matmul('lm_head', finalNorm, headBlocks, 'logits');
  const { inputs, outputs } = graphValues(s);
  return encodeModel({ nodes: g.nodes, inputs, outputs, initializers: g.initializers });
}
