import { describe, expect, it } from 'vitest';
import { getGpu } from '../../../src/model/hardware/gpus';
import { getModel, kvCacheBytes } from '../../../src/model/llm/models';
import { weightLayout } from '../../../src/model/llm/weight-layout';
import {
  capacityBytes,
  fits,
  GIB,
  memoryNeed,
  smallestFittingTp,
} from '../../../src/model/predict/capacity';

const llama70 = getModel('llama-3-70b');
const fp16 = weightLayout(llama70, 'fp16');

describe('capacity in GiB', () => {
  it('an "80 GB" GPU holds 80 GiB', () => {
    expect(GIB).toBe(1073741824);
    expect(capacityBytes(80)).toBe(80 * 1073741824);
  });

  it('Llama-3-70B fp16 fits one H200 (141 GiB) at 4k context', () => {
    const need = memoryNeed(llama70, fp16, { context: 4096 });
    expect(need.needGB).toBeGreaterThan(131);
    expect(need.needGB).toBeLessThan(141);
    expect(fits(need, getGpu('h200').memoryGB)).toBe(true);
  });

  it('it does not fit one A100-80G; TP 2 does', () => {
    const a100 = getGpu('a100-80g-sxm').memoryGB;
    expect(fits(memoryNeed(llama70, fp16, { context: 4096 }), a100)).toBe(false);
    expect(smallestFittingTp(llama70, fp16, a100, { context: 4096 })).toBe(2);
  });

  it('TP divides weights and KV per GPU', () => {
    const one = memoryNeed(llama70, fp16, { context: 8192, batch: 4 });
    const eight = memoryNeed(llama70, fp16, { context: 8192, batch: 4, tp: 8 });
    expect(eight.weightBytesPerGpu).toBeCloseTo(one.weightBytesPerGpu / 8, 0);
    expect(eight.kvBytesPerGpu).toBeCloseTo(kvCacheBytes(llama70, 8192, 4) / 8, 0);
    expect(eight.needGB).toBeCloseTo(one.needGB / 8, 6);
  });

  it('nothing fits a GPU too small at any listed TP size', () => {
    expect(smallestFittingTp(llama70, fp16, 8, { context: 512 })).toBeUndefined();
  });
});
