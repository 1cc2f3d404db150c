// Bytes and FLOPs are counted exactly as each kernel's WGSL header documents.

import { describe, expect, it } from 'vitest';
import {
  buildPlan,
  isTuned,
  maxWorkingSet,
  QUICK_DECODE,
  workingSetSweep,
} from '../../src/bench/plan';
import { FORMAT_IDS } from '../../src/core/formats';
import { fromHalfBits, roundHalf, toHalfBits } from '../../src/core/half';
import {
  bandwidthCase,
  bandwidthGeometry,
  expectedReadSums,
  READ_VARIANTS,
} from '../../src/kernels/bandwidth';
import { fmaCase, fmaGeometry, fmaReference } from '../../src/kernels/fma';
import type { KernelCase } from '../../src/kernels/types';
import { getModel, modelMatrices } from '../../src/model/llm/models';

const QUICK_GEMV_ORDER = [
  QUICK_DECODE.format,
  ...FORMAT_IDS.filter((f) => f !== QUICK_DECODE.format),
];

const MiB = 1 << 20;

describe('bandwidth accounting', () => {
  it('read: 16 bytes per element per pass plus one u32 per invocation', () => {
    const g = bandwidthGeometry('read', 64 * MiB, { targetBytesPerDispatch: 64 * MiB });
    expect(g.n).toBe(4 * MiB);
    expect(g.passes).toBe(1);
    expect(g.workgroups).toBe(1024); // n / (256 × 16)
    expect(g.bytes).toBe(64 * MiB + 4 * 1024 * 256);
  });

  it('copy: the working set is two halves, each read or written once per pass', () => {
    const g = bandwidthGeometry('copy', 2 * MiB, { targetBytesPerDispatch: 16 * MiB });
    expect(g.n).toBe(MiB / 16);
    expect(g.passes).toBe(8);
    expect(g.bytes).toBe(16 * MiB);
  });

  it('write: 16 bytes per element per pass; small sets are walked many times', () => {
    const g = bandwidthGeometry('write', 64 * 1024, { targetBytesPerDispatch: 16 * MiB });
    expect(g.passes).toBe(256);
    expect(g.bytes).toBe(16 * MiB);
    expect(bandwidthCase('write', 64 * 1024, { targetBytesPerDispatch: 16 * MiB })).toMatchObject({
      kernel: 'write',
      flops: 0,
      bytes: 16 * MiB,
      shape: { workingSetBytes: 64 * 1024, passes: 256 },
    });
  });

  it('keeps the read probe’s output under 1/64 of what it reads', () => {
    for (const size of [64 * 1024, MiB, 256 * MiB]) {
      const g = bandwidthGeometry('read', size, { targetBytesPerDispatch: size });
      expect(4 * g.threads).toBeLessThanOrEqual((16 * g.n) / 64);
    }
  });

  it('refuses working sets that are not a multiple of 32 bytes', () => {
    expect(() => bandwidthGeometry('read', 1000, { targetBytesPerDispatch: MiB })).toThrow(
      RangeError,
    );
  });

  it('the read reference sums per invocation with wrapping u32 arithmetic', () => {
    const g = bandwidthGeometry('read', 64 * 1024, { targetBytesPerDispatch: 128 * 1024 });
    const sums = expectedReadSums(g, 1);
    expect(sums.length).toBe(g.threads);
    expect(g.passes).toBe(2);
    expect(new Set(sums).size).toBeGreaterThan(g.threads / 2);
  });
});

describe('compute-probe accounting', () => {
  it('16 FLOPs per multiply-add round per element; 32 bytes per element at f32, 16 at f16', () => {
    expect(fmaGeometry('f32', 1000, 64)).toEqual({
      n: 1000,
      iters: 64,
      bytes: 32_000,
      flops: 1_024_000,
    });
    expect(fmaGeometry('f16', 1000, 64).bytes).toBe(16_000);
    expect(fmaCase('f32', 1000, 64).shape.flopsPerByte).toBe(32);
  });

  it('the reference converges to 2 (two chains, each to c / (1 − m) = 1)', () => {
    expect(fmaReference('f32', 0.5, 20_000)).toBeCloseTo(2, 3);
    expect(fmaReference('f16', 0.5, 200)).toBeCloseTo(2, 2);
    expect(fmaReference('f32', 0.25, 1)).toBeCloseTo(
      0.25 * 0.999 + 0.001 + 1.25 * 0.999 + 0.001,
      6,
    );
  });
});

