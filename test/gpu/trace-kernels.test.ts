// The address trace of the attention pass (and GEMM variants) on a real adapter: each
// instrumented build still verifies, and the figures are what the code says by hand.

import { describe, expect, it } from 'vitest';
import {
  type KernelTraceRow,
  traceAttentionRows,
  traceGemmRows,
} from '../../src/bench/trace-kernels';
import { gemmCapabilitiesOf, gemmVariantsFor } from '../../src/kernels/gemm';
import { sharedRunner } from './context';

const t = sharedRunner();

describe('attention address trace', () => {
  let rows: KernelTraceRow[] = [];
  const row = (format: string, pass: 'decode' | 'prefill' = 'decode') => {
    const found = rows.find(
      (r) =>
        r.kernel === 'attention' &&
        r.format === format &&
        r.variant.startsWith(pass === 'decode' ? 'gqa-' : 'flash-'),
    );
    if (!found) throw new Error(`no attention ${pass} trace row for ${format}`);
    return found;
  };

  it('traces the pass in every cache encoding, and each instrumented build verifies', {
    timeout: 300_000,
  }, async () => {
    rows = await traceAttentionRows({ device: t.gpu.device, buffers: t.runner.ledger });
    expect(rows.map((r) => r.format)).toEqual(['f32', 'f32', 'f16', 'f16', 'q8', 'q8']);
    for (const r of rows) {
      expect(r.error, `${r.format} ${r.variant}`).toBeUndefined();
      expect(r.verified).toBe(true);
    }
    for (const kv of ['f32', 'f16', 'q8']) {
      // Llama-3-8B decode at context 4096: 129 splits of 32 × 8 KV heads; 228 of 144 at 32k.
      expect(row(kv).workgroups).toBe(129 * 8);
      expect(row(kv).geometry?.decode.map((d) => d.workgroups)).toEqual([129 * 8, 228 * 8]);
      // Its prefill of 4096 rows: Q tiles of 4 rows × 8 KV heads.
      expect(row(kv, 'prefill').variant).toBe(`flash-q4-wg128-${kv}`);
      expect(row(kv, 'prefill').workgroups).toBe(1024 * 8);
      const p = row(kv, 'prefill').geometry?.prefill;
      expect(p?.kvBytesRead).toBeLessThanOrEqual(p?.kvBytesBound ?? 0);
      expect(p?.largestBinding.bytes).toBeLessThanOrEqual(128 * 2 ** 20);
    }
    expect(t.runner.ledger.liveCount).toBe(0);
  });

  it('reads K and V once per Q tile in the prefill: each tile its rows’ positions, within ⌈m/Q_TILE⌉ × cache', () => {
    // 16 rows after 32 positions in tiles of 4: 36 + 40 + 44 + 48 = 168 positions of K and V
    // per KV head, against 4 tiles × 48 positions.
    expect(row('f32', 'prefill').streamedLoadsPerByte).toBeCloseTo(168 / 192, 12);
    expect(row('f16', 'prefill').streamedLoadsPerByte).toBeCloseTo(168 / 192, 12);
    // q8 too: the prefill stages each tile row's scale words once (the decode pass loads each
    // four times, below), so 128 + 8 bytes a row are loaded for its 136.
    expect(row('q8', 'prefill').streamedLoadsPerByte).toBeCloseTo(168 / 192, 12);
    expect(row('f16', 'prefill').sectorsPerUsefulByte).toBe(1);
  });

  it('reads K and V once per KV head for all four of its query heads, the query once per split', () => {
    expect(row('f32').streamedLoadsPerByte).toBe(1);
    expect(row('f16').streamedLoadsPerByte).toBe(1);
    // q8: values once; each 16-value unit loads its block pair's 4-byte scale word, so every
    // scale word four times: (128 + 4 · 8) ÷ (128 + 8) bytes per (position, KV head) row.
    expect(row('q8').streamedLoadsPerByte).toBeCloseTo(160 / 136, 12);
    // The query once per split: 64 positions are two splits of 32.
    for (const kv of ['f32', 'f16', 'q8']) expect(row(kv).otherLoadsPerByte).toBe(2);
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

describe('GEMM address trace', () => {
  let rows: KernelTraceRow[] = [];
  const row = (variant: string) => {
    const found = rows.find((r) => r.variant === variant);
    if (!found) throw new Error(`no GEMM trace row for ${variant}`);
    return found;
  };

  it('traces every variant this adapter offers, and each instrumented build verifies', {
    timeout: 600_000,
  }, async () => {
    rows = await traceGemmRows({ device: t.gpu.device, buffers: t.runner.ledger });
    const offered = gemmVariantsFor(gemmCapabilitiesOf(t.gpu.device)).map((v) => v.name);
    expect(rows.map((r) => r.variant)).toEqual(offered);
    for (const r of rows) {
      expect(r.error, r.variant).toBeUndefined();
      expect(r.verified).toBe(true);
    }
    // Llama-3-8B prefill, M = 512 over 4096 × 4096: 128 × 16 blocks of 32, 64 × 8 of 64.
    expect(row('tile32-pad').workgroups).toBe(128 * 16);
    expect(row('tile64-pad').workgroups).toBe(64 * 8);
  });

  it('stages W once per workgroup in the tiled variants, once per row of invocations in reg4x4', () => {
    // int4's dequant_vec loads a 4-byte word and a 4-byte scale word for each vec4 of weights:
    // 8 × 8 B per group of 32 that holds 16 B + a 2-byte scale. The staged tiles call it once
    // per vec4 of their block: 64 ÷ 18.
    const once = 64 / 18;
    expect(row('tile32-pad').streamedLoadsPerByte).toBeCloseTo(once, 12);
    expect(row('tile64-pad').streamedLoadsPerByte).toBeCloseTo(once, 12);
    expect(row('tile32-smem').streamedLoadsPerByte).toBeCloseTo(once, 12);
    // reg4x4: each of the 8 rows of invocations loads the block's W again.
    expect(row('reg4x4').streamedLoadsPerByte).toBeCloseTo(8 * once, 12);
    // X: once per workgroup in the staged tiles; reg4x4 once per column of invocations (8).
    expect(row('tile32-pad').otherLoadsPerByte).toBeCloseTo(1, 12);
    expect(row('reg4x4').otherLoadsPerByte).toBeCloseTo(8, 12);
  });
});
