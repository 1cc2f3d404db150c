// "Under load": the serving simulator on the page. A λ sweep (in the worker, with progress and a
// cancel button) draws P50/P95/P99 of TTFT and ITL against λ with the SLA lines and finds the
// highest λ per SLA; the slider picks one load, whose run (also in the worker) gives the queue
// strip and goodput per SLA. Settings travel in the URL fragment (`load=…`, so permalinks carry
// them); a second run being compared gets its own highest λ per SLA beside the first.

import { errorMessage } from '../../core/error-message';
import type { ResultsDocument } from '../../core/results';
import { SLAS } from '../../model/predict/chapter';
import type { SchedulerKind } from '../../model/serving/batching/schedulers';
import type { LoadAnswer, LoadSource } from '../../model/serving/load-request';
import type { LengthDist } from '../../model/serving/requests/lengths';
import { t } from '../i18n';
import { fmt, fmtInt } from '../i18n/numbers';
import { chosenEngine } from '../predictions/engine-controls';
import type { Page, Section } from '../shell/section';
import { fragmentParam, setFragmentParam } from '../shell/url-state';
import { drawLatency, drawQueue, latencyChart, queueChart } from './load-charts';
import {
  DEFAULT_LOAD,
  decodeLoad,
  encodeLoad,
  type LoadSettings,
  loadRequest,
} from './load-settings';
import {
  renderCapacity,
  renderChapter,
  renderCompareTable,
  renderGoodput,
  sweepCsv,
} from './load-tables';
import { buildLoadView, type LoadView, relabel } from './load-view';

const FRAGMENT = 'load';
const DEFAULT_MAX_RATE = 20;
const MAX_USERS = 256;

function distFrom(kind: string, mean: number, p99: number, fallback: LengthDist): LengthDist {
  if (!(mean >= 1)) return fallback;
  if (kind === 'fixed') return { kind: 'fixed', tokens: Math.round(mean) };
  if (kind === 'exponential') return { kind: 'exponential', mean };
  return p99 > mean ? { kind: 'lognormal', mean, p99 } : fallback;
}

function showDist(
  kind: HTMLSelectElement,
  mean: HTMLInputElement,
  p99: HTMLInputElement,
  d: LengthDist,
): void {
  kind.value = d.kind;
  mean.value = String(d.kind === 'fixed' ? d.tokens : d.mean);
  p99.value = d.kind === 'lognormal' ? String(d.p99) : '';
  p99.hidden = d.kind !== 'lognormal';
}

/** The controls as settings; the slider is read by the slider's own handler. */
function readControls(v: LoadView, s: LoadSettings): LoadSettings {
  return {
    ...s,
    source: v.source.value,
    engine: chosenEngine(v.engine),
    scheduler: v.scheduler.value as SchedulerKind,
    mode: v.mode.value === 'users' ? 'users' : 'rate',
    prompt: distFrom(
      v.promptKind.value,
      Number(v.promptMean.value),
      Number(v.promptP99.value),
      s.prompt,
    ),
    output: distFrom(
      v.outputKind.value,
      Number(v.outputMean.value),
      Number(v.outputP99.value),
      s.output,
    ),
    memoryGB: Number(v.memory.value) > 0 ? Number(v.memory.value) : s.memoryGB,
  };
}

function showControls(v: LoadView, s: LoadSettings, maxRate: number): void {
  v.source.value = s.source;
  v.engine.value = s.engine;
  v.scheduler.value = s.scheduler;
  v.mode.value = s.mode;
  showDist(v.promptKind, v.promptMean, v.promptP99, s.prompt);
  showDist(v.outputKind, v.outputMean, v.outputP99, s.output);
  v.memory.value = String(s.memoryGB);
  v.memory.parentElement?.toggleAttribute('hidden', s.source !== 'measured');
  v.engine.disabled = s.source === 'measured';
  const share = s.mode === 'rate' ? s.ratePerS / maxRate : s.users / MAX_USERS;
  v.slider.value = String(Math.round(Math.min(1, Math.max(0, share)) * 1000));
  sliderText(v, s);
}

function sliderText(v: LoadView, s: LoadSettings): void {
  const m = t().load;
  const text =
    s.mode === 'rate'
      ? m.rateSlider({ rate: fmt(s.ratePerS) })
      : m.usersSlider({ users: fmtInt(s.users) });
  v.sliderText.textContent = text;
  v.slider.setAttribute('aria-label', m.modes[s.mode]);
  v.slider.setAttribute('aria-valuetext', text);
}

/** Where step times come from: a reference GPU, or the measured document with a memory size. */
function loadSource(s: LoadSettings, doc: ResultsDocument | null): LoadSource | null {
  if (s.source !== 'measured') return { kind: 'spec', gpu: s.source, engine: s.engine };
  return doc === null ? null : { kind: 'measured', results: doc, memoryBytes: s.memoryGB * 1e9 };
}

