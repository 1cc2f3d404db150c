// The one-node ONNX models the onnxruntime-web rows run, built at run time with random weights,
// and the weights as the CPU reference reads them.
//
// MatMul (f32, f16): Y[M,N] = X[M,K] · B[K,N], B an initializer holding Wᵀ, with W exactly the
// values our kernels and tfjs read (same seed, same hash).
//
// MatMulNBits (com.microsoft; onnxruntime's docs/ContribOperators.md): Y[M,N] = X[M,K] · Wᵀ,
// W N×K quantized in blocks of `block_size` along K:
//   B            uint8 [N][n_blocks][blob], n_blocks = K / block_size, blob = block_size·bits/8;
//                4-bit: byte j of a blob holds element 2j in its low nibble, 2j+1 in its high;
//                8-bit: one byte per element
//   scales       float [N · n_blocks] (row n's block b at n · n_blocks + b)
//   zero_points  omitted: the default zero point 2^(bits−1) (8 for 4-bit, 128 for 8-bit)
//   W[n][k] = (q − zero_point) · scales[n · n_blocks + ⌊k / block_size⌋]
// Bytes: N·K·bits/8 + 4·N·K/block_size (f32 scales): int4 b32 is 5 bits per weight, int4 b128
// 4.25, int8 b32 9 (ours: int4 4.5, int8 8.5 with f16 scales per 32).

import type { FormatId } from '../../src/core/formats';
import { fromHalfBits, toHalfBits } from '../../src/core/half';
import { randomWord } from '../../src/gpu/buffers';
import { randomMatrixWords } from '../../src/kernels/formats';
import { activations } from '../../src/kernels/matrix';
import { encodeModel, type OnnxNode, type OnnxTensor, type OnnxType } from './onnx';
import type { WeightAt } from './reference';

/** What an ORT row runs: MatMul in f32 or f16, or MatMulNBits with bits and block size. */
export type OrtFormat = 'f32' | 'f16' | 'q4b32' | 'q4b128' | 'q8b32';

interface OrtFormatEntry {
  /** Our format it stands beside. */
  ours: FormatId;
  /** What ran, for the table. */
  label: string;
  /** MatMulNBits' bits and block_size; absent for MatMul. */
  nbits?: { bits: 4 | 8; blockSize: number };
  /** Element type of X and Y. */
  io: OnnxType;
  /** Allowed |y − y_ref| / Σ|w·x|: f32 accumulation, or f16 inputs and outputs. */
  tolerance: number;
}

export const ORT_FORMATS: Record<OrtFormat, OrtFormatEntry> = {
  f32: { ours: 'f32', label: 'MatMul f32', io: 'float', tolerance: 1e-4 },
  f16: { ours: 'fp16', label: 'MatMul f16', io: 'float16', tolerance: 1e-2 },
  q4b32: {
    ours: 'int4',
    label: 'MatMulNBits int4 b32',
    nbits: { bits: 4, blockSize: 32 },
    io: 'float',
    tolerance: 1e-4,
  },
  q4b128: {
    ours: 'int4',
    label: 'MatMulNBits int4 b128',
    nbits: { bits: 4, blockSize: 128 },
    io: 'float',
    tolerance: 1e-4,
  },
  q8b32: {
    ours: 'int8',
    label: 'MatMulNBits int8 b32',
    nbits: { bits: 8, blockSize: 32 },
    io: 'float',
    tolerance: 1e-4,
  },
};

/** The ORT formats that stand beside one of ours. */
export const ortFormatsFor = (format: FormatId): OrtFormat[] =>
  (Object.keys(ORT_FORMATS) as OrtFormat[]).filter((f) => ORT_FORMATS[f].ours === format);

/** Exact bytes of W in an ORT format (scales included). */
export function ortWeightBytes(format: OrtFormat, n: number, k: number): number {
  const e = ORT_FORMATS[format];
  if (!e.nbits) return n * k * (e.io === 'float16' ? 2 : 4);
  return (n * k * e.nbits.bits) / 8 + (4 * n * k) / e.nbits.blockSize;
}

/** Bytes one product moves at the least: W, X and Y. */
export function ortBytes(format: OrtFormat, m: number, n: number, k: number): number {
  const io = ORT_FORMATS[format].io === 'float16' ? 2 : 4;
  return ortWeightBytes(format, n, k) + io * m * k + io * m * n;
}

export interface OrtModel {
  bytes: Uint8Array;
  /** X as the model reads it (f32, or f16 bits), and the values the reference uses. */
  x: { data: Float32Array | Uint16Array; values: Float32Array };
  weightAt: WeightAt;
}

/** A test hook: a reference that disagrees with the model, or a node no EP implements. */
export type Tamper = 'wrong' | 'refuse';

const f32Bytes = (a: Float32Array | Uint32Array | Uint16Array) =>
  new Uint8Array(a.buffer, a.byteOffset, a.byteLength);

