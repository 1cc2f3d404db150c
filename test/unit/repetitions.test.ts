// How the runner splits work between submits (short, watchdog-safe) and samples (long enough).

import { describe, expect, it } from 'vitest';
import { MAX_SUBMITS_PER_SAMPLE, planRepetitions } from '../../src/bench/runner';

const timing = { samples: 5, sampleTargetMs: 20, submitBudgetMs: 40 };

describe('planRepetitions', () => {
  it('packs many fast dispatches into one submit', () => {
    expect(planRepetitions(0.05, timing)).toMatchObject({
      repsPerSubmit: 800,
      submitsPerSample: 1,
    });
  });

  it('splits a slow kernel: one dispatch per submit, several submits per sample', () => {
    const c = planRepetitions(15, timing);
    expect(c.repsPerSubmit).toBe(2);
    expect(c.repsPerSubmit * 15).toBeLessThanOrEqual(timing.submitBudgetMs);
    expect(planRepetitions(30, { ...timing, sampleTargetMs: 100 })).toMatchObject({
      repsPerSubmit: 1,
      submitsPerSample: 4,
    });
  });

  it('never exceeds the submit budget unless one dispatch alone does, and caps submits', () => {
    for (const ms of [0.001, 0.3, 7, 39, 41, 500]) {
      const c = planRepetitions(ms, timing);
      expect(c.repsPerSubmit === 1 || c.repsPerSubmit * ms <= timing.submitBudgetMs).toBe(true);
      expect(c.submitsPerSample).toBeLessThanOrEqual(MAX_SUBMITS_PER_SAMPLE);
      expect(c.repsPerSubmit * c.submitsPerSample * ms).toBeGreaterThanOrEqual(
        Math.min(timing.sampleTargetMs, MAX_SUBMITS_PER_SAMPLE * c.repsPerSubmit * ms),
      );
    }
  });
});
