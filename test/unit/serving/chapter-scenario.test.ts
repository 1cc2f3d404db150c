import { describe, expect, it } from 'vitest';
import { chapterGapText, chapterTtftText } from '../../../src/cli/words/serving-en';
import {
  chapterA100Serving,
  chapterServingGap,
  chapterServingTtft,
  place,
} from '../../../src/model/serving/chapter-scenario';

// The chapter's A100 table (Llama 3 8B FP16, vLLM-class stack): 16 concurrent → ITL 28–45 ms,
// 600–900 tok/s; 64 concurrent → ITL 40–70 ms, 1,200–1,800 tok/s. These checks hold the
// figures the gap sentence (chapterServingGap, worded by the CLI and the page) quotes, so the sentence cannot go stale silently.
describe('the chapter’s A100 scenario under load', () => {
  const rows = chapterA100Serving();
  const [r16, r64] = rows;
  if (r16 === undefined || r64 === undefined) throw new Error('two rows expected');

  it('reaches the chapter’s throughput with 16 and 64 users (inside its ranges)', () => {
    expect(rows.map((r) => r.users)).toEqual([16, 64]);
    // The native NVIDIA profile, fitted with the A100 / H100 llama.cpp rows (which reach about
    // half of HBM's bandwidth): about 720 and 1,260 tok/s.
    expect(r16.throughput).toBe('within');
    expect(r64.throughput).toBe('within');
    expect(r16.outputTokensPerS).toBeGreaterThan(680);
    expect(r16.outputTokensPerS).toBeLessThan(750);
    expect(r64.outputTokensPerS).toBeGreaterThan(1210);
    expect(r64.outputTokensPerS).toBeLessThan(1300);
    expect(r16.result.scheduler).toBe('continuous');
    expect(r64.result.counts).toEqual({
      arrived: 2000,
      finished: 2000,
      rejected: 0,
      unfinished: 0,
    });
  });

  it('at a mean ITL no longer than the chapter’s, as the gap sentence says', () => {
    expect(r16.itl).toBe('below');
    expect(r64.itl).toBe('within');
    expect(r16.itlMeanMs).toBeGreaterThan(19);
    expect(r16.itlMeanMs).toBeLessThan(22);
    expect(r64.itlMeanMs).toBeGreaterThan(45);
    expect(r64.itlMeanMs).toBeLessThan(50);
    // The plain decode step (the median gap) is the native engine profile's ~12–13 ms.
    expect(r16.result.itlMs.p50).toBeLessThan(14);
    const gap = chapterServingGap(rows);
    expect(gap.decodeMsBatch1).toBeGreaterThan(11.5);
    expect(gap.decodeMsBatch1).toBeLessThan(gap.chapterSingleItlMs.min);
    expect(gap.rows.map((r) => r.throughput)).toEqual(['within', 'within']);
    expect(gap.itlVsChapter).toBe('no-longer');
    const sentence = chapterGapText(gap);
    expect(sentence).toMatch(
      /reaches the chapter’s throughput \(about 740 tok\/s with 16 users and 1,300 with 64\)/,
    );
    expect(sentence).toMatch(
      /a mean ITL no longer than the chapter’s \(about 20 and 46 ms against 28–45 and 40–70\)/,
    );
    expect(sentence).toMatch(/native engine profile’s 12\.\d ms at batch 1 .*single-user 22–30 ms/);
  });

  it('words the mean ITL as the rows place it', () => {
    const gap = chapterServingGap(rows);
    const itl = (places: ('below' | 'within' | 'above')[]) =>
      chapterServingGap(rows.map((r, i) => ({ ...r, itl: places[i] ?? r.itl }))).itlVsChapter;
    expect(itl(['below', 'below'])).toBe('shorter');
    expect(itl(['below', 'within'])).toBe('no-longer');
    expect(itl(['within', 'above'])).toBe('longer');
    expect(chapterGapText({ ...gap, itlVsChapter: 'shorter' })).toMatch(/at a shorter mean ITL/);
    expect(chapterGapText({ ...gap, itlVsChapter: 'longer' })).toMatch(/partly above/);
  });

  it('queues only its first wave with 64 closed-loop users, unlike the chapter’s 1–5 s TTFT', () => {
    const q = r64.result.queueWaitMs;
    expect(q.p95).toBe(0);
    expect(q.max).toBeGreaterThan(1500); // the first wave: 64 prompts, 16 per 8,192-token step
    expect(q.max).toBeLessThan(3500); // three prefill steps of ~1 s (the fitted native profile)
    expect(r64.result.ttftMs.p95).toBeLessThan(1000);
    const ttft = chapterServingTtft(rows);
    expect(ttft).toMatchObject({ users: 64, prefillSteps: 4, prefillTokensPerStep: 8192 });
    expect(ttft.firstWaveMaxWaitMs).toBe(q.max);
    const note = chapterTtftText(ttft);
    expect(note).toMatch(/about 467,000 tokens/);
    expect(note).toMatch(/up to about 3 s behind 4 8,192-token prefill steps/);
    expect(note).toMatch(/the chapter’s 1–5 s at 64 concurrent/);
    expect(r64.result.kvCapacityTokens).toBeGreaterThan(460_000);
    expect(r64.result.kvCapacityTokens).toBeLessThan(475_000);
  });

  it('places a value against a chapter range', () => {
    expect([5, 28, 45, 46].map((v) => place(v, { min: 28, max: 45 }))).toEqual([
      'below',
      'within',
      'within',
      'above',
    ]);
  });
});
