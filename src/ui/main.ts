// The page: adapter panel, run controls, progress, results table, the roofline, predictions,
// latency vs throughput, memory, sharing and comparing, presenter mode. It never touches the
// GPU: everything goes through the benchmark worker. Predictions and the reference rooflines
// work with no WebGPU at all. Every word comes from ./i18n, in the chosen language.

import { version } from '../../package.json';
import { errorMessage } from '../core/error-message';
import {
  type PlanName,
  type ResultRow,
  type ResultsDocument,
  SCHEMA_VERSION,
  TOOL_NAME,
} from '../core/results';
import {
  isDefaultSettings,
  parseRunSettings,
  type RunSettings,
  settingsQuery,
} from '../core/settings';
import { adapterName, predictReport } from '../model/report';
import { fitRoofline } from '../model/roofline';
import { summarizeRun } from '../model/run-summary';
import { createBenchClient } from '../worker/client';
import type { AdapterReport } from '../worker/protocol';
import { BandwidthChart, ComputeChart } from './charts';
import { setupCompare } from './compare-panel';
import { element, make } from './dom';
import { shapeText } from './format';
import { t } from './i18n';
import { onLocaleChange } from './i18n/locale';
import { fmt, fmtBytes, fmtFixed, fmtInt, fmtPercent } from './i18n/numbers';
import { setupLanguage } from './language';
import { setupLatency } from './latency';
import { setupMemory } from './memory';
import { setupPredictions } from './predictions';
import { type SlideId, setupPresenter } from './presenter';
import { setupRoofline } from './roofline-chart';
import { type DocumentOrigin, setupSharePanel } from './share-panel';

setupLanguage();

const ui = {
  warning: element<HTMLDivElement>('adapter-warning'),
  details: element<HTMLDListElement>('adapter-details'),
  quick: element<HTMLButtonElement>('run-quick'),
  full: element<HTMLButtonElement>('run-full'),
  cancel: element<HTMLButtonElement>('cancel'),
  resume: element<HTMLButtonElement>('resume'),
  progress: element<HTMLProgressElement>('progress'),
  progressLabel: element<HTMLParagraphElement>('progress-label'),
  settings: element<HTMLParagraphElement>('run-settings'),
  estimate: element<HTMLParagraphElement>('run-estimate'),
  error: element<HTMLParagraphElement>('run-error'),
  tbody: element<HTMLTableElement>('results-table').tBodies[0] as HTMLTableSectionElement,
  dram: element<HTMLElement>('dram-gbps'),
  compute: element<HTMLElement>('compute-peak'),
  origin: element<HTMLParagraphElement>('doc-origin'),
};

const sweeps = [
  new BandwidthChart(element<HTMLCanvasElement>('bandwidth-chart')),
  new ComputeChart(element<HTMLCanvasElement>('compute-chart')),
];
const drawSweeps = (list: readonly ResultRow[]) => {
  for (const sweep of sweeps) sweep.update(list);
};
const roofline = setupRoofline();
const latency = setupLatency();
const memory = setupMemory();
const predictions = setupPredictions((ctx) => {
  latency.render(ctx);
  memory.render(ctx);
});
const client = createBenchClient();
let rows: ResultRow[] = [];
let lastDocument: ResultsDocument | null = null;
/** What the sections show: the last document, or the run so far while one is running. */
let onScreen: ResultsDocument | null = null;
let lastOrigin: DocumentOrigin = 'live';
let lastAdapter: AdapterReport | null = null;
/** The progress line, kept as a function so a language switch can redraw it. */
let progressText: () => string = () => t().page['run.notStarted'];
/** The last live run, when it stopped before the end. */
let resumable: ResultsDocument | null = null;

/** Run settings from the address: anything non-default makes a run "not comparable". */
const { settings: runSettings, problems: settingProblems } = parseRunSettings(
  new URLSearchParams(location.search),
);

function showSettings(): void {
  const m = t().app.settings;
  const lines: string[] = [];
  const query = settingsQuery(runSettings);
  if (query !== '') lines.push(m.banner({ settings: query }));
  if (settingProblems.length > 0) lines.push(m.problems({ problems: settingProblems.join('; ') }));
  ui.settings.hidden = lines.length === 0;
  ui.settings.textContent = lines.join(' ');
}

/** WebGPU's default limits, for the ones that matter here (from the WebGPU spec's limits table). */
const DEFAULT_LIMITS: Record<string, number> = {
  maxStorageBufferBindingSize: 134_217_728,
  maxBufferSize: 268_435_456,
  maxComputeWorkgroupStorageSize: 16_384,
  maxComputeInvocationsPerWorkgroup: 256,
};

