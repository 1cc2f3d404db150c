// The DP4A GEMVs' x, quantized to int8 on the GPU inside the timed work
// (shaders/x/quantize_x.wgsl): a stage that runs before each product, and its check. The check
// holds the GPU's quantization to its definition (scale = max |x| / 127 within one f16 step, each q
// within half a step of x, |q| ≤ 127, the sum exact); the product is then checked against the f64
// reference on the GPU's own q·s.

import quantizeShader from '../../shaders/x/quantize_x.wgsl?raw';
import { createComputePipeline } from '../gpu/pipeline';
import { foldGrid, type InputStage } from './matrix';
import type { KernelEnv } from './types';

/** u32 words of one group of 32 quantized values (int8 ×32, scale, sum, two pad words). */
export const QUANTIZED_GROUP_WORDS = 12;

/** Bytes of quantized x for K values. */
export const quantizedXBytes = (k: number): number => (k / 32) * QUANTIZED_GROUP_WORDS * 4;

/** Why the quantized `words` do not follow from `x`, or null; `values` gets q · scale. */
export function checkQuantized(
  x: Float32Array,
  words: Uint32Array,
  values: Float32Array,
): string | null {
  const floats = new Float32Array(words.buffer, words.byteOffset, words.length);
  const ints = new Int32Array(words.buffer, words.byteOffset, words.length);
  const bytes = new Int8Array(words.buffer, words.byteOffset, words.byteLength);
  for (let g = 0; g < x.length / 32; g++) {
    const base = g * QUANTIZED_GROUP_WORDS;
    const scale = floats[base + 8] ?? Number.NaN;
    let amax = 0;
    for (let c = 0; c < 32; c++) amax = Math.max(amax, Math.abs(x[32 * g + c] ?? 0));
    // One f16 step (2⁻¹⁰ relative) either way, for the GPU's own division and rounding.
    if (!(Math.abs(scale - amax / 127) <= (amax / 127) * 2 ** -10 + 1e-30)) {
      return `group ${g}: scale ${scale}, expected ≈ ${amax / 127}`;
    }
    let sum = 0;
    for (let c = 0; c < 32; c++) {
      const q = bytes[4 * base + c] ?? 0;
      const v = x[32 * g + c] ?? 0;
      if (q < -127 || Math.abs(q * scale - v) > 0.5 * scale * (1 + 1e-3) + 1e-12) {
        return `x[${32 * g + c}] = ${v} quantized to ${q} × ${scale}`;
      }
      values[32 * g + c] = q * scale;
      sum += q;
    }
    if (ints[base + 9] !== sum) return `group ${g}: sum ${ints[base + 9]}, expected ${sum}`;
  }
  return null;
}

/** The quantize stage for an f32 x of `k` values (already on the GPU as `x`). */
export async function quantizeStage(
  env: KernelEnv,
  label: string,
  x: GPUBuffer,
  xValues: Float32Array,
): Promise<InputStage> {
  const k = xValues.length;
  const groups = k / 32;
  const pipeline = await createComputePipeline(env.device, {
    label: 'quantize-x',
    code: quantizeShader,
    entryPoint: 'quantize_x',
  });
  const output = await env.buffers.create(
    `${label}-xq`,
    quantizedXBytes(k),
    GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_SRC,
  );
  const uniform = await env.buffers.createUniform(`${label}-xq-params`, new Uint32Array([groups]));
  const bindGroup = env.device.createBindGroup({
    label: `${label}-quantize`,
    layout: pipeline.getBindGroupLayout(0),
    entries: [
      { binding: 0, resource: { buffer: uniform } },
      { binding: 1, resource: { buffer: x } },
      { binding: 2, resource: { buffer: output } },
    ],
  });
  const grid = foldGrid([Math.ceil(groups / 64), 1]);
  return {
    output,
    encode(pass) {
      pass.setPipeline(pipeline);
      pass.setBindGroup(0, bindGroup);
      pass.dispatchWorkgroups(...grid);
    },
    async check() {
      const words = new Uint32Array(await env.buffers.read(output));
      const values = new Float32Array(k);
      const problem = checkQuantized(xValues, words, values);
      return problem === null
        ? { ok: true, values }
        : { ok: false, detail: `x quantized on the GPU: ${problem}`, values };
    },
  };
}
