// The order a tuned family tries its variants in: what ranked best in the run's earlier families
// of the same kernel first, the rest as listed, none dropped (rankedCase); and the Full plan
// tunes every shape class over every variant, GEMM's many-row regime at the prefill prompt.

import { describe, expect, it } from 'vitest';
import {
  buildPlan,
  isTuned,
  QUICK_TUNING_BUDGET_MS,
  rankedCase,
  type TunedCase,
  tuningTrials,
} from '../../../src/bench/plan';

const inputs = {
  limits: { maxStorageBufferBindingSize: 2 ** 31 - 4, maxBufferSize: 2 ** 32 },
  hasF16: true,
  hasDp4a: true,
};
const full = buildPlan('full', inputs);
const tuned = (plan: typeof full) => plan.cases.filter((c): c is TunedCase => isTuned(c));

describe('the order variants are tried in', () => {
  const item = tuned(full).find((c) => c.family === 'gemv int4 head') as TunedCase;
  const [a, b, c, d, e] = item.variants as string[];
  const record = (family: string) => ({
    family,
    candidates: [
      { variant: a as string, minMs: 5 },
      { variant: b as string }, // failed: not ranked
      { variant: c as string, minMs: 1 },
      { variant: d as string, minMs: 3 },
      { variant: 'not-offered-here', minMs: 0.5 },
    ],
  });

  it('the best of earlier families of the same kernel first, then the others as listed', () => {
    const ranked = rankedCase(item, [record('gemv int4 small-N')]).variants;
    expect(ranked.slice(0, 3)).toEqual([c, d, a]);
    expect(new Set(ranked)).toEqual(new Set(item.variants));
    expect(ranked.indexOf(b as string)).toBeLessThan(ranked.indexOf(e as string));
  });

  it('ignores other kernels’ records, and keeps the plan’s order before any', () => {
    expect(rankedCase(item, [record('gemm int4 M≤16')]).variants).toEqual(item.variants);
    expect(rankedCase(item, []).variants).toEqual(item.variants);
  });
});

describe('what the plans tune', () => {
  it('the Full plan tries every variant at every GEMV shape class, with no budget', () => {
    expect(full.tuningBudgetMs).toBeUndefined();
    const gemvs = tuned(full).filter((c) => c.kernel === 'gemv');
    for (const c of gemvs) {
      const format = c.family.split(' ')[1];
      const firstClass = gemvs.find((o) => o.family.split(' ')[1] === format);
      expect(tuningTrials(c), c.family).toBe(firstClass?.variants.length);
    }
  });

  it('the Full plan tunes GEMM for many rows at the 512-token prefill, not its first batch', () => {
    const many = tuned(full).filter((c) => c.family === 'gemm int4 M>16');
    expect(many[0]?.label).toMatch(/M=32 /);
    expect(many[0]?.tuneOn?.(many[0].variants[0] as string).shape.m).toBe(512);
    const few = tuned(full).find((c) => c.family === 'gemm int4 M≤16');
    expect(few?.tuneOn).toBeUndefined();
  });

  it('the Quick plan has a tuning budget; a CPU adapter tries rows4 first, a GPU the tile', () => {
    const onCpu = buildPlan('quick', { ...inputs, software: true });
    expect(onCpu.tuningBudgetMs).toBe(QUICK_TUNING_BUDGET_MS);
    expect(tuned(onCpu).find((c) => c.kernel === 'gemv')?.variants[0]).toBe('rows4-wg64');
    const onGpu = buildPlan('quick', { ...inputs, software: false });
    expect(tuned(onGpu).find((c) => c.kernel === 'gemv')?.variants[0]).toBe('tile-r8-wg256');
  });
});
