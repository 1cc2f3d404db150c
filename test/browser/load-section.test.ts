// The "Under load" section in a real browser with the real worker: mounted by the page
// controller with no index.html markup; the slider moves the chart's chosen load, and the page's
// own thread keeps ticking while the worker sweeps.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINE_IDS } from '../../src/model/engines/ids';
import { SLAS } from '../../src/model/predict/chapter';
import type { LoadAnswer } from '../../src/model/serving/load-request';
import { loadController, loadSection } from '../../src/ui/load/load-section';
import { PageController } from '../../src/ui/shell/page';
import { type BenchClient, createBenchClient } from '../../src/worker/client';

/** One simulation the section asked the worker for: the progress it reported, and its answer. */
interface SentLoad {
  done: number[];
  total: number;
  answer: Promise<LoadAnswer | null>;
}
const sent: SentLoad[] = [];

/** The real worker client, recording each simulation request the section sends through it. */
function recordingClient(): BenchClient {
  const client = createBenchClient();
  return {
    ...client,
    simulateLoad(req, onProgress) {
      const load: SentLoad = { done: [], total: 0, answer: Promise.resolve(null) };
      load.answer = client.simulateLoad(req, (done, total) => {
        load.done.push(done);
        load.total = total;
        onProgress(done, total);
      });
      sent.push(load);
      return load.answer;
    },
  };
}

const page = new PageController(recordingClient);
const $ = <T extends HTMLElement>(sel: string) => document.querySelector(sel) as T;

function controller() {
  if (loadController === undefined) throw new Error('not mounted');
  return loadController;
}

/** The x of the chart's "chosen load" line (its last dataset). */
const chosenX = () => controller().ttft.data.datasets.at(-1)?.data[0]?.x;

/**
 * Watches the page's thread with 10 ms ticks until stopped: the time watched, the longest gap
 * between ticks, and the time the thread was blocked (the part of each gap past 50 ms).
 */
function tickWatch() {
  const start = performance.now();
  let last = start;
  let worstGap = 0;
  let blocked = 0;
  let ticks = 0;
  const tick = () => {
    const now = performance.now();
    worstGap = Math.max(worstGap, now - last);
    blocked += Math.max(0, now - last - 50);
    last = now;
    ticks++;
  };
  const timer = setInterval(tick, 10);
  return {
    stop() {
      clearInterval(timer);
      tick();
      return { elapsed: performance.now() - start, worstGap, blocked, ticks };
    },
  };
}

