import { describe, expect, it } from 'vitest';
import { findGpu, GPUS, getGpu, UnknownGpuError } from '../../../src/model/gpus';

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
    ]) {
      expect(findGpu(id), id).toBeDefined();
    }
    expect(getGpu('a100').id).toBe('a100-80g-sxm');
    expect(getGpu('A100').id).toBe('a100-80g-sxm');
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
      expect(g.source.length, g.id).toBeGreaterThan(10);
      expect(g.bandwidthGBps).toBeGreaterThan(50);
      expect(g.fp16Tflops).toBeGreaterThanOrEqual(g.fp32Tflops * (g.vendor === 'apple' ? 1 : 0.99));
      expect(g.memoryGB).toBeGreaterThan(0);
    }
  });

  it('a bad id lists the choices', () => {
    expect(() => getGpu('voodoo2')).toThrow(UnknownGpuError);
    expect(() => getGpu('voodoo2')).toThrow(/a100-80g-sxm.*rtx-4090/);
  });
});
