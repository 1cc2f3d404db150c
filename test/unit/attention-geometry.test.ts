// The attention passes' launch geometry (src/kernels/decode/shape.ts, the rule
// shaders/decode/decode_attention.wgsl computes at run time) and its figures at Llama-3-8B's full
// size (attentionGeometry): decode fills a large GPU at 4k and 32k context, the prefill reads K and
// V once per Q tile and every binding fits WebGPU's default 128 MiB.

import { describe, expect, it } from 'vitest';
import { renderTrace, traceDocument } from '../../src/cli/render/trace-table';
import { attentionWorkgroups } from '../../src/kernels/decode/attention-case';
import { KV_ENCODINGS } from '../../src/kernels/decode/kv-cache';
import {
  ATTENTION_MIN_SPLIT,
  ATTENTION_SPLIT_STEP,
  activationBytes,
  attentionSplitSize,
  attentionSplits,
  liveAttentionSplits,
  prefillQueryTile,
  prefillWorkgroups,
  TINY_SHAPE,
} from '../../src/kernels/decode/shape';
import {
  attentionGeometry,
  PREFILL_TRACE_SHAPE,
  prefillPositionsRead,
} from '../../src/kernels/trace/attention-trace';
import { SOFTWARE_ADAPTER } from '../fixtures/adapter';

const LLAMA = { heads: 32, kvHeads: 8, headDim: 128 };
const DEFAULT_BINDING = 128 * 2 ** 20;

describe('decode attention geometry', () => {
  it('cuts n positions into at most ⌈2048 ÷ kvHeads⌉ splits (≤ 512), multiples of 16, ≥ 32', () => {
    expect(attentionSplits(8)).toBe(256);
    expect(attentionSplits(2)).toBe(512);
    expect(attentionSplits(1)).toBe(512);
    for (const kvHeads of [1, 2, 3, 8]) {
      const splits = attentionSplits(kvHeads);
      for (const n of [1, 31, 32, 33, 1000, 4097, 9001, 32769, 131073]) {
        const size = attentionSplitSize(n, splits);
        expect(size % ATTENTION_SPLIT_STEP).toBe(0);
        expect(size).toBeGreaterThanOrEqual(ATTENTION_MIN_SPLIT);
        const live = liveAttentionSplits(n, splits);
        expect(live).toBeLessThanOrEqual(splits);
        expect((live - 1) * size).toBeLessThan(n);
        expect(live * size).toBeGreaterThanOrEqual(n);
      }
    }
    expect(liveAttentionSplits(0, 256)).toBe(0);
  });

  it('launches ≥ 1024 workgroups for Llama-3-8B at 4k and 32k context, only the live splits', () => {
    const at = (context: number) => attentionWorkgroups({ ...LLAMA, context });
    // 4097 positions: splits of 32, 129 of them × 8 KV heads.
    expect(at(4096)).toEqual([129, 8]);
    // 32769 positions: splits of 144, 228 of them.
    expect(at(32768)).toEqual([228, 8]);
    for (const context of [4096, 32768]) {
      const [splits, kvHeads] = at(context);
      expect(splits * kvHeads).toBeGreaterThanOrEqual(1024);
    }
    // A short context launches few: 100 positions, 4 splits of 32.
    expect(at(99)).toEqual([4, 8]);
  });
});

