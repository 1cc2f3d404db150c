// The decoder runs Llama layers, dense or mixture-of-experts, with full or windowed attention:
// multi-head latent attention is refused with a code (worded by the page and the CLI), never run.

import { describe, expect, it } from 'vitest';
import { decodeRefusal, runDecode } from '../../../src/bench/decode';
import { REFUSAL_EN } from '../../../src/cli/decode-table';
import { DECODE_REFUSALS, type ResultsDocument } from '../../../src/core/results';
import type { BufferLedger } from '../../../src/gpu/buffers';
import type { GpuContext } from '../../../src/gpu/device';
import type { SubmitTimer } from '../../../src/gpu/timer';
import { getModel } from '../../../src/model/llm';

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

  it('the CLI words every refusal', () => {
    for (const code of DECODE_REFUSALS) expect(REFUSAL_EN[code].length).toBeGreaterThan(10);
  });
});
