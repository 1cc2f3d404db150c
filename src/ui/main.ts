// The page: adapter panel, run controls, progress, results table, the roofline, predictions,
// latency vs throughput and memory. It never touches the GPU: everything goes through the
// benchmark worker. Predictions and the reference rooflines work with no WebGPU at all.

import { describeShape, describeStatus, formatBytes } from '../bench/describe';
import type { PlanName, ResultRow, ResultsDocument } from '../bench/results';
import { summarizeRun } from '../bench/summary';
import { GpuError } from '../gpu/errors';
import { createBenchClient } from '../worker/client';
import type { AdapterReport } from '../worker/protocol';
import { BandwidthChart } from './charts';
import { element } from './dom';
import { setupLatency } from './latency';
import { setupMemory } from './memory';
import { setupPredictions } from './predictions';
import { setupRoofline } from './roofline-chart';
import { type DocumentOrigin, setupSharePanel } from './share-panel';

const ui = {
  warning: element<HTMLDivElement>('adapter-warning'),
  details: element<HTMLDListElement>('adapter-details'),
  quick: element<HTMLButtonElement>('run-quick'),
  full: element<HTMLButtonElement>('run-full'),
  cancel: element<HTMLButtonElement>('cancel'),
  resume: element<HTMLButtonElement>('resume'),
  progress: element<HTMLProgressElement>('progress'),
  progressLabel: element<HTMLParagraphElement>('progress-label'),
  error: element<HTMLParagraphElement>('run-error'),
  tbody: element<HTMLTableElement>('results-table').tBodies[0] as HTMLTableSectionElement,
  dram: element<HTMLElement>('dram-gbps'),
  compute: element<HTMLElement>('compute-peak'),
  origin: element<HTMLParagraphElement>('doc-origin'),
};

const chart = new BandwidthChart(element<HTMLCanvasElement>('bandwidth-chart'));
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
/** The last live run, when it stopped before the end. */
let resumable: ResultsDocument | null = null;

/** Adds a term/definition pair, as text (adapter strings are untrusted). */
function addDetail(term: string, value: string): void {
  const dt = document.createElement('dt');
  dt.textContent = term;
  const dd = document.createElement('dd');
  dd.textContent = value;
  ui.details.append(dt, dd);
}

function showAdapter(report: AdapterReport): void {
  ui.details.replaceChildren();
  if (!report.ok) {
    ui.warning.hidden = false;
    ui.warning.textContent = /datasheet/.test(report.message)
      ? report.message
      : `${report.message} Predictions from a datasheet still work: see Predictions below.`;
    document.body.dataset.webgpu = 'missing';
    addDetail('Adapter', 'none');
    return;
  }
  document.body.dataset.webgpu = 'ok';
  const a = report.adapter;
  addDetail('Vendor', a.vendor || '(not given)');
  addDetail('Architecture', a.architecture || '(not given)');
  addDetail('Device', a.device || '(not given)');
  addDetail('Description', a.description || '(not given)');
  addDetail('Fallback adapter', a.isFallbackAdapter ? 'yes' : 'no');
  addDetail(
    'Timer',
    report.timing === 'timestamp-query'
      ? 'GPU timestamps (timestamp-query)'
      : 'wall clock around onSubmittedWorkDone',
  );
  addDetail(
    'Max storage binding',
    formatBytes(report.grantedLimits.maxStorageBufferBindingSize ?? 0),
  );
  addDetail('Max buffer', formatBytes(report.grantedLimits.maxBufferSize ?? 0));
  addDetail('Features', a.features.join(', ') || 'none');
  addDetail('WGSL language features', a.wgslLanguageFeatures.join(', ') || 'none');
  if (a.isSoftware) {
    ui.warning.hidden = false;
    ui.warning.textContent = `This adapter (${a.description || a.architecture || a.vendor}) is a software renderer running on the CPU: the numbers below measure your CPU, not a GPU. Enable hardware acceleration or use a browser with GPU-backed WebGPU for real figures.`;
  }
  ui.quick.disabled = false;
  ui.full.disabled = false;
}

function cell(text: string, className?: string): HTMLTableCellElement {
  const td = document.createElement('td');
  td.textContent = text;
  if (className) td.className = className;
  return td;
}

function appendRow(row: ResultRow): void {
  const tr = document.createElement('tr');
  tr.dataset.kernel = row.kernel;
  tr.dataset.verified = String(row.verified);
  const ok = row.verified;
  tr.append(
    cell(`${row.kernel} ${row.format}`),
    cell(describeShape(row)),
    cell(row.variant),
    cell(ok ? row.medianMs.toFixed(3) : '—'),
    cell(ok ? row.p95Ms.toFixed(3) : '—'),
    cell(ok ? row.gbps.toFixed(2) : '—'),
    cell(ok && row.flops > 0 ? row.gflops.toFixed(1) : '—'),
    cell(
      row.rooflineEfficiency === undefined ? '—' : `${(row.rooflineEfficiency * 100).toFixed(0)} %`,
    ),
    cell(ok ? describeStatus(row) : `FAILED: ${row.error ?? ''}`, ok ? undefined : 'failed'),
  );
  ui.tbody.append(tr);
}

