import { describe, expect, it } from 'vitest';
import { VENDORS } from '../../../src/model/engines/ids';
import { isGeForce } from '../../../src/model/hardware/gpu-spec';
import {
  findGpu,
  GPU_ALIASES,
  GPU_GROUPS,
  GPU_NAMED_ALIASES,
  GPUS,
  getGpu,
  UnknownGpuError,
} from '../../../src/model/hardware/gpus';

describe('reference GPUs', () => {
  it('has the required ids and aliases', () => {
    for (const id of [
      'a100-80g-sxm',
      'a100-40g',
      'h100-sxm',
      'h200',
      'rtx-4090',
      'rtx-3090',
      'm2-ultra',
      'm4-max',
      'rtx-4070',
      'rx-7900-xtx',
      'arc-b580',
      'l4',
      'mi300x',
    ]) {
      expect(findGpu(id), id).toBeDefined();
    }
    expect(getGpu('a100').id).toBe('a100-80g-sxm');
    expect(getGpu('A100').id).toBe('a100-80g-sxm');
  });

  it('gives GeForce parts, and only them, an FP16-accumulate rate twice the FP32-accumulate one', () => {
    // The calibration rows apply the same rule to their GPU labels (engines/measurements/rows.ts isGeForce).
    const geforce = GPUS.filter((g) => isGeForce(g.name));
    expect(geforce.length).toBeGreaterThan(25);
    for (const g of GPUS) {
      if (isGeForce(g.name)) expect(g.fp16AccTflops, g.id).toBeCloseTo(2 * g.fp16Tflops, 0);
      else expect(g.fp16AccTflops, g.id).toBeUndefined();
    }
    expect(getGpu('rtx-4090').fp16AccTflops).toBe(330.3);
    expect(isGeForce('NVIDIA RTX 6000 Ada')).toBe(false);
    expect(isGeForce('NVIDIA RTX A6000')).toBe(false);
  });

  it('carries the A100 datasheet figures the chapter relies on', () => {
    const a100 = getGpu('a100');
    expect(a100).toMatchObject({ bandwidthGBps: 2039, fp16Tflops: 312, memoryGB: 80 });
    expect(a100.source).toMatch(/nvidia\.com/);
  });

  it('every entry is sourced and sane', () => {
    const ids = new Set<string>();
    for (const g of GPUS) {
      expect(ids.has(g.id), g.id).toBe(false);
      ids.add(g.id);
      expect(g.id, g.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(g.source.length, g.id).toBeGreaterThan(10);
      expect(VENDORS, g.id).toContain(g.vendor);
      expect(g.bandwidthGBps, g.id).toBeGreaterThan(50);
      expect(g.fp32Tflops, g.id).toBeGreaterThan(0);
      expect(g.memoryGB, g.id).toBeGreaterThan(0);
      // Apple runs FP16 at the FP32 rate; every other GPU here has tensor/matrix units or packed
      // FP16, which run faster than the FP32 shader rate.
      if (g.vendor === 'apple') expect(g.fp16Tflops, g.id).toBe(g.fp32Tflops);
      else expect(g.fp16Tflops, g.id).toBeGreaterThan(g.fp32Tflops);
      for (const rate of [g.fp8Tflops, g.int8Tops]) {
        if (rate !== undefined) expect(rate, g.id).toBeGreaterThanOrEqual(g.fp16Tflops);
      }
    }
  });

  it('covers the four vendors the engine profiles know, grouped in catalogue order', () => {
    expect(GPUS.length).toBeGreaterThanOrEqual(90);
    expect(GPU_GROUPS.map((g) => g.vendor)).toEqual(['nvidia', 'amd', 'apple', 'intel']);
    for (const { vendor, gpus } of GPU_GROUPS) {
      expect(gpus.length, vendor).toBeGreaterThanOrEqual(7);
      expect(gpus.every((g) => g.vendor === vendor)).toBe(true);
    }
    expect(GPU_GROUPS.flatMap((g) => g.gpus).length).toBe(GPUS.length);
  });

  it('every alias resolves to a catalogue id and none shadows an id', () => {
    const ids = new Set(GPUS.map((g) => g.id));
    for (const [alias, id] of Object.entries(GPU_ALIASES)) {
      expect(ids.has(id), `${alias} → ${id}`).toBe(true);
      expect(ids.has(alias), alias).toBe(false);
      expect(getGpu(alias).id).toBe(id);
    }
    for (const alias of Object.keys(GPU_NAMED_ALIASES)) expect(GPU_ALIASES[alias]).toBeDefined();
  });

  it('takes the short forms people type, where they name one GPU', () => {
    expect(getGpu('rx-7900-xtx').id).toBe('rx-7900-xtx');
    expect(getGpu('7900xtx').id).toBe('rx-7900-xtx');
    expect(getGpu('7900-xt').id).toBe('rx-7900-xt');
    expect(getGpu('4070').id).toBe('rtx-4070');
    expect(getGpu('RTX4070TiSuper').id).toBe('rtx-4070-ti-super');
    expect(getGpu('b580').id).toBe('arc-b580');
    expect(getGpu('strix-halo').id).toBe('ryzen-ai-max-395');
    // Two cards share "3080" and "4060-ti": neither form is an alias.
    expect(findGpu('3080')).toBeUndefined();
    expect(findGpu('4060-ti')).toBeUndefined();
  });

  it('pins derived figures to their arithmetic', () => {
    // GeForce RTX 4070: 46 SMs × 512 FLOP/clk × 2.475 GHz; 5888 cores × 2 × 2.475 GHz.
    expect(getGpu('rtx-4070')).toMatchObject({
      fp16Tflops: 58.3,
      fp32Tflops: 29.1,
      int8Tops: 233.2,
    });
    // The derivation reproduces the whitepaper figures of the RTX 3090 Ti and 5080 the calibration
    // CSV uses (80 and 112.6 TFLOPS FP16 tensor).
    expect(getGpu('rtx-3090-ti').fp16Tflops).toBe(80);
    expect(getGpu('rtx-5080')).toMatchObject({ fp16Tflops: 112.6, fp32Tflops: 56.3 });
    // Strix Halo: 256-bit LPDDR5X-8000 → 256 × 8000 / 8 MB/s = 256 GB/s.
    expect(getGpu('ryzen-ai-max-395').bandwidthGBps).toBe((256 * 8000) / 8 / 1000);
    // Arc B580: 20 Xe-cores × 8 XMX × 256 FLOP/clk × 2.67 GHz.
    expect(getGpu('arc-b580').fp16Tflops).toBe(109.4);
    // A40: the dense rate is half the 299.4 TFLOPS the sparse datasheet figure gives.
    expect(getGpu('a40').fp16Tflops).toBe(299.4 / 2);
  });

  it('agrees with the figures the calibration CSVs use for the same GPUs', () => {
    expect(getGpu('rx-7900-xt')).toMatchObject({ bandwidthGBps: 800, fp16Tflops: 103 });
    expect(getGpu('rx-7900-xtx')).toMatchObject({ bandwidthGBps: 960, fp16Tflops: 122.8 });
    expect(getGpu('rx-7800-xt').fp16Tflops).toBeCloseTo(74.6, 0);
    expect(getGpu('rx-6700-xt')).toMatchObject({ bandwidthGBps: 384 });
    expect(getGpu('rx-6800-xt').fp16Tflops).toBeCloseTo(41.5, 0);
    expect(getGpu('arc-b580')).toMatchObject({ bandwidthGBps: 456, fp32Tflops: 13.67 });
    expect(getGpu('rtx-5070').bandwidthGBps).toBe(672);
    expect(getGpu('rtx-5090')).toMatchObject({ bandwidthGBps: 1792, fp16Tflops: 209.5 });
    expect(getGpu('rtx-6000-ada')).toMatchObject({ bandwidthGBps: 960, fp16Tflops: 364.2 });
    // RDNA4: the WMMA rate, twice the vector rate (the CSV's RX 9070 XT: 194.6).
    expect(getGpu('rx-9070-xt').fp16Tflops).toBeCloseTo(194.6, 0);
  });

  it('a bad id lists the choices', () => {
    expect(() => getGpu('voodoo2')).toThrow(UnknownGpuError);
    expect(() => getGpu('voodoo2')).toThrow(/a100-80g-sxm.*rtx-4090/);
  });
});
