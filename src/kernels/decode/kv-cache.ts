// The KV cache's encodings, as the decoder stores them (their own word: a "format" is a weight
// format): f32, f16 (two to a word, decoded with unpack2x16float, so no shader-f16 is needed) and
// q8 (blocks of 32 values with one f16 scale, llama.cpp's q8_0, what `--kv-bits 8` counts). Each
// has a read-side codec for the attention pass (shaders/kv/kv_<id>.wgsl) and a write-side codec
// for the append (shaders/kv/kv_<id>_store.wgsl); the CPU reference rounds its cache the same way
// (roundKvRow), and the GPU allocates, fills and binds it from here.

import appendShader from '../../../shaders/decode/decode_kv_append.wgsl?raw';
import { fromHalfBits, roundHalf, toHalfBits } from '../../core/half';
import { fillRandom } from '../../gpu/fill';
import { bindBuffers, createComputePipeline } from '../../gpu/pipeline';
import type { KernelEnv } from '../types';

export const KV_ENCODINGS = ['f32', 'f16', 'q8'] as const;
export type KvEncoding = (typeof KV_ENCODINGS)[number];

/** The decode run's cache unless told otherwise: f16, what browser engines keep. */
export const DEFAULT_KV_ENCODING: KvEncoding = 'f16';

const SHADERS: Record<string, string> = Object.fromEntries(
  Object.entries(
    import.meta.glob<string>('../../../shaders/kv/kv_*.wgsl', {
      query: '?raw',
      import: 'default',
      eager: true,
    }),
  ).map(([path, code]) => [path.slice(path.lastIndexOf('/') + 1), code]),
);

function codec(file: string): string {
  const code = SHADERS[file];
  if (code === undefined) throw new RangeError(`shaders/kv/${file} is missing`);
  return code;
}

/** The attention pass's code with the cache's read-side codec. */
export const attentionCode = (format: KvEncoding, attention: string): string =>
  `${codec(`kv_${format}.wgsl`)}\n${attention}`;

/** The append's code with the cache's write-side codec. */
export const appendCode = (format: KvEncoding): string =>
  `${codec(`kv_${format}_store.wgsl`)}\n${appendShader}`;

/** Scale words of one (position, KV head) row of a q8 cache: two f16 scales per word. */
const scaleWordsPerRow = (headDim: number) => Math.ceil(headDim / 64);

/** Bytes of the values of `rows` (position, KV head) rows, and of their scales (q8). */
export function kvCacheBytes(
  format: KvEncoding,
  rows: number,
  headDim: number,
): { values: number; scales: number } {
  const perValue = { f32: 4, f16: 2, q8: 1 }[format];
  return {
    values: rows * headDim * perValue,
    scales: format === 'q8' ? rows * scaleWordsPerRow(headDim) * 4 : 0,
  };
}

/** Bytes per cached value, scales included (q8 at hd = 128: 34 / 32). */
export function kvBytesPerValue(format: KvEncoding, headDim: number): number {
  const b = kvCacheBytes(format, 1, headDim);
  return (b.values + b.scales) / headDim;
}

/** Why `format` cannot hold rows of `headDim` values, or null. */
export function kvCacheRefusal(format: KvEncoding, headDim: number): string | null {
  if (format === 'q8' && headDim % 32 !== 0)
    return `a q8 KV cache needs a head size that 32 divides (blocks of 32); this one is ${headDim}.`;
  if (headDim % 8 !== 0)
    return `the KV cache needs a head size that 8 divides; this one is ${headDim}.`;
  return null;
}

const roundEven = (x: number): number => {
  const r = Math.round(x);
  return r - x === 0.5 && r % 2 !== 0 ? r - 1 : r;
};

/**
 * One (position, KV head) row as the cache gives it back: f32 values rounded to f32, f16 to f16,
 * q8 per block of 32 to q · scale with the shader's arithmetic (scale = f16(max |x| ÷ 127)).
 */
export function roundKvRow(format: KvEncoding, row: ArrayLike<number>): Float64Array {
  const out = Float64Array.from(row, (v) => Math.fround(v));
  if (format === 'f32') return out;
  if (format === 'f16') return out.map(roundHalf);
  for (let b = 0; b < out.length; b += 32) {
    let top = 0;
    for (let j = b; j < b + 32; j++) top = Math.max(top, Math.abs(out[j] ?? 0));
    const scale = fromHalfBits(toHalfBits(Math.fround(top / 127)));
    for (let j = b; j < b + 32; j++) {
      const q =
        scale > 0
          ? Math.max(-127, Math.min(127, roundEven(Math.fround((out[j] ?? 0) / scale))))
          : 0;
      out[j] = q * scale;
    }
  }
  return out;
}