describe('f16 conversion', () => {
  it('round-trips exact values and rounds to nearest even', () => {
    for (const v of [0, 1, -2, 0.5, 65504, 2 ** -24, 0.875]) expect(roundHalf(v)).toBe(v);
    expect(toHalfBits(1)).toBe(0x3c00);
    expect(fromHalfBits(0xc000)).toBe(-2);
    expect(roundHalf(1 + 2 ** -11)).toBe(1); // tie → even
    expect(roundHalf(1 + 3 * 2 ** -11)).toBe(1 + 2 ** -9);
    expect(fromHalfBits(toHalfBits(1e6))).toBe(Number.POSITIVE_INFINITY);
    expect(Number.isNaN(fromHalfBits(toHalfBits(Number.NaN)))).toBe(true);
  });
});

describe('plans', () => {
  const limits = { maxStorageBufferBindingSize: 2 ** 30, maxBufferSize: 2 ** 30 };

  it('sweep from 64 KiB to the largest working set, ×4 a step', () => {
    expect(workingSetSweep(16 * MiB)).toEqual([64 * 1024, 256 * 1024, MiB, 4 * MiB, 16 * MiB]);
    expect(maxWorkingSet(limits, 2 ** 40)).toBe(2 ** 30);
    expect(maxWorkingSet({ maxStorageBufferBindingSize: 128 * MiB + 4 }, 2 ** 40)).toBe(128 * MiB);
  });

  it('full reaches 1 GiB where granted; quick stays small; f16 only with shader-f16', () => {
    const full = buildPlan('full', { limits, hasF16: true });
    const quick = buildPlan('quick', { limits, hasF16: false });
    const probes = (p: typeof full): KernelCase[] =>
      p.cases
        .map((c) => (isTuned(c) ? c.make(c.variants[0] ?? '') : c))
        .filter((c) => c.kernel !== 'gemv' && c.kernel !== 'gemm');
    const largestRead = (p: typeof full) =>
      Math.max(
        ...probes(p)
          .filter((c) => c.kernel === 'read')
          .map((c) => c.shape.workingSetBytes ?? 0),
      );
    expect(largestRead(full)).toBe(2 ** 30);
    expect(largestRead(quick)).toBe(16 * MiB);
    expect(probes(full).some((c) => c.format === 'f16')).toBe(true);
    expect(probes(quick).some((c) => c.format === 'f16')).toBe(false);
    for (const kernel of ['read', 'copy', 'write', 'fma', 'gemv', 'gemm']) {
      expect(quick.cases.some((c) => c.kernel === kernel)).toBe(true);
    }
    expect(quick.timing.sampleTargetMs).toBeGreaterThanOrEqual(20);
  });
});

