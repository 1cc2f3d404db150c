// The "Under load" charts: P50/P95/P99 of TTFT or ITL against the arrival rate λ, with each SLA's
// limit as a horizontal line and the chosen load as a vertical one; and the queue over time at
// the chosen load.

import type { SlaThresholds } from '../../model/predict/chapter';
import type { QueueSeries } from '../../model/serving/batching/queue-series';
import type { SweepPoint } from '../../model/serving/sweep';
import { t } from '../i18n';
import { fmt } from '../i18n/numbers';
import { Chart } from '../shell/chartjs';

type Pt = { x: number; y: number };
interface Line {
  label: string;
  data: Pt[];
  borderColor: string;
  backgroundColor: string;
  borderDash: number[];
  borderWidth: number;
  pointRadius: number;
}
export type LoadChart = Chart<'line', Pt[]>;

const PERCENTILES = [
  { key: 'p50', color: '#15803d', dash: [2, 3] },
  { key: 'p95', color: '#2458d6', dash: [] },
  { key: 'p99', color: '#c2410c', dash: [6, 4] },
] as const;

function lineChart(canvas: HTMLCanvasElement, yLog: boolean): LoadChart {
  return new Chart(canvas, {
    type: 'line',
    data: { datasets: [] },
    options: {
      animation: false,
      maintainAspectRatio: false,
      parsing: false,
      scales: {
        x: {
          type: 'linear',
          title: { display: true, text: '' },
          ticks: { callback: (v) => fmt(Number(v)) },
        },
        y: yLog
          ? { type: 'logarithmic', title: { display: true, text: '' } }
          : { type: 'linear', beginAtZero: true, title: { display: true, text: '' } },
      },
      plugins: { legend: { labels: { usePointStyle: true } } },
    },
  });
}

export const latencyChart = (canvas: HTMLCanvasElement): LoadChart => lineChart(canvas, true);
export const queueChart = (canvas: HTMLCanvasElement): LoadChart => lineChart(canvas, false);

function titles(chart: LoadChart, x: string, y: string): void {
  const { x: xs, y: ys } = chart.options.scales ?? {};
  if (xs?.title) xs.title.text = x;
  if (ys?.title) ys.title.text = y;
}

/**
 * One metric's percentiles against λ, a line per SLA limit on it (distinct limits only), and the
 * chosen rate. Points with no value (nothing finished) are left out.
 */
export function drawLatency(
  chart: LoadChart,
  metric: 'ttftMs' | 'itlMs',
  points: readonly SweepPoint[],
  slas: readonly SlaThresholds[],
  chosenRate: number | undefined,
): void {
  const m = t().load;
  const datasets: Line[] = PERCENTILES.map((p) => ({
    label: m.series[p.key],
    data: points
      .map((pt) => ({ x: pt.ratePerS, y: pt[metric][p.key] }))
      .filter((d) => Number.isFinite(d.y) && d.y > 0),
    borderColor: p.color,
    backgroundColor: p.color,
    borderDash: [...p.dash],
    borderWidth: 2,
    pointRadius: 2,
  }));
  const xs = points.map((p) => p.ratePerS);
  const x0 = Math.min(...xs, 0);
  const x1 = Math.max(...xs, 1);
  const ys = datasets.flatMap((d) => d.data.map((p) => p.y));
  const limitKey = metric === 'ttftMs' ? 'ttftP95Ms' : 'itlP95Ms';
  const seen = new Set<number>();
  for (const sla of slas) {
    const ms = sla[limitKey];
    if (ms === undefined || seen.has(ms)) continue;
    seen.add(ms);
    ys.push(ms);
    const name = m.slas[sla.id as keyof typeof m.slas] ?? sla.id;
    datasets.push({
      label: m.slaLine({ sla: name, ms: fmt(ms) }),
      data: [
        { x: x0, y: ms },
        { x: x1, y: ms },
      ],
      borderColor: '#6b7280',
      backgroundColor: '#6b7280',
      borderDash: [1, 4],
      borderWidth: 1,
      pointRadius: 0,
    });
  }
  if (chosenRate !== undefined && ys.length > 0) {
    datasets.push({
      label: m.chosen,
      data: [
        { x: chosenRate, y: Math.min(...ys) },
        { x: chosenRate, y: Math.max(...ys) },
      ],
      borderColor: '#111827',
      backgroundColor: '#111827',
      borderDash: [],
      borderWidth: 1.5,
      pointRadius: 0,
    });
  }
  chart.data.datasets = datasets;
  titles(chart, m.xTitle, metric === 'ttftMs' ? m.ttftTitle : m.itlTitle);
  chart.update();
}

/** Waiting and running requests per bin of the run at the chosen load. */
export function drawQueue(chart: LoadChart, q: QueueSeries | null): void {
  const m = t().load;
  const series = (values: readonly number[] | undefined) =>
    (q?.startMs ?? []).map((s, i) => ({ x: s / 1000, y: values?.[i] ?? 0 }));
  chart.data.datasets = [
    {
      label: m.waiting,
      data: series(q?.meanWaiting),
      borderColor: '#c2410c',
      backgroundColor: '#c2410c',
      pointRadius: 0,
      borderWidth: 2,
    },
    {
      label: m.running,
      data: series(q?.meanRunning),
      borderColor: '#2458d6',
      backgroundColor: '#2458d6',
      pointRadius: 0,
      borderWidth: 2,
    },
  ];
  titles(chart, m.queueX, m.queueY);
  chart.update();
}
