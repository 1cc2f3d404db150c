// Compute probe (shaders/probes/fma.wgsl, shaders/probes/fma_f16.wgsl): chains of multiply-adds
// per loaded element; sweeping `iters` traces the empirical roofline up to the FMA peak.

import shaderF32 from '../../shaders/probes/fma.wgsl?raw';
import shaderF16 from '../../shaders/probes/fma_f16.wgsl?raw';
import { fromHalfBits, roundHalf, toHalfBits } from '../core/half';
import { randomWord } from '../gpu/buffers';
import { createComputePipeline } from '../gpu/pipeline';
import type { KernelCase, KernelEnv, PreparedKernel } from './types';
import { mismatchTable } from './types';

export type FmaFormat = 'f32' | 'f16';

const WG = 256;
const MAX_WORKGROUPS_X = 65535;
/** Indices checked on the CPU: all of them up to this many, an even sample above. */
const VERIFY_SAMPLES = 4096;

// Each chain converges to c / (1 − m) = 1; rounding errors shrink by m each round, so the CPU
// reference stays within these absolute tolerances of the GPU whatever `iters` is.
const COEFFICIENTS: Record<
  FmaFormat,
  { m: number; c: number; tolerance: number; bytesPerValue: number }
> = {
  f32: { m: 0.999, c: 0.001, tolerance: 1e-3, bytesPerValue: 4 },
  f16: { m: 0.875, c: 0.125, tolerance: 2e-2, bytesPerValue: 2 },
};

export interface FmaGeometry {
  n: number;
  iters: number;
  bytes: number;
  flops: number;
}

export function fmaGeometry(format: FmaFormat, n: number, iters: number): FmaGeometry {
  const perValue = COEFFICIENTS[format].bytesPerValue;
  return { n, iters, bytes: 2 * 4 * perValue * n, flops: 16 * iters * n };
}

export function fmaCase(format: FmaFormat, n: number, iters: number): KernelCase {
  const g = fmaGeometry(format, n, iters);
  return {
    kernel: 'fma',
    variant: `vec4x2-wg${WG}`,
    format,
    shape: { n, iters, flopsPerByte: g.flops / g.bytes },
    bytes: g.bytes,
    flops: g.flops,
    label: `fma ${format} ×${iters}`,
    prepare: (env) => prepareFma(env, format, g),
  };
}

/** Input value i: a pseudo-random number in [0, 1), exactly representable in the format. */
function inputValue(format: FmaFormat, i: number): number {
  const unit = (randomWord(0xf3a, i) >>> 8) / 2 ** 24;
  return format === 'f16' ? roundHalf(unit) : unit;
}

/** CPU reference for output component i, rounding each step to the format. */
export function fmaReference(format: FmaFormat, x: number, iters: number): number {
  const { m, c } = COEFFICIENTS[format];
  const round = format === 'f16' ? roundHalf : Math.fround;
  const mm = round(m);
  const cc = round(c);
  let a = x;
  let b = round(x + 1);
  for (let k = 0; k < iters; k++) {
    a = round(a * mm + cc);
    b = round(b * mm + cc);
  }
  return round(a + b);
}

async function prepareFma(
  env: KernelEnv,
  format: FmaFormat,
  g: FmaGeometry,
): Promise<PreparedKernel> {
  const { device, buffers } = env;
  const { m, c, tolerance } = COEFFICIENTS[format];
  const pipeline = await createComputePipeline(device, {
    label: `fma-${format}`,
    code: format === 'f16' ? shaderF16 : shaderF32,
    entryPoint: 'fma_probe',
    constants: { WG },
  });
  const params = new ArrayBuffer(16);
  new Uint32Array(params, 0, 2).set([g.n, g.iters]);
  new Float32Array(params, 8, 2).set([m, c]);
  const uniform = await buffers.createUniform(`fma-${format}-params`, new Uint8Array(params));

  const values = 4 * g.n;
  const input =
    format === 'f16'
      ? Uint16Array.from({ length: values }, (_, i) => toHalfBits(inputValue(format, i)))
      : Float32Array.from({ length: values }, (_, i) => inputValue(format, i));
  const x = await buffers.createFrom(`fma-${format}-x`, input);
  const y = await buffers.create(
    `fma-${format}-y`,
    input.byteLength,
    GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_SRC,
  );
  const bindGroup = device.createBindGroup({
    label: `fma-${format}`,
    layout: pipeline.getBindGroupLayout(0),
    entries: [
      { binding: 0, resource: { buffer: uniform } },
      { binding: 1, resource: { buffer: x } },
      { binding: 2, resource: { buffer: y } },
    ],
  });
  const workgroups = Math.ceil(g.n / WG);
  const dispatchX = Math.min(workgroups, MAX_WORKGROUPS_X);
  const dispatchY = Math.ceil(workgroups / MAX_WORKGROUPS_X);

  return {
    encode(pass) {
      pass.setPipeline(pipeline);
      pass.setBindGroup(0, bindGroup);
      pass.dispatchWorkgroups(dispatchX, dispatchY);
    },
    async verify() {
      const raw = await buffers.read(y);
      const read =
        format === 'f16'
          ? (() => {
              const bits = new Uint16Array(raw);
              return (i: number) => fromHalfBits(bits[i] ?? 0x7e00);
            })()
          : (() => {
              const floats = new Float32Array(raw);
              return (i: number) => floats[i] ?? Number.NaN;
            })();
      const step = Math.max(1, Math.floor(values / VERIFY_SAMPLES));
      const rows: { index: number; actual: number; expected: number }[] = [];
      let total = 0;
      for (let i = 0; i < values; i += step) {
        check(i);
      }
      check(values - 1);
      function check(i: number) {
        const expected = fmaReference(format, inputValue(format, i), g.iters);
        const actual = read(i);
        // NaN fails this comparison too.
        if (!(Math.abs(actual - expected) <= tolerance)) {
          total++;
          if (rows.length < 4) rows.push({ index: i, actual, expected });
        }
      }
      return total === 0 ? { ok: true } : { ok: false, detail: mismatchTable(rows, total) };
    },
  };
}