describe('prefill attention geometry', () => {
  it('holds 2048 floats of query vectors: Q tiles of ⌊min(2048 ÷ hd, 32) ÷ G⌋ rows', () => {
    expect(prefillQueryTile(LLAMA)).toBe(4);
    expect(prefillQueryTile(TINY_SHAPE)).toBe(16);
    expect(prefillQueryTile({ heads: 4, kvHeads: 4, headDim: 256 })).toBe(8);
    expect(prefillQueryTile({ heads: 64, kvHeads: 4, headDim: 64 })).toBe(2);
    expect(prefillWorkgroups(LLAMA, 4096)).toEqual([1024, 8]);
    expect(prefillWorkgroups(TINY_SHAPE, 37)).toEqual([3, 2]);
  });

  it('reads each Q tile’s attended positions once: the traced run’s 168 of a 192-position bound', () => {
    // 16 rows after 32 positions, tiles of 4: 36 + 40 + 44 + 48 positions per KV head.
    expect(prefillPositionsRead(PREFILL_TRACE_SHAPE)).toBe(168);
    expect(Math.ceil(16 / prefillQueryTile(PREFILL_TRACE_SHAPE)) * (32 + 16)).toBe(192);
  });

  it('Llama-3-8B, m = 4096 into a 32k cache: K/V within ⌈m / Q_TILE⌉ × cache, bindings ≤ 128 MiB', () => {
    for (const kv of KV_ENCODINGS) {
      const g = attentionGeometry(LLAMA, kv, [4096, 32768], { rows: 4096, context: 32768 });
      expect(g.decode.map((d) => d.workgroups)).toEqual([129 * 8, 228 * 8]);
      expect(g.prefill.queryTile).toBe(4);
      expect(g.prefill.workgroups).toBe(8192);
      expect(g.prefill.kvBytesRead).toBeLessThanOrEqual(g.prefill.kvBytesBound);
      // The tiles start 28672 positions in: they read 0.94 of the bound.
      expect(g.prefill.kvBytesRead / g.prefill.kvBytesBound).toBeCloseTo(0.9375, 3);
      expect(g.prefill.largestBinding.bytes).toBeLessThanOrEqual(DEFAULT_BINDING);
    }
    const f16 = attentionGeometry(LLAMA, 'f16', [], { rows: 4096, context: 32768 });
    // q | k | v of 4096 rows: 4096 × 6144 × 4 bytes.
    expect(f16.prefill.largestBinding).toEqual({ name: 'qkv', bytes: 96 * 2 ** 20 });
    // 1024 tiles × the cache's 32768 × 8 × 128 × 2 × 2 bytes (K and V).
    expect(f16.prefill.kvBytesBound).toBe(1024 * 128 * 2 ** 20);
  });

  it('keeps no partials per prompt row: the activations grow by the rows, not rows × splits', () => {
    const s = { ...TINY_SHAPE, heads: 32, kvHeads: 8, headDim: 128 };
    const perRow = activationBytes(s, 2, 1024) - activationBytes(s, 1, 1024);
    expect(activationBytes(s, 4097, 1024) - activationBytes(s, 1, 1024)).toBe(4096 * perRow);
    expect(perRow).toBeLessThan(s.heads * s.headDim * 4 * 8);
  });
});

describe('the --trace table', () => {
  it('prints the attention geometry once per cache encoding, under the attention rows', () => {
    const geometry = attentionGeometry(LLAMA, 'f16', [4096, 32768], { rows: 4096, context: 32768 });
    const row = {
      kernel: 'attention' as const,
      format: 'f16',
      variant: 'gqa-splitauto-wg64-f16',
      verified: true,
      workgroups: 1032,
      at: 'decode, context 4096',
      geometry,
    };
    const text = renderTrace(
      traceDocument(
        SOFTWARE_ADAPTER,
        [],
        [row, { ...row, variant: 'flash-q4-wg128-f16', workgroups: 8192 }],
      ),
    );
    const lines = text.split('\n').filter((l) => l.startsWith('  f16: decode'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(
      'context 4096: 1032 WGs (split 32), context 32768: 1824 WGs (split 144)',
    );
    expect(lines[0]).toContain('Q tile 4 rows, 8192 WGs');
    expect(lines[0]).toContain('K+V read 120.0 GiB ≤ ⌈m/Q tile⌉ × cache 128.0 GiB (0.94)');
    expect(lines[0]).toContain('largest binding qkv 96.0 MiB');
  });
});
