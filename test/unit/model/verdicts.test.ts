import { describe, expect, it } from 'vitest';
import {
  CHAPTER_A100_LLAMA3_8B_FP16,
  CHAPTER_SOURCE,
  PERCEPTION,
  SLAS,
} from '../../../src/model/predict/chapter';
import {
  firstTokenFeelsFast,
  itlFeel,
  judge,
  slaVerdicts,
} from '../../../src/model/predict/verdicts';

const r = (low: number, expected: number, high: number) => ({ low, expected, high });

describe('the chapter’s numbers', () => {
  it('are stored as the chapter gives them, with the chapter as the source', () => {
    expect(CHAPTER_SOURCE.url).toBe(
      'https://daiw.org/manual/bit-to-agi/08-inference/latency-vs-throughput',
    );
    expect(
      CHAPTER_A100_LLAMA3_8B_FP16.scenarios.map((s) => [
        s.batch,
        s.ttftMs,
        s.itlMs,
        s.systemTokensPerSecond,
      ]),
    ).toEqual([
      [1, { min: 120, max: 200 }, { min: 22, max: 30 }, { min: 33, max: 45 }],
      [16, { min: 200, max: 800 }, { min: 28, max: 45 }, { min: 600, max: 900 }],
      [64, { min: 1000, max: 5000 }, { min: 40, max: 70 }, { min: 1200, max: 1800 }],
    ]);
    const chat = SLAS.find((s) => s.id === 'chat');
    const code = SLAS.find((s) => s.id === 'code-completion');
    expect([chat?.ttftP95Ms, chat?.itlP95Ms, code?.ttftP95Ms, code?.itlP95Ms]).toEqual([
      500, 50, 200, 30,
    ]);
    expect(PERCEPTION).toEqual({ fastFirstTokenMs: 300, readingSpeedItlMs: 40, stutterItlMs: 100 });
  });
});

describe('verdicts', () => {
  it('judge a range by its ends', () => {
    expect(judge(r(10, 20, 29), 30)).toBe('meets');
    expect(judge(r(10, 20, 40), 30)).toBe('borderline');
    expect(judge(r(30, 40, 50), 30)).toBe('misses');
    expect(judge(r(1e6, 1e6, 1e6), undefined)).toBe('meets');
  });

  it('check TTFT and ITL against each SLA', () => {
    const v = slaVerdicts(r(100, 150, 250), r(20, 25, 35));
    const by = Object.fromEntries(v.map((x) => [x.sla.id, x]));
    expect(by.chat?.overall).toBe('meets');
    expect(by['code-completion']).toMatchObject({
      ttft: 'borderline',
      itl: 'borderline',
      overall: 'borderline',
    });
    expect(by['offline-summary']?.overall).toBe('meets');
  });

  it('describe how streaming feels', () => {
    expect(itlFeel(10)).toBe('faster-than-reading');
    expect(itlFeel(40)).toBe('reading-speed');
    expect(itlFeel(70)).toBe('slower-than-reading');
    expect(itlFeel(120)).toBe('stutters');
    expect(firstTokenFeelsFast(300)).toBe(true);
    expect(firstTokenFeelsFast(301)).toBe(false);
  });
});