/** One layer's K and V caches on the GPU (q8: with their scales). */
export interface GpuKvCache {
  format: KvEncoding;
  k: GPUBuffer;
  v: GPUBuffer;
  kScale: GPUBuffer | null;
  vScale: GPUBuffer | null;
}

const STORAGE = () => GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_SRC | GPUBufferUsage.COPY_DST;

/** Allocates a layer's cache for `positions` positions. */
export async function createKvCache(
  env: KernelEnv,
  label: string,
  format: KvEncoding,
  positions: number,
  kvHeads: number,
  headDim: number,
): Promise<GpuKvCache> {
  const bytes = kvCacheBytes(format, positions * kvHeads, headDim);
  const make = (what: string, size: number) =>
    env.buffers.create(`${label}-${what}`, Math.max(16, size), STORAGE());
  return {
    format,
    k: await make('k', bytes.values),
    v: await make('v', bytes.values),
    kScale: bytes.scales > 0 ? await make('k-scale', bytes.scales) : null,
    vScale: bytes.scales > 0 ? await make('v-scale', bytes.scales) : null,
  };
}

/** The append's uniform (Params in shaders/decode/decode_kv_append.wgsl). */
export interface AppendParams {
  rows: number;
  kvHeads: number;
  headDim: number;
  /** f32 words between source rows, and where K and V start in a row. */
  srcStride: number;
  kOffset: number;
  vOffset: number;
  /** true: row i goes to position state[1] + i; false: to first + i. */
  fromState: boolean;
  first: number;
}

/** The append as a pipeline, bind group and workgroup count. */
export async function kvAppendStep(
  env: KernelEnv,
  cache: GpuKvCache,
  p: AppendParams,
  src: { k: GPUBuffer; v: GPUBuffer; state: GPUBuffer },
): Promise<{
  pipeline: GPUComputePipeline;
  bindGroup: GPUBindGroup;
  workgroups: [number, number, number];
}> {
  const pipeline = await createComputePipeline(env.device, {
    label: `kv-append-${cache.format}`,
    code: appendCode(cache.format),
    entryPoint: 'kv_append',
  });
  const words = new Uint32Array([
    p.rows,
    p.kvHeads,
    p.headDim,
    p.srcStride,
    p.kOffset,
    p.vOffset,
    p.fromState ? 1 : 0,
    p.first,
  ]);
  const uniform = await env.buffers.createUniform('kv-append', words);
  const bindGroup = bindBuffers(env.device, pipeline, [
    uniform,
    src.k,
    cache.k,
    cache.v,
    src.state,
    cache.kScale,
    cache.vScale,
    src.v,
  ]);
  const perValue = { f32: 4, f16: 8, q8: 64 }[cache.format];
  const threads = 2 * p.kvHeads * Math.ceil(p.headDim / perValue);
  return { pipeline, bindGroup, workgroups: [Math.ceil(threads / 64), p.rows, 1] };
}

/** Rows one fill dispatch takes (the grid's y limit). */
const FILL_ROWS = 65535;

/**
 * Fills positions 0 … positions − 1 with random values from the hash (K from `seeds.k`, V from
 * `seeds.v`, each word masked by `mask`), stored through the append, so the cache holds exactly
 * what roundKvRow makes of the same values. Queued, not awaited.
 */
export async function fillKvCache(
  env: KernelEnv,
  cache: GpuKvCache,
  shape: { positions: number; kvHeads: number; headDim: number },
  seeds: { k: number; v: number },
  mask: { keep: number; bits: number },
  state: GPUBuffer,
): Promise<void> {
  const width = shape.kvHeads * shape.headDim;
  const words = shape.positions * width;
  const source = async (seed: number) => {
    const b = await env.buffers.create('kv-fill', 4 * Math.max(4, words), STORAGE());
    await fillRandom(env.device, env.buffers, b, { seed, ...mask });
    return b;
  };
  const k = await source(seeds.k);
  const v = await source(seeds.v);
  const encoder = env.device.createCommandEncoder({ label: 'kv-fill' });
  const pass = encoder.beginComputePass({ label: 'kv-fill' });
  for (let first = 0; first < shape.positions; first += FILL_ROWS) {
    const rows = Math.min(FILL_ROWS, shape.positions - first);
    const step = await kvAppendStep(
      env,
      cache,
      {
        rows,
        kvHeads: shape.kvHeads,
        headDim: shape.headDim,
        srcStride: width,
        kOffset: first * width,
        vOffset: first * width,
        fromState: false,
        first,
      },
      { k, v, state },
    );
    pass.setPipeline(step.pipeline);
    pass.setBindGroup(0, step.bindGroup);
    pass.dispatchWorkgroups(...step.workgroups);
  }
  pass.end();
  env.device.queue.submit([encoder.finish()]);
  // Safe after submit: the queued work keeps its buffers alive until it has run.
  env.buffers.destroy(k);
  env.buffers.destroy(v);
}
