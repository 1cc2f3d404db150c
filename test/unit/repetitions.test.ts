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

  it('makes each pass at least minPassMs (100 steps of a quantized timer), the sample too', () => {
    // A 5 µs dispatch on a 2 ms submit budget: 400 a pass unless the timer's step needs more.
    const tight = { samples: 5, sampleTargetMs: 2, submitBudgetMs: 2 };
    expect(planRepetitions(0.005, tight).repsPerSubmit).toBe(400);
    const c = planRepetitions(0.005, tight, 100 * 0.1);
    expect(c.repsPerSubmit * 0.005).toBeGreaterThanOrEqual(10);
    expect(c.repsPerSubmit * c.submitsPerSample * 0.005).toBeGreaterThanOrEqual(10);
    // A step of 0 (a timer that has not read one yet) changes nothing.
    expect(planRepetitions(0.005, tight, 0)).toEqual(planRepetitions(0.005, tight));
  });
});
