// The headline figures: DRAM read bandwidth and the compute peak per format, beside the
// multiply-add sweep chart (the compute side of the roofline).

import type { ResultsDocument } from '../../core/results';
import { summarizeRun } from '../../model/measured/run-summary';
import { t } from '../i18n';
import { fmtBytes, fmtFixed } from '../i18n/numbers';
import { element } from '../shell/dom';
import type { Section } from '../shell/section';
import { headedSection } from '../shell/section-heading';
import { ComputeChart } from './charts';

function showSummary(
  ui: { dram: HTMLElement; compute: HTMLElement },
  doc: ResultsDocument | null,
): void {
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

export const summarySection: Section = {
  id: 'summary',
  mount(host, page) {
    const ui = {
      dram: element<HTMLElement>('dram-gbps'),
      compute: element<HTMLElement>('compute-peak'),
    };
    const chart = new ComputeChart(element<HTMLCanvasElement>('compute-chart'));
    return headedSection(host, () => t().page['summary.title'], {
      onDocument(doc) {
        showSummary(ui, doc);
        chart.update(doc?.results ?? []);
      },
      onComparison: (doc) => chart.setComparison(doc === null ? null : doc.results),
      onLocale: () => showSummary(ui, page.onScreen()),
    });
  },
};
