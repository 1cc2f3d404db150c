// The Full plan's later GEMV shape classes try only the fastest variants of their format's first
// class (narrowedCase), once that class was tuned in the run.

import { describe, expect, it } from 'vitest';
import {
  buildPlan,
  isTuned,
  narrowedCase,
  type TunedCase,
  tuningTrials,
} from '../../../src/bench/plan';

const plan = buildPlan('full', {
  limits: { maxStorageBufferBindingSize: 2 ** 31 - 4, maxBufferSize: 2 ** 32 },
  hasF16: true,
  hasDp4a: true,
});
const gemvs = plan.cases.filter((c): c is TunedCase => isTuned(c) && c.kernel === 'gemv');

describe('narrowing later shape classes', () => {
  it('leaves each format’s first class whole and narrows its others from it', () => {
    const first = gemvs.find((c) => c.family === 'gemv int4 small-N');
    expect(first?.narrowFrom).toBeUndefined();
    const later = gemvs.filter((c) => c.family.startsWith('gemv int4 ') && c !== first);
    expect(later.length).toBeGreaterThan(0);
    for (const c of later.filter((c) => c.family !== first?.family)) {
      expect(c.narrowFrom).toEqual({ family: 'gemv int4 small-N', keep: 4 });
      expect(tuningTrials(c)).toBe(4);
    }
  });

  it('tries the fastest verified variants of the earlier record, in speed order', () => {
    const item = gemvs.find((c) => c.narrowFrom !== undefined) as TunedCase;
    const [a, b, c, d, e] = item.variants as string[];
    const record = {
      family: item.narrowFrom?.family ?? '',
      candidates: [
        { variant: a as string, minMs: 5 },
        { variant: b as string }, // failed: never a candidate
        { variant: c as string, minMs: 1 },
        { variant: d as string, minMs: 3 },
        { variant: e as string, minMs: 2 },
        { variant: 'not-offered-here', minMs: 0.5 },
      ],
    };
    expect(narrowedCase(item, [record]).variants).toEqual([c, e, d, a]);
    // Before that family was tuned (or with none verified), every variant.
    expect(narrowedCase(item, []).variants).toEqual(item.variants);
    expect(narrowedCase(item, [{ ...record, candidates: [] }]).variants).toEqual(item.variants);
  });
});