function kvText(a: LoadAnswer): string {
  const m = t().load;
  const n = a.kvNote;
  if (n.id === 'kv-set') return m.kvSet({ tokens: fmtInt(n.tokens) });
  return m.kvMemory({
    tokens: fmtInt(n.tokens),
    gb: `${fmt(n.capacityBytes / 1e9)} GB`,
    share: fmt(n.share),
    weights: `${fmt(n.weightBytes / 1e9)} GB`,
  });
}

/** The section's state and what it draws. */
class LoadController {
  settings: LoadSettings = decodeLoad(fragmentParam(FRAGMENT));
  sweepAnswer: LoadAnswer | null = null;
  runAnswer: LoadAnswer | null = null;
  comparison: ResultsDocument | null = null;
  private generation = 0;
  private runTimer: ReturnType<typeof setTimeout> | undefined;
  readonly ttft;
  readonly itl;
  readonly queue;

  constructor(
    readonly v: LoadView,
    readonly page: Page,
  ) {
    this.ttft = latencyChart(v.ttft.canvas);
    this.itl = latencyChart(v.itl.canvas);
    this.queue = queueChart(v.queue.canvas);
  }

  generationNow(): number {
    return this.generation;
  }

  maxRate(): number {
    const pts = this.sweepAnswer?.sweep?.points ?? [];
    return pts[pts.length - 1]?.ratePerS ?? DEFAULT_MAX_RATE;
  }

  modelAndFormat(): [string, string] {
    const ctx = this.page.context();
    return [ctx?.focusModel.id ?? 'llama-3-8b', ctx?.focusFormat.id ?? 'fp16'];
  }

  /** The chosen load's rate on the λ axis: the slider's λ, or what the closed loop achieved. */
  chosenRate(): number | undefined {
    return this.settings.mode === 'rate'
      ? this.settings.ratePerS
      : this.runAnswer?.run?.requestsPerS;
  }

  drawCharts(): void {
    const pts = this.sweepAnswer?.sweep?.points ?? [];
    drawLatency(this.ttft, 'ttftMs', pts, SLAS, this.chosenRate());
    drawLatency(this.itl, 'itlMs', pts, SLAS, this.chosenRate());
  }

  saveSettings(): void {
    setFragmentParam(FRAGMENT, encodeLoad(this.settings));
  }

  status(text: string): void {
    this.v.status.textContent = text;
  }

  async request(single: boolean, source: LoadSource): Promise<LoadAnswer | null> {
    const [model, format] = this.modelAndFormat();
    const req = loadRequest(this.settings, model, format, source, single);
    return this.page.client.simulateLoad(req, (done, total) =>
      this.status(t().load.progress({ done: fmtInt(done), total: fmtInt(total) })),
    );
  }

  /** Sweeps λ for the current settings, then runs the chosen load; a newer call supersedes it. */
  async sweep(): Promise<void> {
    const gen = ++this.generation;
    const source = loadSource(this.settings, this.page.document());
    if (source === null) return this.status(t().load.noMeasured);
    this.v.cancel.hidden = false;
    this.v.sweep.disabled = true;
    try {
      const answer = await this.request(false, source);
      if (gen !== this.generation) return;
      if (answer === null) return this.status(t().load.cancelled);
      this.sweepAnswer = answer;
      this.v.download.disabled = false;
      this.renderSweep();
      showControls(this.v, this.settings, this.maxRate());
      await this.runChosen(gen);
      if (this.comparison !== null) await this.compare(gen);
    } catch (e) {
      if (gen === this.generation) this.status(t().load.failed({ error: errorMessage(e) }));
    } finally {
      if (gen === this.generation) {
        this.v.cancel.hidden = true;
        this.v.sweep.disabled = false;
      }
    }
  }

  renderSweep(): void {
    const a = this.sweepAnswer;
    const sw = a?.sweep;
    if (a === null || a === undefined || sw === undefined) return;
    this.status(
      t().load.swept({
        runs: fmtInt(sw.points.length + 1),
        requests: fmtInt(1000),
        saturation: fmt(sw.saturationRatePerS),
      }),
    );
    this.v.kv.textContent = kvText(a);
    renderCapacity(this.v.capacity, sw);
    this.drawCharts();
  }

  /** One run at the chosen load: the queue strip and goodput. */
  async runChosen(gen = this.generation): Promise<void> {
    const source = loadSource(this.settings, this.page.document());
    if (source === null) return;
    const answer = await this.request(true, source);
    if (gen !== this.generation || answer === null) return;
    this.runAnswer = answer;
    this.renderRun();
  }

