// The GPU section: the adapter's details and limits, or why there is no WebGPU (datasheet
// predictions still work without it). Asks the worker to describe the adapter at start.

import { adapterName } from '../../core/adapter-name';
import type { UnofferedVariant } from '../../core/results';
import { implementationOfUserAgent, unofferedGroups } from '../../core/runtime';
import type { AdapterReport } from '../../worker/protocol';
import { t } from '../i18n';
import { fmtBytes, fmtInt } from '../i18n/numbers';
import { element, make } from '../shell/dom';
import type { Page, Section } from '../shell/section';
import { headedSection } from '../shell/section-heading';

/** WebGPU's default limits, for the ones that matter here (from the WebGPU spec's limits table). */
const DEFAULT_LIMITS: Record<string, number> = {
  maxStorageBufferBindingSize: 134_217_728,
  maxBufferSize: 268_435_456,
  maxComputeWorkgroupStorageSize: 16_384,
  maxComputeInvocationsPerWorkgroup: 256,
};

/** Adds a term/definition pair, as text (adapter strings are untrusted). */
function addDetail(details: HTMLDListElement, term: string, value: string, note?: string): void {
  const dd = make('dd', value);
  if (note !== undefined) dd.append(' ', make('span', note, 'caption'));
  details.append(make('dt', term), dd);
}

/** No adapter: why, and that datasheet predictions still work. */
function showMissing(
  report: Extract<AdapterReport, { ok: false }>,
  ui: { warning: HTMLDivElement; details: HTMLDListElement },
): void {
  const m = t().app.adapter;
  ui.warning.hidden = false;
  const reason =
    report.code === 'no-webgpu'
      ? m.noWebgpu
      : m.failed({ code: report.code, detail: report.message });
  // Neither reason shown mentions the datasheet predictions (for 'no-webgpu' the page's own
  // words replace the worker's advice), so the warning always adds that they still work.
  ui.warning.textContent = `${reason} ${m.stillPredicts}`;
  document.body.dataset.webgpu = 'missing';
  addDetail(ui.details, m.adapter, t().common.none);
}

function showAdapter(
  report: AdapterReport,
  ui: { warning: HTMLDivElement; details: HTMLDListElement },
): void {
  const m = t().app.adapter;
  const c = t().common;
  ui.details.replaceChildren();
  if (!report.ok) {
    showMissing(report, ui);
    return;
  }
  document.body.dataset.webgpu = 'ok';
  const a = report.adapter;
  const add = (term: string, value: string, note?: string) =>
    addDetail(ui.details, term, value, note);
  add(m.vendor, a.vendor || c.notGiven);
  add(m.architecture, a.architecture || c.notGiven);
  add(m.device, a.device || c.notGiven);
  add(m.description, a.description || c.notGiven);
  add(m.fallback, a.isFallbackAdapter ? c.yes : c.no);
  add(m.timer, report.timing === 'timestamp-query' ? m.timestamp : m.wallClock);
  const limit = (name: string, label: string, bytes: boolean) => {
    const show = (v: number) => (bytes ? fmtBytes(v) : fmtInt(v));
    const def = DEFAULT_LIMITS[name];
    add(
      label,
      show(report.grantedLimits[name] ?? 0),
      def === undefined ? undefined : m.defaultLimit({ value: show(def) }),
    );
  };
  limit('maxStorageBufferBindingSize', m.maxBinding, true);
  limit('maxBufferSize', m.maxBuffer, true);
  limit('maxComputeWorkgroupStorageSize', 'maxComputeWorkgroupStorageSize', true);
  limit('maxComputeInvocationsPerWorkgroup', 'maxComputeInvocationsPerWorkgroup', false);
  add(m.features, a.features.join(', ') || c.none);
  add(m.wgslFeatures, a.wgslLanguageFeatures.join(', ') || c.none);
  add(m.implementation, m.implementations[implementationOfUserAgent(navigator.userAgent)]);
  showUnoffered(report.unoffered, ui.details);
  ui.warning.hidden = !a.isSoftware;
  if (a.isSoftware) {
    ui.warning.textContent = m.software({ name: adapterName(a) });
  }
}

/** What this WebGPU could not offer, one line per missing need (the variants are names, text). */
function showUnoffered(unoffered: readonly UnofferedVariant[], details: HTMLDListElement): void {
  const m = t().app.adapter;
  const groups = unofferedGroups(unoffered);
  const dd = make('dd', groups.length === 0 ? m.allOffered : '');
  dd.id = 'adapter-unoffered';
  for (const g of groups) {
    const line = m.unofferedGroup({
      count: fmtInt(g.variants.length),
      missing: g.missing.join(' + '),
      variants: g.variants.join(', '),
    });
    dd.append(make('div', line));
  }
  details.append(make('dt', m.unoffered), dd);
}

/** Asks the worker for the adapter (or says at once that this page has no WebGPU). */
function describeAdapter(page: Page): void {
  if ((navigator as { gpu?: unknown }).gpu === undefined) {
    // No WebGPU in this page: say so without waiting for the worker.
    page.setAdapter({ ok: false, code: 'no-webgpu', message: t().app.adapter.noWebgpu });
    return;
  }
  page.client.describe().then(
    (report) => page.setAdapter(report),
    (e: unknown) => page.setAdapter({ ok: false, code: 'unknown', message: String(e) }),
  );
}

export const adapterSection: Section = {
  id: 'gpu',
  mount(host, page) {
    const ui = {
      warning: element<HTMLDivElement>('adapter-warning'),
      details: element<HTMLDListElement>('adapter-details'),
    };
    describeAdapter(page);
    return headedSection(host, () => t().page['gpu.title'], {
      onAdapter: (report) => showAdapter(report, ui),
      onLocale() {
        const report = page.adapter();
        if (report !== null) showAdapter(report, ui);
      },
    });
  },
};