function showSummary(doc: ResultsDocument): void {
  const s = summarizeRun(doc);
  ui.dram.textContent =
    s.dramReadGbps === null
      ? 'not measured'
      : `${s.dramReadGbps.toFixed(2)} GB/s (read, ${formatBytes(s.dramWorkingSetBytes ?? 0)} working set)`;
  const peaks = Object.entries(s.computePeakGflops).map(
    ([f, g]) => `${g.toFixed(1)} GFLOP/s (${f})`,
  );
  ui.compute.textContent = peaks.length > 0 ? peaks.join(', ') : 'not measured';
}

const ORIGIN_TEXT: Record<Exclude<DocumentOrigin, 'live'>, string> = {
  shared: 'A shared result, opened from a link — not a live run on this machine.',
  imported: 'An imported results file — not a live run on this machine.',
  saved: 'A saved earlier run, reopened from this browser — not a live run.',
};

/** Shows a whole document: a finished run, a shared link or an imported file. */
function showDocument(doc: ResultsDocument, origin: DocumentOrigin): void {
  lastDocument = doc;
  rows = [...doc.results];
  ui.tbody.replaceChildren();
  for (const row of rows) appendRow(row);
  chart.update(rows);
  showSummary(doc);
  roofline.setDocument(doc);
  predictions.setDocument(doc);
  share.setDocument(doc);
  ui.origin.hidden = origin === 'live';
  if (origin !== 'live') {
    const a = doc.adapter;
    ui.origin.textContent = `${ORIGIN_TEXT[origin]} Measured ${doc.createdAt.slice(0, 10)} on ${[a.vendor, a.architecture, a.description].filter(Boolean).join(' · ') || 'an unnamed adapter'}.`;
  }
  document.body.dataset.origin = origin;
}

const share = setupSharePanel(showDocument);

function setRunning(running: boolean): void {
  ui.quick.disabled = running;
  ui.full.disabled = running;
  ui.cancel.disabled = !running;
  document.body.dataset.state = running ? 'running' : 'idle';
}

/** Runs a plan; with `resume` (an incomplete run), keeps its verified rows and measures the rest. */
async function run(plan: PlanName, resume?: ResultsDocument): Promise<void> {
  ui.resume.hidden = true;
  rows = [];
  ui.tbody.replaceChildren();
  ui.origin.hidden = true;
  share.setDocument(null);
  roofline.setDocument(null);
  predictions.setDocument(null);
  ui.error.hidden = true;
  chart.update(rows);
  setRunning(true);
  try {
    const doc = await client.run(
      plan,
      (p) => {
        ui.progress.max = p.total;
        ui.progress.value = p.step - 1;
        const eta = p.etaMs === null ? '' : ` — about ${Math.ceil(p.etaMs / 1000)} s left`;
        ui.progressLabel.textContent = `${p.stage}: ${p.label} (step ${p.step} of ${p.total})${eta}`;
      },
      (row) => {
        rows.push(row);
        appendRow(row);
        chart.update(rows);
      },
      resume,
    );
    ui.progress.value = ui.progress.max;
    ui.progressLabel.textContent = doc.incomplete
      ? `Stopped: ${doc.incomplete}`
      : `Done: ${doc.results.filter((r) => r.verified).length} of ${doc.results.length} kernels verified.`;
    showDocument(doc, 'live');
    share.remember(doc);
    // Stopped early (cancelled, device lost…): offer to finish it, on a new device if need be.
    ui.resume.hidden = doc.incomplete === undefined;
    resumable = doc.incomplete === undefined ? null : doc;
    document.body.dataset.done = 'true';
  } catch (e) {
    ui.error.hidden = false;
    ui.error.textContent = `The run failed: ${e instanceof Error ? e.message : String(e)}. Results measured so far are kept above.`;
  } finally {
    setRunning(false);
  }
}

ui.quick.addEventListener('click', () => void run('quick'));
ui.full.addEventListener('click', () => void run('full'));
ui.cancel.addEventListener('click', () => void client.cancel());
ui.resume.addEventListener('click', () => {
  if (resumable) void run(resumable.plan, resumable);
});

if ((navigator as { gpu?: unknown }).gpu === undefined) {
  // No WebGPU in this page: say so without waiting for the worker.
  const e = new GpuError('no-webgpu', 'This browser does not expose WebGPU (navigator.gpu).');
  showAdapter({ ok: false, code: 'no-webgpu', message: e.message });
} else {
  client
    .describe()
    .then(showAdapter, (e: unknown) =>
      showAdapter({ ok: false, code: 'unknown', message: String(e) }),
    );
}

// For tests and the console: the last complete document.
Object.defineProperty(window, 'webgpuRoofline', { value: { lastDocument: () => lastDocument } });