/** Random blocks: bytes from the counter hash, scales f32 in [2⁻⁷, 2⁻⁶). */
function nbitsWeights(n: number, k: number, bits: number, blockSize: number, seed: number) {
  const blocks = k / blockSize;
  const b = new Uint8Array((n * k * bits) / 8);
  const words = new Uint32Array(b.buffer, 0, b.length >> 2);
  for (let i = 0; i < words.length; i++) words[i] = randomWord(seed, i);
  const scales = new Float32Array(n * blocks);
  const scaleSeed = (seed ^ 0x5ca1e) >>> 0;
  for (let i = 0; i < scales.length; i++) {
    scales[i] = 2 ** -7 * (1 + (randomWord(scaleSeed, i) & 0x3ff) / 1024);
  }
  const zero = 2 ** (bits - 1);
  const blob = (blockSize * bits) / 8;
  const weightAt: WeightAt = (row, col) => {
    const block = Math.floor(col / blockSize);
    const j = col % blockSize;
    const at = (row * blocks + block) * blob;
    const byte = b[at + (bits === 8 ? j : j >> 1)] ?? 0;
    const q = bits === 8 ? byte : j & 1 ? byte >> 4 : byte & 15;
    return (q - zero) * (scales[row * blocks + block] ?? 0);
  };
  return { b, scales, blocks, blob, weightAt };
}

/** Wᵀ (K×N) for MatMul, in f32 or f16 bits, from the same words our kernels read. */
function matmulWeights(io: OnnxType, n: number, k: number, seed: number) {
  if (io === 'float16') {
    const words = randomMatrixWords('fp16', n, k, seed);
    const half = (i: number) => (words.word(i >>> 1) >>> (16 * (i & 1))) & 0xffff;
    const t = new Uint16Array(n * k);
    for (let c = 0; c < k; c++) for (let r = 0; r < n; r++) t[c * n + r] = half(r * k + c);
    return { data: f32Bytes(t), weightAt: (r: number, c: number) => fromHalfBits(half(r * k + c)) };
  }
  const words = randomMatrixWords('f32', n, k, seed);
  const t = new Uint32Array(n * k);
  for (let c = 0; c < k; c++) for (let r = 0; r < n; r++) t[c * n + r] = words.word(r * k + c);
  const values = new Float32Array(t.buffer);
  return { data: f32Bytes(t), weightAt: (r: number, c: number) => values[c * n + r] ?? 0 };
}

function input(io: OnnxType, m: number, k: number): OrtModel['x'] {
  const values = activations(m, k);
  if (io !== 'float16') return { data: values, values };
  const bits = Uint16Array.from(values, (v) => toHalfBits(v));
  return { data: bits, values: Float32Array.from(bits, (h) => fromHalfBits(h)) };
}

/** The model for `format` at M×N×K, its input and its reference weights. */
export function buildOrtModel(
  format: OrtFormat,
  m: number,
  n: number,
  k: number,
  seed: number,
  tamper?: Tamper,
): OrtModel {
  const e = ORT_FORMATS[format];
  const x = input(e.io, m, k);
  const io = { inputs: [{ name: 'x', type: e.io, dims: [m, k] }] };
  const outputs = [{ name: 'y', type: e.io, dims: [m, n] }];
  let node: OnnxNode;
  let initializers: OnnxTensor[];
  let weightAt: WeightAt;
  if (e.nbits) {
    const { bits, blockSize } = e.nbits;
    const w = nbitsWeights(n, k, bits, blockSize, seed);
    node = {
      opType: 'MatMulNBits',
      domain: 'com.microsoft',
      inputs: ['x', 'B', 'scales'],
      outputs: ['y'],
      attributes: { K: k, N: n, bits, block_size: blockSize },
    };
    initializers = [
      { name: 'B', type: 'uint8', dims: [n, w.blocks, w.blob], data: w.b },
      { name: 'scales', type: 'float', dims: [n * w.blocks], data: f32Bytes(w.scales) },
    ];
    weightAt = w.weightAt;
  } else {
    const w = matmulWeights(e.io, n, k, seed);
    node = { opType: 'MatMul', domain: '', inputs: ['x', 'B'], outputs: ['y'], attributes: {} };
    initializers = [{ name: 'B', type: e.io, dims: [k, n], data: w.data }];
    weightAt = w.weightAt;
  }
  if (tamper === 'refuse') node = { ...node, opType: `${node.opType}NoSuchKernel` };
  if (tamper === 'wrong') {
    const right = weightAt;
    // Row 0 off by sign(x) at every k: its error is Σ|x|, far beyond any tolerance.
    weightAt = (r, c) => right(r, c) + (r === 0 ? Math.sign(x.values[c] ?? 0) : 0);
  }
  const bytes = encodeModel({ nodes: [node], ...io, outputs, initializers });
  return { bytes, x, weightAt };
}