async function until(check: () => boolean, ms = 60_000): Promise<void> {
  const start = performance.now();
  while (!check()) {
    if (performance.now() - start > ms) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

beforeAll(() => {
  history.replaceState(
    null,
    '',
    `${location.pathname}${location.search}#load=${encodeURIComponent('rate:4|sch:chunked|eng:vllm')}`,
  );
  document.body.replaceChildren(document.createElement('main'));
  page.mount([loadSection]);
});

afterAll(() => page.client.terminate());

describe('the Under load section', () => {
  it('builds its own markup, reads its settings from the URL, and shows the chapter’s A100 with the gap', () => {
    expect($('#load h2').textContent).toBe('Under load');
    // Its heading names its landmark (the shared section-heading helper).
    expect($('#load').getAttribute('aria-labelledby')).toBe($('#load h2').id);
    expect($<HTMLSelectElement>('#load select').options.length).toBeGreaterThan(5);
    expect(controller().settings).toMatchObject({
      ratePerS: 4,
      scheduler: 'chunked',
      engine: 'vllm',
    });
    // The engine picker lists the engines the predictions section offers, with the URL's chosen.
    const engine = controller().v.engine;
    expect([...engine.options].map((o) => o.value)).toEqual([...ENGINE_IDS]);
    expect(engine.value).toBe('vllm');
    expect(document.querySelectorAll('#load-chapter tbody tr').length).toBe(2);
    expect(controller().v.chapterGap.textContent).toMatch(
      /reaches the chapter’s throughput \([\d,]+ and [\d,]+ tok\/s\) at a mean ITL no longer than the chapter’s/,
    );
    expect(controller().v.status.textContent).toMatch(/Sweep λ/);
  });

  it('sweeps the settings it opened with the first time it is in view, with no button pressed', async () => {
    await until(() => controller().sweepAnswer !== null && controller().runAnswer !== null);
    expect(sent.length).toBeGreaterThanOrEqual(2); // the sweep, then the chosen load
    expect(controller().ttft.data.datasets[1]?.data.length).toBeGreaterThanOrEqual(16);
    expect(document.querySelectorAll('#load-capacity tbody tr').length).toBe(SLAS.length);
  });

  it('moving the slider moves the chosen load on the charts and in the URL', async () => {
    const run = controller().runAnswer;
    const slider = $<HTMLInputElement>('#load-slider');
    slider.value = '100';
    slider.dispatchEvent(new Event('input'));
    const before = chosenX();
    slider.value = '600';
    slider.dispatchEvent(new Event('input'));
    const after = chosenX();
    expect(before).toBeDefined();
    expect(after).toBeGreaterThan(before ?? Number.POSITIVE_INFINITY);
    expect(decodeURIComponent(location.hash)).toMatch(new RegExp(`rate:${after}`));
    // A sweep is shown (the one made on opening), so the chosen load is run again.
    await until(() => controller().runAnswer !== run);
  });

  it('sweeps in the worker while the page keeps ticking, then draws P50/P95/P99 and the highest λ per SLA', async () => {
    // The page's own stalls with nothing running (a busy CI machine has some).
    const control = tickWatch();
    await new Promise((r) => setTimeout(r, 500));
    const idle = control.stop();
    const shown = controller().sweepAnswer; // the sweep made when the section came into view
    const requests = sent.length;
    const ticking = tickWatch();
    controller().v.sweep.click();
    expect(sent).toHaveLength(requests + 1);
    await until(
      () => controller().sweepAnswer !== shown && controller().v.sweep.disabled === false,
    );
    const { elapsed, worstGap, blocked, ticks } = ticking.stop();
    // The page never froze while the sweep ran. A sweep on the page's own thread shows as one gap
    // nearly as long as the sweep, or, had it yielded between steps, as a thread blocked most of
    // the time; a loaded machine (CI runs two test files at once) adds only shorter stalls.
    expect(ticks).toBeGreaterThan(10);
    expect(worstGap).toBeLessThan(Math.max(250 + idle.worstGap, 0.6 * elapsed));
    expect(blocked / elapsed).toBeLessThan(0.5);
    const labels = controller().ttft.data.datasets.map((d) => d.label);
    expect(labels.slice(0, 3)).toEqual(['P50', 'P95', 'P99']);
    expect(controller().ttft.data.datasets[1]?.data.length).toBeGreaterThanOrEqual(16);
    expect(labels.some((l) => /interactive chat \(500 ms\)/.test(l ?? ''))).toBe(true);
    expect(document.querySelectorAll('#load-capacity tbody tr').length).toBe(SLAS.length);
    expect(document.querySelectorAll('#load-goodput tbody tr').length).toBe(SLAS.length);
    expect(controller().queue.data.datasets[0]?.data.length).toBeGreaterThan(0);
    // Nothing is being compared: the run A / run B table and its heading stay out of sight.
    expect(controller().v.compareBox.hidden).toBe(true);
  });

  it('moving the slider after a sweep reruns the chosen load', async () => {
    const before = controller().runAnswer;
    const slider = $<HTMLInputElement>('#load-slider');
    slider.value = '900';
    slider.dispatchEvent(new Event('input'));
    await until(() => controller().runAnswer !== before);
    expect(controller().v.at.textContent).toMatch(/^At λ = /);
  });

  it('a sweep can be cancelled: the worker stops part-way, and the next sweep runs to its end', async () => {
    const before = sent.length;
    controller().v.scheduler.value = 'static';
    controller().v.scheduler.dispatchEvent(new Event('change'));
    // The new settings redo the sweep already shown: one request to the worker…
    expect(sent).toHaveLength(before + 1);
    const cancelled = sent[before] as SentLoad;
    controller().v.cancel.click();
    expect(controller().v.status.textContent).toBe('Cancelled.');
    expect(controller().v.sweep.disabled).toBe(false);
    // …which the worker abandons: it answers null (a sweep it ignored the cancel for would answer
    // with its points), having reported fewer runs than the sweep has.
    expect(await cancelled.answer).toBeNull();
    expect(cancelled.done.every((d) => d < cancelled.total)).toBe(true);
    expect(controller().v.status.textContent).toBe('Cancelled.');
    // The worker is free again: a new sweep (and its chosen-load run) completes, with progress.
    controller().v.sweep.click();
    expect(sent).toHaveLength(before + 2);
    const next = sent[before + 1] as SentLoad;
    const answer = await next.answer;
    expect(answer?.sweep?.points.length).toBeGreaterThanOrEqual(16);
    expect(next.done.length).toBeGreaterThan(0);
    await until(() => controller().v.sweep.disabled === false);
    expect(controller().v.status.textContent).not.toBe('Cancelled.');
  });
});
