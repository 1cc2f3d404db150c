// The decoder in headless Chromium (SwiftShader): the tiny config in every format against the
// f64 reference, and a whole decode run, verified and set beside a prediction.

import { describe, expect, it } from 'vitest';
import { runDecode } from '../../src/bench/decode';
import { FORMAT_IDS } from '../../src/core/formats';
import type { ResultsDocument } from '../../src/core/results';
import { BufferLedger } from '../../src/gpu/buffers';
import { acquireGpu } from '../../src/gpu/device';
import { createTimer } from '../../src/gpu/timer';
import { verifyTiny } from '../../src/kernels/decode/verify';
import { GEMM_VARIANTS, type GemmVariant } from '../../src/kernels/gemm';
import { GEMV_VARIANTS } from '../../src/kernels/gemv';
import { variantNamed } from '../../src/kernels/types';
import { getModel } from '../../src/model/llm/models';

describe('decode in the page', () => {
  it('the tiny config matches the reference in every format, and a small run is timed', async () => {
    const gpu = await acquireGpu(navigator.gpu);
    const ledger = new BufferLedger(gpu.device);
    try {
      const env = { device: gpu.device, buffers: ledger };
      for (const format of FORMAT_IDS) {
        const out = await verifyTiny(env, {
          format,
          gemv: variantNamed(GEMV_VARIANTS, 'rows4-wg64'),
          gemm: GEMM_VARIANTS[0] as GemmVariant,
          maxBindingBytes: 1 << 30,
        });
        ledger.destroyAll();
        expect(out.detail, format).toBeUndefined();
        expect(out.ok).toBe(true);
        expect(out.tokens).toHaveLength(9);
      }
      const config = { ...getModel('smollm2-135m'), vocabSize: 4096, layers: 4 };
      const doc = {
        results: [],
        tuning: [],
        grantedLimits: gpu.grantedLimits,
      } as unknown as ResultsDocument;
      const run = await runDecode(
        gpu,
        ledger,
        createTimer(gpu.device, gpu.timing, 64),
        {
          model: 'smollm2-135m',
          config,
          format: 'int4',
          context: 64,
          tokens: 3,
          promptTokens: 4,
          layers: 1,
          budgetBytes: 256 << 20,
        },
        doc,
      );
      expect(run.error).toBeUndefined();
      expect(run.verified).toBe(true);
      expect(run.layers).toBe(1);
      expect(run.medianMs).toBeGreaterThan(0);
      expect(ledger.liveCount).toBe(0);
    } finally {
      gpu.destroy();
    }
  });
});
