import { describe, expect, it } from 'vitest';
import { capacityText, sweepMethodText } from '../../../src/cli/words/serving-en';
import type { SlaThresholds } from '../../../src/model/predict/chapter';
import { fixedStepTimes } from '../../../src/model/serving/step-times';
import {
  runAtRate,
  type SlaCapacity,
  type SweepConfig,
  saturationRate,
  sweepRates,
} from '../../../src/model/serving/sweep';

// Decode 20 ms + 0.25 ms per sequence, 16 sequences at most; prefill 5 ms + 0.02 ms a token.
const config: SweepConfig = {
  stepTimes: fixedStepTimes({
    decodeMs: 20,
    decodeMsPerSequence: 0.25,
    prefillMsPerToken: 0.02,
    prefillFixedMs: 5,
  }),
  scheduler: { kind: 'chunked', maxBatch: 16, tokenBudget: 512 },
  workload: {
    requests: 600,
    prompt: { kind: 'fixed', tokens: 200 },
    output: { kind: 'exponential', mean: 50 },
    seed: 3,
  },
};

const slas: SlaThresholds[] = [
  { id: 'tight', ttftP95Ms: 150, itlP95Ms: 40 },
  { id: 'loose', ttftP95Ms: 2000, itlP95Ms: 100 },
  { id: 'impossible', ttftP95Ms: 1, itlP95Ms: undefined },
  { id: 'none', ttftP95Ms: undefined, itlP95Ms: undefined },
];

describe('λ sweep', () => {
  const sweep = sweepRates({ ...config, slas }, { refineSteps: 5 });

  it('measures saturation from a full closed loop, near the batch’s rate limit', () => {
    // 16 sequences at ~24 ms a step, ~50 tokens each (plus prefill steps) ≈ 13 requests/s.
    expect(sweep.saturationRatePerS).toBe(saturationRate({ ...config, slas }));
    expect(sweep.saturationRatePerS).toBeGreaterThan(9);
    expect(sweep.saturationRatePerS).toBeLessThan(14);
  });

  it('traces the frontier: throughput follows λ until saturation, latency climbs', () => {
    const pts = sweep.points;
    expect(pts.length).toBe(16 + 5 * 2); // the grid, then 5 bisection steps for 2 of the SLAs
    expect(new Set(pts.map((p) => p.ratePerS)).size).toBe(pts.length); // each rate runs once
    for (let i = 1; i < pts.length; i++) {
      expect(pts[i]?.ratePerS ?? 0).toBeGreaterThanOrEqual(pts[i - 1]?.ratePerS ?? 0);
    }
    const light = pts[0];
    const heavy = pts[pts.length - 1];
    if (light === undefined || heavy === undefined) throw new Error('no points');
    expect(light.requestsPerS / light.ratePerS).toBeGreaterThan(0.85); // keeps up (600 requests: noisy)
    expect(heavy.requestsPerS).toBeLessThan(heavy.ratePerS); // cannot keep up past saturation
    expect(heavy.ttftMs.p95).toBeGreaterThan(10 * light.ttftMs.p95);
    expect(heavy.itlMs.p95).toBeGreaterThanOrEqual(light.itlMs.p95);
    for (const p of pts) expect(p.counts.finished).toBe(600);
  });

  it('brackets the highest λ per SLA: met at the answer, missed just above', () => {
    const byId = (id: string) => sweep.capacity.find((c) => c.sla.id === id);
    for (const id of ['tight', 'loose']) {
      const c = byId(id);
      if (c?.maxRatePerS === undefined || c.missedAtRatePerS === undefined) throw new Error(id);
      expect(
        runAtRate({ ...config, slas }, c.maxRatePerS).sla.find((o) => o.sla.id === id)?.met,
      ).toBe(true);
      expect(
        runAtRate({ ...config, slas }, c.missedAtRatePerS).sla.find((o) => o.sla.id === id)?.met,
      ).toBe(false);
      expect(c.missedAtRatePerS / c.maxRatePerS).toBeLessThan(1.05); // bisection narrowed it
      expect(c.limitedBy).toBeDefined();
    }
    expect(byId('loose')?.maxRatePerS ?? 0).toBeGreaterThan(byId('tight')?.maxRatePerS ?? 0);
    expect(byId('impossible')).toMatchObject({
      maxRatePerS: undefined,
      limitedBy: 'ttft',
      finding: 'missed-at-lightest',
    });
    expect(byId('none')).toMatchObject({
      maxRatePerS: sweep.saturationRatePerS,
      finding: 'no-limit',
    });
    expect(byId('tight')?.finding).toBe('bracketed');
    expect(sweep.method).toEqual({ fractions: 16, saturationUsers: 16, refineSteps: 5 });
    expect(sweepMethodText(sweep)).toMatch(/bisection/);
    expect(capacityText(byId('tight') as SlaCapacity)).toMatch(/^between \S+ and \S+ requests\/s$/);
  });

  it('reports progress per run and rejects a bad grid', () => {
    let calls = 0;
    sweepRates({ ...config, slas: [] }, { fractions: [0.5, 1], onPoint: () => calls++ });
    expect(calls).toBe(2);
    expect(() => sweepRates(config, { fractions: [0] })).toThrow(/fractions must be > 0/);
  });
});
