import { describe, expect, it } from 'vitest';
import { getGpu } from '../../../src/model/hardware/gpus';
import { getModel } from '../../../src/model/llm/models';
import {
  ALL_REDUCES_PER_LAYER,
  allReduceMs,
  checkTp,
  InvalidTpError,
  LINKS,
  linkFor,
  tpCommMs,
} from '../../../src/model/predict/tensor-parallel';

const llama70 = getModel('llama-3-70b');

describe('tensor parallelism', () => {
  it('one GPU needs no all-reduce', () => {
    expect(allReduceMs(1, 1e6, LINKS['nvlink-a100'])).toBe(0);
  });

  it('a ring all-reduce: latency + 2(N−1)/N of the message over the link', () => {
    const bytes = 8192 * 2;
    const expected = 0.01 + ((2 * 7) / 8) * (bytes / 300e6);
    expect(allReduceMs(8, bytes, LINKS['nvlink-a100'])).toBeCloseTo(expected, 9);
  });

  it('two all-reduces per layer of one token’s activations', () => {
    expect(ALL_REDUCES_PER_LAYER).toBe(2);
    const one = allReduceMs(8, llama70.hiddenSize * 2, LINKS['nvlink-a100']);
    expect(tpCommMs(llama70, 8, 1, LINKS['nvlink-a100'])).toBeCloseTo(2 * 80 * one, 9);
  });

  it('NVLink for SXM parts, PCIe otherwise', () => {
    expect(linkFor(getGpu('a100-80g-sxm'))).toBe(LINKS['nvlink-a100']);
    expect(linkFor(getGpu('h100-sxm'))).toBe(LINKS['nvlink-h100']);
    expect(linkFor(getGpu('rtx-4090'))).toBe(LINKS.pcie4);
    expect(linkFor(getGpu('b200'))).toBe(LINKS['nvlink-b200']);
    expect(LINKS.pcie4.bandwidthGBps).toBeLessThan(LINKS['nvlink-a100'].bandwidthGBps);
  });

  it('refuses a TP size that does not split the heads', () => {
    expect(() => checkTp(llama70, 3)).toThrow(InvalidTpError);
    expect(() => checkTp(llama70, 0)).toThrow(InvalidTpError);
    expect(() => checkTp(llama70, 8)).not.toThrow();
  });
});
