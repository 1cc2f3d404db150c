// Mixture-of-experts and KV-cache-format accounting, by hand on Mixtral 8x7B.

import { describe, expect, it } from 'vitest';
import { resolveFormat } from '../../../src/core/formats';
import { getGpu } from '../../../src/model/hardware/gpus';
import { KV_FORMATS } from '../../../src/model/llm/kv-format';
import {
  decodeWeightBytes,
  distinctExperts,
  getModel,
  kvCacheBytes,
  linearFlopsPerToken,
  paramCount,
  prefillFlops,
  weightMemoryBytes,
} from '../../../src/model/llm/models';
import {
  layoutDecodeBytes,
  layoutMemoryBytes,
  weightLayout,
} from '../../../src/model/llm/weight-layout';
import { predictSpec } from '../../../src/model/predict/spec-estimator';

const mixtral = getModel('mixtral-8x7b');
const fp16 = resolveFormat('fp16');
// Mixtral 8x7B by hand: hidden 4096, 32 layers, 32 heads, 8 KV heads of 128, experts of 14336.
const ATTN = 4096 * (4096 + 2 * 1024) + 4096 * 4096; // qkv + o per layer
const EXPERT = 3 * 4096 * 14336; // gate, up, down
const ROUTER = 8 * 4096;
const HEAD = 32000 * 4096;
const SMALL = 32 * 2 * 4096 + 4096;

describe('mixture of experts', () => {
  it('memory holds all 8 experts; a token reads 2', () => {
    const p = paramCount(mixtral);
    expect(p.layerMatrices).toBe(32 * (ATTN + ROUTER + 8 * EXPERT));
    expect(p.activeLayerMatrices).toBe(32 * (ATTN + ROUTER + 2 * EXPERT));
    expect(weightMemoryBytes(mixtral, fp16)).toBe(2 * (p.layerMatrices + 2 * HEAD) + 2 * SMALL);
    // Decode at batch 1: dense parts, 2 experts per layer, the head, one embedding row, norms.
    expect(decodeWeightBytes(mixtral, fp16)).toBe(
      2 * (32 * (ATTN + ROUTER + 2 * EXPERT) + HEAD + 4096) + 2 * SMALL,
    );
  });

  it('at batch B the step reads E·(1 − (1 − k/E)^B) experts per layer', () => {
    expect(distinctExperts(8, 2, 1)).toBeCloseTo(2, 12);
    expect(distinctExperts(8, 2, 4)).toBeCloseTo(8 * (1 - 0.75 ** 4), 12);
    expect(distinctExperts(8, 2, 1000)).toBeCloseTo(8, 6);
    const d = 8 * (1 - 0.75 ** 4);
    expect(decodeWeightBytes(mixtral, fp16, 4)).toBeCloseTo(
      2 * (32 * (ATTN + ROUTER + d * EXPERT) + HEAD + 4096) + 2 * SMALL,
      0,
    );
    // Dense models read the same bytes at any batch.
    const llama = getModel('llama-3-8b');
    expect(decodeWeightBytes(llama, fp16, 64)).toBe(decodeWeightBytes(llama, fp16));
  });

  it('prefill FLOPs use the active parameters', () => {
    expect(linearFlopsPerToken(mixtral)).toBe(2 * (32 * (ATTN + ROUTER + 2 * EXPERT) + HEAD));
    const f = prefillFlops(mixtral, 100);
    expect(f.linear).toBe(2 * 32 * (ATTN + ROUTER + 2 * EXPERT) * 100 + 2 * HEAD);
  });

  it('the batch curve bends later than a dense model of the same active size', () => {
    const p = predictSpec(getGpu('h100-sxm'), 'native', mixtral, fp16, {
      batches: [1, 2, 4, 8],
    });
    const ms = p.latencyThroughput.map((c) => c.msPerToken.expected);
    expect(ms[1]).toBeGreaterThan((ms[0] ?? 0) * 1.3); // batch 2 already reads ~3.5 experts
    expect(p.assumptions).toContainEqual(
      expect.objectContaining({ id: 'moe-routing', experts: 8, perToken: 2, shared: 0 }),
    );
  });
});

describe('KV-cache encodings', () => {
  it('8 and 4 bits carry one f16 scale per 32 values', () => {
    expect(KV_FORMATS[8].bytesPerElement).toBe(34 / 32);
    expect(KV_FORMATS[4].bytesPerElement).toBe(18 / 32);
    expect(KV_FORMATS[16].bytesPerElement).toBe(2);
  });

  it('--kv-bits changes the KV bytes in memory and in the decode reads at long context', () => {
    const llama = getModel('llama-3.1-8b');
    const gpu = getGpu('rtx-4090');
    const at = (kvBits: 16 | 8 | 4) =>
      predictSpec(gpu, 'native', llama, fp16, { kvBits, context: 32768 });
    const [k16, k8, k4] = [at(16), at(8), at(4)];
    expect(k16.kvBytes).toBe(kvCacheBytes(llama, 512 + 256));
    expect(k8.kvBytes).toBe(kvCacheBytes(llama, 768, 1, 34 / 32));
    expect(k4.kvBytes).toBe(kvCacheBytes(llama, 768, 1, 18 / 32));
    expect(k8.decode.floorMsPerToken).toBeLessThan(k16.decode.floorMsPerToken);
    expect(k4.decode.floorMsPerToken).toBeLessThan(k8.decode.floorMsPerToken);
    expect(k8.assumptions).toContainEqual({
      id: 'kv-quant',
      bits: 8,
      block: 32,
      scaleBits: 16,
      bytesPerElement: 34 / 32,
    });
    expect(k16.assumptions.some((n) => n.id === 'kv-quant')).toBe(false);
  });
});

describe('engines layout: MoE decode bytes follow the touched experts', () => {
  it('batch 1 reads the active experts; memory holds them all', () => {
    const layout = weightLayout(mixtral, 'f16');
    expect(layoutDecodeBytes(mixtral, layout)).toBe(decodeWeightBytes(mixtral, fp16));
    expect(layoutDecodeBytes(mixtral, layout, 4)).toBeCloseTo(
      decodeWeightBytes(mixtral, fp16, 4),
      0,
    );
    expect(layoutMemoryBytes(mixtral, layout)).toBe(weightMemoryBytes(mixtral, fp16));
  });
});
