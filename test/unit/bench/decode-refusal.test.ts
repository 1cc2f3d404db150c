// The decoder runs Llama layers, dense or mixture-of-experts, with full or windowed attention:
// multi-head latent attention is refused with a code (worded by the page and the CLI), never run.

import { describe, expect, it } from 'vitest';
import { runDecode } from '../../../src/bench/decode';
import { decodeRefusal } from '../../../src/bench/decode-record';
import { bytesPerToken, decodeShape, layersThatFit } from '../../../src/bench/decode-spec';
import { REFUSAL_EN } from '../../../src/cli/render/decode-table';
import { DECODE_REFUSALS, type ResultsDocument } from '../../../src/core/results';
import type { BufferLedger } from '../../../src/gpu/buffers';
import type { GpuContext } from '../../../src/gpu/device';
import type { SubmitTimer } from '../../../src/gpu/timer';
import { modelBytes } from '../../../src/kernels/decode/shape';
import { getModel } from '../../../src/model/llm/models';

describe('decode refusals', () => {
  it('names what the decoder cannot run', () => {
    expect(decodeRefusal(getModel('mixtral-8x7b'))).toBeNull();
    expect(decodeRefusal(getModel('qwen3-30b-a3b'))).toBeNull();
    expect(decodeRefusal(getModel('gpt-oss-20b'))).toBeNull();
    expect(decodeRefusal(getModel('deepseek-v3'))).toBe('mla');
    expect(decodeRefusal({ ...getModel('deepseek-v3'), moe: undefined } as never)).toBe('mla');
    expect(decodeRefusal(getModel('gemma-2-9b'))).toBeNull();
    expect(decodeRefusal(getModel('smollm2-135m'))).toBeNull();
    expect(decodeRefusal(getModel('llama-3.2-1b'))).toBeNull();
    const allFull = { ...getModel('llama-3.2-1b'), layerAttention: ['full', 'full'] as const };
    expect(decodeRefusal(allFull)).toBeNull();
  });

  it('a refused model is a failed run with its code, before any GPU work', async () => {
    const untouched = new Proxy(
      {},
      {
        get: () => {
          throw new Error('touched the GPU');
        },
      },
    );
    const run = await runDecode(
      untouched as GpuContext,
      untouched as BufferLedger,
      untouched as SubmitTimer,
      {
        model: 'deepseek-v3',
        format: 'int4',
        context: 512,
        tokens: 4,
        promptTokens: 4,
        budgetBytes: 1 << 30,
      },
      { results: [] } as unknown as ResultsDocument,
    );
    expect(run.verified).toBe(false);
    expect(run.refused).toBe('mla');
    expect(run.error).toMatch(/latent attention/);
    expect(run.medianMs).toBeUndefined();
  });

  it('counts every expert in memory and the active ones in bytes per token', () => {
    const m = getModel('qwen3-30b-a3b');
    const moe = m.moe as NonNullable<typeof m.moe>;
    const h = m.hiddenSize;
    const fe = moe.expertIntermediateSize;
    const qkv = (m.attentionHeads + 2 * m.kvHeads) * m.headDim;
    // int4: 4 bits per weight plus an f16 scale per 32 (src/core/format-registry.ts): 4.5 bits.
    const int4 = (n: number, k: number) => (n * k * 4.5) / 8;
    const attention = int4(qkv, h) + int4(h, m.attentionHeads * m.headDim);
    const expert = int4(2 * fe, h) + int4(h, fe);
    const router = int4(moe.experts, h);
    const head = int4(m.vocabSize, h);
    const kv = 512 * 2 * m.kvHeads * m.headDim * 2; // the f16 cache
    expect(bytesPerToken(m, 1, 'int4', 512)).toBe(
      attention + router + moe.expertsPerToken * expert + head + head / m.vocabSize + kv,
    );
    // Memory holds all 128 experts: 1 GiB fits two layers beside the head, not 48.
    const spec = {
      model: m.id,
      format: 'int4' as const,
      context: 512,
      tokens: 16,
      promptTokens: 32,
      budgetBytes: 1 << 30,
    };
    const all = modelBytes(decodeShape(m, 1), 'int4', 600, 32);
    expect(all).toBeGreaterThan(head + attention + moe.experts * expert);
    expect(layersThatFit(spec, m)).toBeGreaterThanOrEqual(1);
    expect(layersThatFit(spec, m)).toBeLessThan(4);
  });

  it('a windowed layout becomes per-layer windows (0: global)', () => {
    const gemma = decodeShape(getModel('gemma-2-9b'), 4);
    expect(gemma.windows).toEqual([4096, 0, 4096, 0]);
    expect(gemma.headDim).toBe(256);
    expect(decodeShape(getModel('llama-3.2-1b')).windows).toBeUndefined();
  });

  it('the CLI words every refusal', () => {
    for (const code of DECODE_REFUSALS) expect(REFUSAL_EN[code].length).toBeGreaterThan(10);
  });
});