/** Adds a term/definition pair, as text (adapter strings are untrusted). */
function addDetail(term: string, value: string, note?: string): void {
  const dd = make('dd', value);
  if (note !== undefined) dd.append(' ', make('span', note, 'caption'));
  ui.details.append(make('dt', term), dd);
}

function showAdapter(report: AdapterReport): void {
  lastAdapter = report;
  const m = t().app.adapter;
  const c = t().common;
  ui.details.replaceChildren();
  if (!report.ok) {
    ui.warning.hidden = false;
    const reason =
      report.code === 'no-webgpu'
        ? m.noWebgpu
        : m.failed({ code: report.code, detail: report.message });
    // Neither reason shown mentions the datasheet predictions (for 'no-webgpu' the page's own
    // words replace the worker's advice), so the warning always adds that they still work.
    ui.warning.textContent = `${reason} ${m.stillPredicts}`;
    document.body.dataset.webgpu = 'missing';
    addDetail(m.adapter, c.none);
    return;
  }
  document.body.dataset.webgpu = 'ok';
  const a = report.adapter;
  addDetail(m.vendor, a.vendor || c.notGiven);
  addDetail(m.architecture, a.architecture || c.notGiven);
  addDetail(m.device, a.device || c.notGiven);
  addDetail(m.description, a.description || c.notGiven);
  addDetail(m.fallback, a.isFallbackAdapter ? c.yes : c.no);
  addDetail(m.timer, report.timing === 'timestamp-query' ? m.timestamp : m.wallClock);
  const limit = (name: string, label: string, bytes: boolean) => {
    const show = (v: number) => (bytes ? fmtBytes(v) : fmtInt(v));
    const def = DEFAULT_LIMITS[name];
    addDetail(
      label,
      show(report.grantedLimits[name] ?? 0),
      def === undefined ? undefined : m.defaultLimit({ value: show(def) }),
    );
  };
  limit('maxStorageBufferBindingSize', m.maxBinding, true);
  limit('maxBufferSize', m.maxBuffer, true);
  limit('maxComputeWorkgroupStorageSize', 'maxComputeWorkgroupStorageSize', true);
  limit('maxComputeInvocationsPerWorkgroup', 'maxComputeInvocationsPerWorkgroup', false);
  addDetail(m.features, a.features.join(', ') || c.none);
  addDetail(m.wgslFeatures, a.wgslLanguageFeatures.join(', ') || c.none);
  ui.warning.hidden = !a.isSoftware;
  if (a.isSoftware) {
    ui.warning.textContent = m.software({
      name: a.description || a.architecture || a.vendor,
    });
  }
  ui.quick.disabled = document.body.dataset.state === 'running';
  ui.full.disabled = ui.quick.disabled;
}

function statusText(row: ResultRow): string {
  const m = t().app.results;
  if (!row.verified) return m.failed({ why: row.error ?? '' });
  return row.noisy ? m.noisy({ spread: fmtPercent(row.spread) }) : m.verified;
}

function appendRow(row: ResultRow): void {
  const tr = document.createElement('tr');
  tr.dataset.kernel = row.kernel;
  tr.dataset.verified = String(row.verified);
  const ok = row.verified;
  const cell = (text: string, className?: string) => {
    const td = make('td', text, className);
    tr.append(td);
  };
  cell(`${row.kernel} ${row.format}`);
  cell(shapeText(row));
  cell(row.variant);
  cell(ok ? fmtFixed(row.medianMs, 3) : '—', 'num');
  cell(ok ? fmtFixed(row.p95Ms, 3) : '—', 'num');
  cell(ok ? fmtFixed(row.gbps, 2) : '—', 'num');
  cell(ok && row.flops > 0 ? fmtFixed(row.gflops, 1) : '—', 'num');
  cell(row.rooflineEfficiency === undefined ? '—' : fmtPercent(row.rooflineEfficiency), 'num');
  cell(statusText(row), ok ? undefined : 'failed');
  ui.tbody.append(tr);
}

function showRows(): void {
  ui.tbody.replaceChildren();
  for (const row of rows) appendRow(row);
}

function showSummary(doc: ResultsDocument | null): void {
  const m = t().app.summary;
  if (doc === null) {
    ui.dram.textContent = '—';
    ui.compute.textContent = '—';
    return;
  }
  const s = summarizeRun(doc);
  ui.dram.textContent =
    s.dramReadGbps === null
      ? m.notMeasured
      : m.read({
          gbps: fmtFixed(s.dramReadGbps, 2),
          workingSet: fmtBytes(s.dramWorkingSetBytes ?? 0),
        });
  const peaks = Object.entries(s.computePeakGflops).map(([format, g]) =>
    m.compute({ gflops: fmtFixed(g, 1), format }),
  );
  ui.compute.textContent = peaks.length > 0 ? peaks.join(', ') : m.notMeasured;
}

