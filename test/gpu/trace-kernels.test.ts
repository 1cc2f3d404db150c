// The address trace of the attention pass (and GEMM variants) on a real adapter: each
// instrumented build still verifies, and the figures are what the code says by hand.

import { describe, expect, it } from 'vitest';
import { type KernelTraceRow, traceAttentionRows } from '../../src/bench/trace-kernels';
import { sharedRunner } from './context';

const t = sharedRunner();

describe('attention address trace', () => {
  let rows: KernelTraceRow[] = [];
  const row = (format: string) => {
    const found = rows.find((r) => r.kernel === 'attention' && r.format === format);
    if (!found) throw new Error(`no attention trace row for ${format}`);
    return found;
  };

  it('traces the pass in every cache format, and each instrumented build verifies', {
    timeout: 300_000,
  }, async () => {
    rows = await traceAttentionRows({ device: t.gpu.device, buffers: t.runner.ledger });
    expect(rows.map((r) => r.format)).toEqual(['f32', 'f16', 'q8']);
    for (const r of rows) {
      expect(r.error, r.format).toBeUndefined();
      expect(r.verified).toBe(true);
      // Llama-3-8B at context 4096: 17 splits of 256 × 8 KV heads.
      expect(r.workgroups).toBe(17 * 8);
    }
    expect(t.runner.ledger.liveCount).toBe(0);
  });

  it('reads K and V once per KV head for all four of its query heads, the query once', () => {
    expect(row('f32').streamedLoadsPerByte).toBe(1);
    expect(row('f16').streamedLoadsPerByte).toBe(1);
    // q8: values once; each 16-value unit loads its block pair's 4-byte scale word, so every
    // scale word four times: (128 + 4 · 8) ÷ (128 + 8) bytes per (position, KV head) row.
    expect(row('q8').streamedLoadsPerByte).toBeCloseTo(160 / 136, 12);
    for (const r of rows) expect(r.otherLoadsPerByte).toBe(1);
  });

  it('finds the 16-byte K and V loads coalesced', () => {
    // Neighbouring lanes load neighbouring 16-byte words of a row (f32, f16): 1.0 exactly.
    expect(row('f32').sectorsPerUsefulByte).toBe(1);
    expect(row('f16').sectorsPerUsefulByte).toBe(1);
    // q8's scale words are 4-byte loads a row apart: a little above 1 over all loads.
    expect(row('q8').sectorsPerUsefulByte).toBeGreaterThan(1);
    expect(row('q8').sectorsPerUsefulByte).toBeLessThan(1.5);
  });
});
