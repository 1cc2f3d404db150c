// The browser rows' cost beyond the weight reads, per layer: what separates the sources is the
// harness, and the figures docs/PREDICTING.md quotes come from here.
import { describe, expect, it } from 'vitest';
import {
  formatHostCosts,
  type HostCost,
  hostCostPerLayer,
  SHORT_CONTEXT,
} from '../../../src/model/engines/host-cost';
import { ENGINES } from '../../../src/model/engines/ids';
import { calibrationRows } from '../../../src/model/engines/measurements/data';

const costs = hostCostPerLayer(calibrationRows());
const find = (gpu: string, source: string, engine: string): HostCost => {
  const c = costs.find((x) => x.gpu === gpu && x.source.includes(source) && x.engine === engine);
  if (c === undefined) throw new Error(`no ${gpu} ${source} ${engine}`);
  return c;
};

describe('browser decode: ms per layer beyond the weight reads', () => {
  it('covers only browser engines’ decode rows at short contexts, each a positive cost', () => {
    expect(costs.length).toBeGreaterThanOrEqual(15);
    for (const c of costs) {
      expect(ENGINES[c.engine].engineClass).toBe('browser');
      expect(c.minMs).toBeGreaterThan(0);
      expect(c.maxMs).toBeGreaterThanOrEqual(c.minMs);
    }
    // web-of-llamas' depth-2048 rows are left out: five short-context rows per GPU.
    expect(find('apple m3', 'web-of-llamas', 'llama.cpp-webgpu').rows).toBe(5);
    expect(SHORT_CONTEXT).toBeLessThan(2112);
  });

  it('on one M2 Max, one day: llama.cpp through wllama pays over twice what WebLLM pays per layer', () => {
    const wllama = find('apple m2 max', 'zero-tvm', 'llama.cpp-webgpu');
    const webllm = find('apple m2 max', 'zero-tvm', 'webllm');
    expect(wllama.minMs).toBeGreaterThan(2 * webllm.maxMs);
  });

  it('on one M3, the same backend: webgpu-bench’s WASM build pays up to twice web-of-llamas’ most', () => {
    const bench = find('apple m3', 'webgpu-bench', 'llama.cpp-webgpu');
    const wol = find('apple m3', 'web-of-llamas', 'llama.cpp-webgpu');
    expect(bench.maxMs).toBeGreaterThan(2 * wol.maxMs);
  });

  it('prints a line per source, engine and GPU', () => {
    const text = formatHostCosts(costs).split('\n');
    expect(text).toHaveLength(costs.length + 1);
    expect(text[0]).toMatch(/^GPU\s+source\s+engine\s+rows\s+ms\/layer$/);
    expect(text.find((l) => l.includes('zero-tvm') && l.includes('llama.cpp-webgpu'))).toMatch(
      /\b2\s+\d\.\d\d–\d\.\d\d$/,
    );
  });
});