describe('the GEMV/GEMM plan', () => {
  const limits = { maxStorageBufferBindingSize: 2 ** 30, maxBufferSize: 2 ** 30 };
  const tuned = (name: 'quick' | 'full') =>
    buildPlan(name, { limits, hasF16: false }).cases.filter(isTuned);

  it('quick: GEMV in every format and a GEMM batch sweep, every variant offered', () => {
    const items = tuned('quick');
    const gemv = items.filter((i) => i.kernel === 'gemv');
    const square = gemv.filter((i) => i.make('row-wg64').shape.n === 1024);
    // The decode run's format first (its tuning gets the budget), then the registry's order.
    expect(square.map((i) => i.make('row-wg64').format)).toEqual(QUICK_GEMV_ORDER);
    // Then the decode run's model, one GEMV row per matrix shape, in its format.
    const decodeRows = gemv.slice(FORMAT_IDS.length).map((i) => i.make('row-wg64'));
    expect(decodeRows.map((c) => [c.format, c.shape.n, c.shape.k])).toEqual(
      modelMatrices(getModel(QUICK_DECODE.model)).map((m) => [QUICK_DECODE.format, m.n, m.k]),
    );
    expect(buildPlan('quick', { limits, hasF16: false }).decode).toEqual([QUICK_DECODE]);
    // The Full plan: Llama-3-8B int4 decode at three contexts, each where the adapter holds it.
    const full = buildPlan('full', { limits, hasF16: false });
    expect(full.decode?.map((d) => [d.model, d.format, d.context])).toEqual([
      ['llama-3-8b', 'int4', 512],
      ['llama-3-8b', 'int4', 2048],
      ['llama-3-8b', 'int4', 8192],
    ]);
    // 16 MiB bindings hold a layer's K cache at 2048 positions (8 MiB), not at 8192 (32 MiB).
    const small = { ...limits, maxStorageBufferBindingSize: 16 * 1024 * 1024 };
    expect(
      buildPlan('full', { limits: small, hasF16: false }).decode?.map((d) => d.context),
    ).toEqual([512, 2048]);
    // Its matrices are already among the Full plan's 8B rows: no case twice.
    const labels = full.cases.map((c) => c.label);
    expect(new Set(labels).size).toBe(labels.length);
    expect(buildPlan('quick', { limits, hasF16: false }, {}, []).decode).toBeUndefined();
    // Both plans tune each format apart, GEMV per shape class, GEMM per regime of M, and choose
    // the read probe: every format the Quick plan measures gets its own GEMV family.
    const families = new Set(items.map((i) => i.family));
    for (const f of FORMAT_IDS) expect(families).toContain(`gemv ${f} small-N`);
    // The decode model's matrices add int4's other classes: gate·up, down and the head.
    for (const c of ['large-N', 'large-K', 'head']) expect(families).toContain(`gemv int4 ${c}`);
    expect(families).toContain('read');
    expect(families).toContain('gemm int4 M≤16');
    expect(families).toContain('gemm int4 M>16');
    const reads = items.filter((i) => i.kernel === 'read');
    expect(reads.map((i) => i.variants)).toEqual(reads.map(() => READ_VARIANTS));
    expect(new Set(tuned('full').map((i) => i.family))).toContain('read');
    // Full: Llama-3-8B's layer matrices and its head fall in the four classes.
    const fullGemv = tuned('full').filter((i) => i.kernel === 'gemv' && i.label.includes('int4'));
    const classOf = (n: number, k: number) =>
      fullGemv.find((i) => i.label === `gemv int4 ${n}×${k}`)?.family;
    expect(classOf(6144, 4096)).toBe('gemv int4 small-N');
    expect(classOf(4096, 4096)).toBe('gemv int4 small-N');
    expect(classOf(28672, 4096)).toBe('gemv int4 large-N');
    expect(classOf(4096, 14336)).toBe('gemv int4 large-K');
    expect(classOf(128256, 4096)).toBe('gemv int4 head');
    expect(classOf(128256, 8192)).toBe('gemv int4 head');
    // GEMM: batched decode and prefill are tuned apart (M = 16 is the last small one).
    const gemmAt = (m: number) =>
      tuned('full').filter((i) => i.kernel === 'gemm' && i.make('reg4x4').shape.m === m);
    expect(gemmAt(16).every((i) => i.family.endsWith('M≤16'))).toBe(true);
    expect(gemmAt(32).every((i) => i.family.endsWith('M>16'))).toBe(true);
    expect(gemmAt(512).map((i) => i.family)).toContain('gemm int8 M>16');
    const sweep = items
      .filter((i) => i.label.startsWith('gemm int4'))
      .map((i) => i.make('reg4x4').shape.m);
    expect(sweep).toEqual([1, 8, 64]);
    for (const item of items) {
      expect(item.variants.length).toBeGreaterThanOrEqual(2);
      for (const v of item.variants) expect(item.make(v).variant).toBe(v);
    }
  });

  it('full: the Llama-3-8B and -70B matrices, the batch sweep to 256, prefill at 512', () => {
    const items = tuned('full').filter((i) => i.kernel === 'gemv' || i.kernel === 'gemm');
    const shapes = items.map((i) => i.make(i.variants[0] ?? '').shape);
    // Llama-3-8B QKV and the 70B output head, from the model catalogue.
    expect(shapes).toContainEqual({ m: 1, n: 6144, k: 4096 });
    expect(shapes).toContainEqual({ m: 1, n: 128256, k: 8192 });
    expect(shapes).toContainEqual({ m: 256, n: 28672, k: 4096 });
    expect(shapes).toContainEqual({ m: 512, n: 4096, k: 14336 });
    expect(() => items[0]?.make('no-such-variant')).toThrow(/no variant named/);
    expect(() => tuned('full')[0]?.make('no-such-variant')).toThrow(/no variant named/);
  });
});
