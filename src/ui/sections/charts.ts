// The probe sweeps as line charts, one line per series: bandwidth (GB/s) against working-set
// size, where cache plateaus show as steps; and compute (GFLOP/s) against FLOPs per byte, where
// the rate climbs until the ALUs, not memory, are the limit. A second run being compared is
// drawn beside the first, hollow and dashed.

import type { ResultRow } from '../../core/results';
import { t } from '../i18n';
import { onLocaleChange } from '../i18n/locale';
import { fmt, fmtBytes } from '../i18n/numbers';
import { Chart, geometricTicks } from '../shell/chartjs';

interface Series {
  key: string;
  color: string;
  dash: number[];
  point: 'circle' | 'rect' | 'triangle';
}

/** What a sweep chart draws: which rows belong to which series, and its words. */
interface SweepSpec {
  series: readonly Series[];
  /** The series, x and y of a verified row, or null when the row is not drawn here. */
  point(row: ResultRow): { series: string; x: number; y: number } | null;
  label(series: string): string;
  tooltip(series: string, x: number, y: number): string;
  xTitle(): string;
  yTitle(): string;
  xTick(v: number): string;
  /** Ticks of the log x axis: from `first`, times `factor`. */
  ticks: { first: number; factor: number };
  yLog: boolean;
}

type Pt = { x: number; y: number };

/** What the page needs of a sweep chart. */
export interface SweepView {
  update(rows: readonly ResultRow[]): void;
  setComparison(rows: readonly ResultRow[] | null): void;
}

class SweepChart implements SweepView {
  private readonly chart: Chart<'line', Pt[]>;
  private rows: readonly ResultRow[] = [];
  private comparison: readonly ResultRow[] | null = null;

  constructor(
    canvas: HTMLCanvasElement,
    private readonly spec: SweepSpec,
  ) {
    this.chart = new Chart(canvas, {
      type: 'line',
      data: { datasets: [] },
      options: {
        animation: false,
        maintainAspectRatio: false,
        parsing: false,
        scales: {
          x: {
            type: 'logarithmic',
            title: { display: true, text: '' },
            afterBuildTicks: geometricTicks(spec.ticks.first, spec.ticks.factor),
            ticks: { callback: (v) => spec.xTick(Number(v)) },
          },
          y: spec.yLog
            ? { type: 'logarithmic', title: { display: true, text: '' } }
            : { type: 'linear', beginAtZero: true, title: { display: true, text: '' } },
        },
        plugins: {
          tooltip: {
            callbacks: {
              label: (item) =>
                spec.tooltip(item.dataset.label ?? '', item.parsed.x ?? 0, item.parsed.y ?? 0),
            },
          },
        },
      },
    });
    this.draw();
    onLocaleChange(() => this.draw());
  }

  update(rows: readonly ResultRow[]): void {
    this.rows = rows;
    this.draw();
  }

  /** Draws a second run's sweep beside this one (null: none). */
  setComparison(rows: readonly ResultRow[] | null): void {
    this.comparison = rows;
    this.draw();
  }

  /** One dataset per series of each run, named and titled in the page's language. */
  private draw(): void {
    const spec = this.spec;
    const datasets = (rows: readonly ResultRow[], second: boolean) =>
      spec.series.map((s) => ({
        label: second ? `${spec.label(s.key)} (B)` : spec.label(s.key),
        data: rows
          .flatMap((r) => {
            const p = r.verified ? spec.point(r) : null;
            return p !== null && p.series === s.key ? [{ x: p.x, y: p.y }] : [];
          })
          .sort((a, b) => a.x - b.x),
        borderColor: s.color,
        backgroundColor: second ? 'rgba(255,255,255,0.85)' : s.color,
        borderDash: second ? [3, 3] : s.dash,
        borderWidth: second ? 1.5 : 3,
        pointStyle: s.point,
        pointRadius: 4,
      }));
    // An empty chart still shows its first series (run A's first) in the legend.
    this.chart.data.datasets = [
      ...datasets(this.rows, false),
      ...(this.comparison === null ? [] : datasets(this.comparison, true)),
    ].filter((d, i) => d.data.length > 0 || i === 0);
    const { x, y } = this.chart.options.scales ?? {};
    if (x?.title) x.title.text = spec.xTitle();
    if (y?.title) y.title.text = spec.yTitle();
    this.chart.update();
  }
}

/** Bandwidth (GB/s) against working-set size, one line per probe. */
export class BandwidthChart extends SweepChart {
  constructor(canvas: HTMLCanvasElement) {
    const m = () => t().charts.bandwidth;
    super(canvas, {
      series: [
        { key: 'read', color: '#2458d6', dash: [], point: 'circle' },
        { key: 'copy', color: '#c2410c', dash: [6, 4], point: 'rect' },
        { key: 'write', color: '#15803d', dash: [2, 3], point: 'triangle' },
      ],
      point: (r) =>
        r.shape.workingSetBytes === undefined
          ? null
          : { series: r.kernel, x: r.shape.workingSetBytes, y: r.gbps },
      label: (s) => m().series[s as 'read' | 'copy' | 'write'],
      tooltip: (series, x, y) => m().tooltip({ series, rate: fmt(y), size: fmtBytes(x) }),
      xTitle: () => m().xTitle,
      yTitle: () => m().yTitle,
      xTick: fmtBytes,
      // One tick per power of four (64 KiB, 256 KiB, 1 MiB, …) instead of chart.js's 1-2-5.
      ticks: { first: 1024, factor: 4 },
      yLog: false,
    });
  }
}

/** The multiply-add sweep: GFLOP/s against FLOPs per byte loaded, one line per format. */
export class ComputeChart extends SweepChart {
  constructor(canvas: HTMLCanvasElement) {
    const m = () => t().charts.compute;
    super(canvas, {
      series: [
        { key: 'f32', color: '#2458d6', dash: [], point: 'circle' },
        { key: 'f16', color: '#c2410c', dash: [6, 4], point: 'rect' },
      ],
      point: (r) =>
        r.kernel === 'fma' && r.shape.flopsPerByte !== undefined
          ? { series: r.format, x: r.shape.flopsPerByte, y: r.gflops }
          : null,
      label: (format) => m().series({ format }),
      tooltip: (series, x, y) => m().tooltip({ series, rate: fmt(y), intensity: fmt(x) }),
      xTitle: () => m().xTitle,
      yTitle: () => m().yTitle,
      xTick: (v) => fmt(v),
      ticks: { first: 0.5, factor: 4 },
      yLog: true,
    });
  }
}
