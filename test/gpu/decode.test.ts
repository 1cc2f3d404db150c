// The decoder on a real adapter: the tiny config in every format against the f64 reference
// (logits within tolerance, tokens exactly), the first-layer check, and dispatch counts.

import { afterEach, describe, expect, it } from 'vitest';
import { FORMAT_IDS } from '../../src/core/formats';
import { DecodeModel } from '../../src/kernels/decode/model';
import { TINY_SHAPE } from '../../src/kernels/decode/shape';
import { verifyFirstLayer, verifyTiny } from '../../src/kernels/decode/verify';
import { GEMM_VARIANTS, type GemmVariant } from '../../src/kernels/gemm';
import { GEMV_VARIANTS } from '../../src/kernels/gemv';
import { variantNamed } from '../../src/kernels/types';
import { sharedRunner } from './context';

const t = sharedRunner();
const env = () => ({ device: t.gpu.device, buffers: t.runner.ledger });
const gemm = GEMM_VARIANTS[0] as GemmVariant;
const rows4 = variantNamed(GEMV_VARIANTS, 'rows4-wg64');
const row = variantNamed(GEMV_VARIANTS, 'row-wg64');

afterEach(() => t.runner.ledger.destroyAll());

describe('decode on a real adapter', () => {
  for (const format of FORMAT_IDS) {
    it(`${format}: a prompt and 8 greedy steps match the f64 reference`, async () => {
      const out = await verifyTiny(env(), { format, gemv: rows4, gemm, maxBindingBytes: 1 << 30 });
      expect(out.detail).toBeUndefined();
      expect(out.ok).toBe(true);
      expect(out.tokens).toHaveLength(9);
      expect(out.maxError).toBeLessThan(1e-4);
      expect(t.gpu.uncapturedErrors).toEqual([]);
    });
  }

  it('verifies with one attention split and with row chunks of the weights', async () => {
    const out = await verifyTiny(env(), {
      format: 'int4',
      gemv: row,
      gemm,
      maxBindingBytes: 16384,
      split: 256,
      steps: 3,
    });
    expect(out.detail).toBeUndefined();
    expect(out.ok).toBe(true);
  });

  it('checks the first layer of a larger config, and counts its dispatches', async () => {
    const shape = {
      ...TINY_SHAPE,
      hidden: 512,
      heads: 8,
      kvHeads: 2,
      ffn: 1024,
      vocab: 1000,
      layers: 2,
    };
    const model = await DecodeModel.create(env(), {
      shape,
      format: 'int8',
      seed: 99,
      positions: 300,
      maxRows: 1,
      gemv: rows4,
      gemm,
      maxBindingBytes: 1 << 30,
    });
    const out = await verifyFirstLayer(env(), model, 280);
    expect(out.detail).toBeUndefined();
    expect(out.ok).toBe(true);
    const step = await model.program({ rows: 1, fromPrompt: false, layers: 2, head: true });
    // embed + 2 × (2 norms, 4 GEMVs, RoPE/append, 2 attention, SiLU·mul, 2 residuals) + norm, head, argmax.
    expect(step.dispatches).toBe(1 + 2 * 12 + 3);
  });
});
