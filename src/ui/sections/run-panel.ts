// The run section: Quick / Full / Cancel / Resume, the progress line, the Full-run estimate and
// the run settings from the page address. While a run goes, the run so far is shown to every
// section (the roofline, predictions and latency fill in as each kernel finishes); the finished
// document replaces it.

import { version } from '../../../package.json';
import { errorMessage } from '../../core/error-message';
import {
  type PlanName,
  type ResultRow,
  type ResultsDocument,
  SCHEMA_VERSION,
  TOOL_NAME,
} from '../../core/results';
import { browserRuntime } from '../../core/runtime';
import {
  isDefaultSettings,
  parseRunSettings,
  type RunSettings,
  settingsQuery,
} from '../../core/settings';
import type { BenchClient } from '../../worker/client';
import { t } from '../i18n';
import { fmt, fmtInt } from '../i18n/numbers';
import { element } from '../shell/dom';
import type { Page, Section } from '../shell/section';
import { headedSection } from '../shell/section-heading';

const controls = () => ({
  quick: element<HTMLButtonElement>('run-quick'),
  full: element<HTMLButtonElement>('run-full'),
  cancel: element<HTMLButtonElement>('cancel'),
  resume: element<HTMLButtonElement>('resume'),
  progress: element<HTMLProgressElement>('progress'),
  progressLabel: element<HTMLParagraphElement>('progress-label'),
  settings: element<HTMLParagraphElement>('run-settings'),
  estimate: element<HTMLParagraphElement>('run-estimate'),
  error: element<HTMLParagraphElement>('run-error'),
});
type Controls = ReturnType<typeof controls>;

/** A progress report of the worker's run. */
type Progress = Parameters<Parameters<BenchClient['run']>[1]>[0];

/** "40 s", "12 min", "3.5 h" in the page's language. */
function durationText(seconds: number): string {
  const c = t().common;
  if (seconds < 120) return `${fmtInt(seconds)} ${c.s}`;
  if (seconds < 2 * 3600) return `${fmtInt(seconds / 60)} ${c.min}`;
  return `${fmt(seconds / 3600)} ${c.h}`;
}

/** The progress line for a step, as a function so a language switch can redraw it. */
const progressText = (p: Progress) => () => {
  const m = t().app;
  const eta = p.etaMs === null ? '' : m.secondsLeft({ seconds: fmtInt(Math.ceil(p.etaMs / 1000)) });
  return (
    m.progress({
      stage: m.stage[p.kernel],
      label: p.label,
      step: fmtInt(p.step),
      total: fmtInt(p.total),
    }) + eta
  );
};

/** The last line of a run: done, or why it stopped (a cancel is worded from its code). */
const doneText = (doc: ResultsDocument) => () => {
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

/** The run so far as a document, for the sections that fill in as each kernel finishes. */
function liveDocument(
  page: Page,
  plan: PlanName,
  startedAt: string,
  settings: RunSettings | undefined,
  rows: readonly ResultRow[],
): ResultsDocument | null {
  const adapter = page.adapter();
  if (adapter?.ok !== true) return null;
  return {
    schemaVersion: SCHEMA_VERSION,
    tool: { name: TOOL_NAME, version },
    createdAt: startedAt,
    plan,
    runtime: browserRuntime(navigator.userAgent),
    adapter: adapter.adapter,
    timing: adapter.timing,
    grantedLimits: adapter.grantedLimits,
    incomplete: 'running',
    ...(settings === undefined || isDefaultSettings(settings) ? {} : { settings }),
    results: [...rows],
  };
}

/** Non-default run settings from the page address, and settings it could not read. */
function showSettings(ui: Controls, settings: RunSettings, problems: readonly string[]): void {
  const m = t().app.settings;
  const lines: string[] = [];
  const query = settingsQuery(settings);
  if (query !== '') lines.push(m.banner({ settings: query }));
  if (problems.length > 0) lines.push(m.problems({ problems: problems.join('; ') }));
  ui.settings.hidden = lines.length === 0;
  ui.settings.textContent = lines.join(' ');
}

function showEstimate(ui: Controls, seconds: number | null): void {
  ui.estimate.hidden = seconds === null;
  if (seconds !== null)
    ui.estimate.textContent = t().app.fullEstimate({ time: durationText(seconds) });
}

/** Wires the run controls; returns what redraws its words. */
function setupRun(page: Page, ui: Controls) {
  /** Run settings from the address: anything non-default makes a run "not comparable". */
  const { settings: runSettings, problems } = parseRunSettings(
    new URLSearchParams(location.search),
  );
  let progress: () => string = () => t().page['run.notStarted'];
  /** The last live run, when it stopped before the end. */
  let resumable: ResultsDocument | null = null;
  /** How long the Full plan would take here, calibrated by the Quick run just done. */
  let fullEstimateSeconds: number | null = null;
  const say = (text: () => string) => {
    progress = text;
    ui.progressLabel.textContent = text();
  };

  /** Runs a plan; with `resume` (an incomplete run), keeps its verified rows and measures the rest. */
  async function run(plan: PlanName, resume?: ResultsDocument, settings?: RunSettings) {
    ui.resume.hidden = true;
    ui.error.hidden = true;
    page.show(null, 'live');
    page.setRunning(true);
    const startedAt = new Date().toISOString();
    const started = performance.now();
    const rows: ResultRow[] = [];
    try {
      const doc = await page.client.run(
        plan,
        (p) => {
          ui.progress.max = p.total;
          ui.progress.value = p.step - 1;
          say(progressText(p));
        },
        (row) => {
          rows.push(row);
          const live = liveDocument(page, plan, startedAt, resume?.settings ?? settings, rows);
          if (live !== null) page.show(live, 'running');
        },
        resume,
        settings,
      );
      ui.progress.value = ui.progress.max;
      say(doneText(doc));
      page.show(doc, 'live');
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
      page.setRunning(false);
    }
  }
  async function estimateFull(doc: ResultsDocument, quickMs: number): Promise<void> {
    fullEstimateSeconds = await page.client.estimateFull(doc, quickMs);
    showEstimate(ui, fullEstimateSeconds);
  }

  ui.quick.addEventListener('click', () => void run('quick', undefined, runSettings));
  ui.full.addEventListener('click', () => void run('full', undefined, runSettings));
  ui.cancel.addEventListener('click', () => void page.client.cancel());
  ui.resume.addEventListener('click', () => {
    if (resumable) void run(resumable.plan, resumable);
  });
  showSettings(ui, runSettings, problems);
  return {
    relocalise() {
      showSettings(ui, runSettings, problems);
      ui.progressLabel.textContent = progress();
      showEstimate(ui, fullEstimateSeconds);
    },
  };
}

export const runSection: Section = {
  id: 'run',
  mount(host, page) {
    const ui = controls();
    const view = setupRun(page, ui);
    return headedSection(host, () => t().page['run.title'], {
      onAdapter(report) {
        if (!report.ok) return;
        ui.quick.disabled = page.running();
        ui.full.disabled = ui.quick.disabled;
      },
      onRunning(running) {
        ui.quick.disabled = running;
        ui.full.disabled = running;
        ui.cancel.disabled = !running;
      },
      onLocale: view.relocalise,
    });
  },
};