/** Where the document on screen came from, and whether its settings make it not comparable. */
function showOrigin(): void {
  const doc = lastDocument;
  const m = t().app;
  const parts: string[] = [];
  if (doc !== null && lastOrigin !== 'live') {
    parts.push(
      m.origin[lastOrigin],
      m.origin.measured({
        date: doc.createdAt.slice(0, 10),
        adapter: adapterName(doc, m.origin.unnamed),
      }),
    );
  }
  if (doc?.settings !== undefined) {
    parts.push(m.settings.recorded({ settings: settingsQuery(doc.settings) }));
  }
  ui.origin.hidden = parts.length === 0;
  ui.origin.textContent = parts.join(' ');
  document.body.dataset.comparable = String(doc?.settings === undefined);
}

/** Shows a whole document: a finished run, a shared link or an imported file. */
function showDocument(doc: ResultsDocument, origin: DocumentOrigin): void {
  lastDocument = doc;
  onScreen = doc;
  lastOrigin = origin;
  rows = [...doc.results];
  showRows();
  drawSweeps(rows);
  showSummary(doc);
  roofline.setDocument(doc);
  predictions.setDocument(doc);
  share.setDocument(doc);
  compare.setDocument(doc);
  showOrigin();
  presenter.refresh();
  document.body.dataset.origin = origin;
}

const share = setupSharePanel(showDocument, (doc) => compare.setComparison(doc));
const compare = setupCompare({ roofline, sweeps });

/** The headline figure of each presenter screen, from the results on screen (or the datasheet). */
function presenterFigure(slide: SlideId): string {
  const m = t().presenter.figure;
  const ctx = predictions.context();
  if (slide === 'decode' || slide === 'predictions') {
    try {
      const { report: r } = predictReport(ctx.source, ctx.focusModel, ctx.focusFormat, ctx.options);
      const names = { model: ctx.focusModel.name, format: ctx.focusFormat.id };
      return slide === 'decode'
        ? m.decode({
            ...names,
            ms: fmt(r.decode.msPerToken.expected),
            floor: fmt(r.decode.floorMsPerToken),
          })
        : m.predictions({
            ...names,
            here: fmt(r.decode.msPerToken.expected),
            a100: fmt(r.a100.msPerToken.expected),
          });
    } catch (e) {
      return errorMessage(e);
    }
  }
  const roof = onScreen === null ? null : fitRoofline(onScreen);
  const beta = roof?.bandwidthGBps;
  if (roof === null || beta === undefined) return m.noRun;
  if (slide === 'compute') {
    const [format, pi] = Object.entries(roof.computeGflops)[0] ?? [];
    if (pi === undefined || format === undefined) return m.noRun;
    return m.compute({ gflops: fmt(pi), ridge: fmt(pi / beta) });
  }
  return m.bandwidth({ gbps: fmt(beta) });
}
const presenter = setupPresenter(presenterFigure);

/**
 * The run so far as a document, so the roofline, predictions and latency sections fill in as
 * each kernel finishes (the batch sweep appears live); the finished document replaces it.
 */
function showLive(plan: PlanName, startedAt: string, settings: RunSettings | undefined): void {
  if (lastAdapter?.ok !== true) return;
  const partial: ResultsDocument = {
    schemaVersion: SCHEMA_VERSION,
    tool: { name: TOOL_NAME, version },
    createdAt: startedAt,
    plan,
    runtime: { kind: 'browser', description: navigator.userAgent },
    adapter: lastAdapter.adapter,
    timing: lastAdapter.timing,
    grantedLimits: lastAdapter.grantedLimits,
    incomplete: 'running',
    ...(settings === undefined || isDefaultSettings(settings) ? {} : { settings }),
    results: [...rows],
  };
  onScreen = partial;
  showSummary(partial);
  roofline.setDocument(partial);
  predictions.setDocument(partial);
  presenter.refresh();
}

/** "40 s", "12 min", "3.5 h" in the page's language. */
function durationText(seconds: number): string {
  const c = t().common;
  if (seconds < 120) return `${fmtInt(seconds)} ${c.s}`;
  if (seconds < 2 * 3600) return `${fmtInt(seconds / 60)} ${c.min}`;
  return `${fmt(seconds / 3600)} ${c.h}`;
}

