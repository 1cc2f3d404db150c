// The "Under load" section in a real browser with the real worker: mounted by the page
// controller with no index.html markup; the slider moves the chart's chosen load, and the page's
// own thread keeps ticking while the worker sweeps.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINE_IDS } from '../../src/model/engines/ids';
import { SLAS } from '../../src/model/predict/chapter';
import { loadController, loadSection } from '../../src/ui/load/load-section';
import { PageController } from '../../src/ui/shell/page';
import { createBenchClient } from '../../src/worker/client';

const page = new PageController(createBenchClient);
const $ = <T extends HTMLElement>(sel: string) => document.querySelector(sel) as T;

function controller() {
  if (loadController === undefined) throw new Error('not mounted');
  return loadController;
}

/** The x of the chart's "chosen load" line (its last dataset). */
const chosenX = () => controller().ttft.data.datasets.at(-1)?.data[0]?.x;

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

  it('moving the slider moves the chosen load on the charts and in the URL', () => {
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
  });

  it('sweeps in the worker while the page keeps ticking, then draws P50/P95/P99 and the highest λ per SLA', async () => {
    let last = performance.now();
    let worstGap = 0;
    let ticks = 0;
    const timer = setInterval(() => {
      const now = performance.now();
      worstGap = Math.max(worstGap, now - last);
      last = now;
      ticks++;
    }, 10);
    controller().v.sweep.click();
    await until(() => controller().sweepAnswer !== null && controller().runAnswer !== null);
    clearInterval(timer);
    expect(ticks).toBeGreaterThan(10);
    expect(worstGap).toBeLessThan(250); // the page never froze while the sweep ran
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

  it('a sweep can be cancelled', async () => {
    controller().v.scheduler.value = 'static';
    controller().v.scheduler.dispatchEvent(new Event('change'));
    controller().v.cancel.click();
    expect(controller().v.status.textContent).toBe('Cancelled.');
    expect(controller().v.sweep.disabled).toBe(false);
  });
});