  renderRun(): void {
    const r = this.runAnswer?.run;
    drawQueue(this.queue, r?.queue ?? null);
    this.drawCharts();
    if (r === undefined) return;
    const m = t().load;
    const load =
      this.settings.mode === 'rate'
        ? m.rateSlider({ rate: fmt(this.settings.ratePerS) })
        : m.usersSlider({ users: fmtInt(this.settings.users) });
    this.v.at.textContent = m.at({
      load,
      tokps: fmt(r.outputTokensPerS),
      ttft: fmt(r.ttftMs.p95),
      ttftMean: fmt(r.ttftMs.mean),
      itl: fmt(r.itlMs.p95),
      itlMean: fmt(r.itlMs.mean),
    });
    renderGoodput(this.v.goodput, r);
  }

  /** The highest λ per SLA of run A and run B, both measured, with the current settings. */
  async compare(gen: number): Promise<void> {
    const a = this.page.document();
    const b = this.comparison;
    this.v.compare.hidden = true;
    this.v.compareBox.hidden = b === null;
    if (a === null || b === null) return;
    const sweeps = [];
    for (const doc of [a, b]) {
      const answer = await this.request(false, {
        kind: 'measured',
        results: doc,
        memoryBytes: this.settings.memoryGB * 1e9,
      }).catch(() => null);
      if (gen !== this.generation) return;
      sweeps.push(answer?.sweep);
    }
    const [sa, sb] = sweeps;
    this.v.compareNote.textContent = sa && sb ? '' : t().load.compareNeedsGpu;
    if (sa && sb) {
      renderCompareTable(this.v.compare, sa, sb);
      this.v.compare.hidden = false;
    }
  }

  /** The slider moved: redraw the marker now, run the chosen load shortly after. */
  onSlider(): void {
    const share = Number(this.v.slider.value) / 1000;
    if (this.settings.mode === 'rate') {
      this.settings.ratePerS = Number(Math.max(0.01, share * this.maxRate()).toPrecision(3));
    } else this.settings.users = Math.max(1, Math.round(share * MAX_USERS));
    sliderText(this.v, this.settings);
    this.drawCharts();
    this.saveSettings();
    clearTimeout(this.runTimer);
    if (this.sweepAnswer === null) return;
    this.runTimer = setTimeout(() => void this.runChosen(), 150);
  }

  /** A control changed: new settings; a sweep already shown is redone for them. */
  onChange(): void {
    this.settings = readControls(this.v, this.settings);
    showControls(this.v, this.settings, this.maxRate());
    this.saveSettings();
    if (this.sweepAnswer !== null) void this.sweep();
  }

  cancel(): void {
    this.generation++;
    void this.page.client.cancelLoad();
    this.v.cancel.hidden = true;
    this.v.sweep.disabled = false;
    this.status(t().load.cancelled);
  }

  relocalise(): void {
    relabel(this.v);
    showControls(this.v, this.settings, this.maxRate());
    renderChapter(this.v);
    if (this.sweepAnswer === null) this.status(t().load.notSwept);
    else this.renderSweep();
    this.renderRun();
  }
}

function download(c: LoadController): void {
  const sweep = c.sweepAnswer?.sweep;
  if (sweep === undefined) return;
  const url = URL.createObjectURL(new Blob([sweepCsv(sweep)], { type: 'text/csv' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = 'under-load-sweep.csv';
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

function wire(c: LoadController): void {
  const v = c.v;
  for (const el of [v.source, v.engine, v.scheduler, v.mode, v.promptKind, v.outputKind]) {
    el.addEventListener('change', () => c.onChange());
  }
  for (const el of [v.promptMean, v.promptP99, v.outputMean, v.outputP99, v.memory]) {
    el.addEventListener('change', () => c.onChange());
  }
  v.slider.addEventListener('input', () => c.onSlider());
  v.preset.addEventListener('click', () => {
    c.settings = { ...c.settings, prompt: DEFAULT_LOAD.prompt, output: DEFAULT_LOAD.output };
    showControls(v, c.settings, c.maxRate());
    c.onChange();
  });
  v.sweep.addEventListener('click', () => void c.sweep());
  v.cancel.addEventListener('click', () => c.cancel());
  v.download.addEventListener('click', () => download(c));
}

/** The section's controller, for tests. */
export let loadController: LoadController | undefined;

export const loadSection: Section = {
  id: 'load',
  mount(host, page) {
    const c = new LoadController(buildLoadView(host), page);
    loadController = c;
    wire(c);
    c.relocalise();
    return {
      onLocale: () => c.relocalise(),
      onComparison(doc) {
        c.comparison = doc;
        if (doc === null) c.v.compareBox.hidden = true;
        else if (c.sweepAnswer !== null) void c.compare(c.generationNow());
      },
    };
  },
};