/** How long the Full plan would take here, the per-case cost calibrated by the Quick run just done. */
let fullEstimateSeconds: number | null = null;
async function estimateFull(doc: ResultsDocument, quickMs: number): Promise<void> {
  fullEstimateSeconds = await client.estimateFull(doc, quickMs);
  showEstimate();
}

function showEstimate(): void {
  ui.estimate.hidden = fullEstimateSeconds === null;
  if (fullEstimateSeconds !== null) {
    ui.estimate.textContent = t().app.fullEstimate({ time: durationText(fullEstimateSeconds) });
  }
}

function setRunning(running: boolean): void {
  ui.quick.disabled = running;
  ui.full.disabled = running;
  ui.cancel.disabled = !running;
  document.body.dataset.state = running ? 'running' : 'idle';
}

/** Runs a plan; with `resume` (an incomplete run), keeps its verified rows and measures the rest. */
async function run(
  plan: PlanName,
  resume?: ResultsDocument,
  settings?: RunSettings,
): Promise<void> {
  ui.resume.hidden = true;
  rows = [];
  lastDocument = null;
  onScreen = null;
  showRows();
  showSummary(null);
  showOrigin();
  share.setDocument(null);
  roofline.setDocument(null);
  predictions.setDocument(null);
  compare.setDocument(null);
  ui.error.hidden = true;
  drawSweeps(rows);
  setRunning(true);
  const startedAt = new Date().toISOString();
  const started = performance.now();
  try {
    const doc = await client.run(
      plan,
      (p) => {
        ui.progress.max = p.total;
        ui.progress.value = p.step - 1;
        progressText = () => {
          const m = t().app;
          const eta =
            p.etaMs === null ? '' : m.secondsLeft({ seconds: fmtInt(Math.ceil(p.etaMs / 1000)) });
          return (
            m.progress({
              stage: m.stage[p.kernel],
              label: p.label,
              step: fmtInt(p.step),
              total: fmtInt(p.total),
            }) + eta
          );
        };
        ui.progressLabel.textContent = progressText();
      },
      (row) => {
        rows.push(row);
        appendRow(row);
        drawSweeps(rows);
        showLive(plan, startedAt, resume?.settings ?? settings);
      },
      resume,
      settings,
    );
    ui.progress.value = ui.progress.max;
    progressText = () => {
      const m = t().app;
      if (doc.incomplete === undefined) {
        return m.done({
          verified: fmtInt(doc.results.filter((r) => r.verified).length),
          total: fmtInt(doc.results.length),
        });
      }
      // A cancel is worded here; other stops keep the runner's detail (where it stopped, why).
      const why = doc.stopReason === 'cancelled' ? m.cancelled : doc.incomplete;
      return m.stopped({ why });
    };
    ui.progressLabel.textContent = progressText();
    showDocument(doc, 'live');
    share.remember(doc);
    // Stopped early (cancelled, device lost…): offer to finish it, on a new device if need be.
    ui.resume.hidden = doc.incomplete === undefined;
    resumable = doc.incomplete === undefined ? null : doc;
    document.body.dataset.done = 'true';
    // A whole Quick run tells how long a Full one would take on this adapter.
    if (plan === 'quick' && resume === undefined && doc.incomplete === undefined) {
      estimateFull(doc, performance.now() - started).catch((e: unknown) =>
        console.warn('No Full-run estimate:', e),
      );
    }
  } catch (e) {
    ui.error.hidden = false;
    ui.error.textContent = t().app.failed({ why: errorMessage(e) });
  } finally {
    setRunning(false);
  }
}

ui.quick.addEventListener('click', () => void run('quick', undefined, runSettings));
ui.full.addEventListener('click', () => void run('full', undefined, runSettings));
ui.cancel.addEventListener('click', () => void client.cancel());
ui.resume.addEventListener('click', () => {
  if (resumable) void run(resumable.plan, resumable);
});

// A language switch redraws what this module wrote (the views redraw their own).
onLocaleChange(() => {
  if (lastAdapter !== null) showAdapter(lastAdapter);
  showRows();
  showSummary(onScreen);
  showOrigin();
  showSettings();
  ui.progressLabel.textContent = progressText();
  showEstimate();
});
showSettings();

if ((navigator as { gpu?: unknown }).gpu === undefined) {
  // No WebGPU in this page: say so without waiting for the worker.
  showAdapter({ ok: false, code: 'no-webgpu', message: t().app.adapter.noWebgpu });
} else {
  client
    .describe()
    .then(showAdapter, (e: unknown) =>
      showAdapter({ ok: false, code: 'unknown', message: String(e) }),
    );
}

// For tests and the console: the last complete document.
Object.defineProperty(window, 'webgpuRoofline', {
  value: { lastDocument: () => lastDocument },
});
