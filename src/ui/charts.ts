// The bandwidth chart: GB/s against working-set size, one line per probe.

import { formatBytes } from '../bench/describe';
import type { ResultRow } from '../bench/results';
import { Chart } from './chartjs';

const SERIES = [
  { kernel: 'read', label: 'read', color: '#2458d6', dash: [] },
  { kernel: 'copy', label: 'copy', color: '#c2410c', dash: [6, 4] },
  { kernel: 'write', label: 'write', color: '#15803d', dash: [2, 3] },
] as const;

/** Bandwidth (GB/s) against working-set size, one line per probe; cache plateaus show as steps. */
export class BandwidthChart {
  private readonly chart: Chart<'line', { x: number; y: number }[]>;

  constructor(canvas: HTMLCanvasElement) {
    this.chart = new Chart(canvas, {
      type: 'line',
      data: {
        datasets: SERIES.map((s) => ({
          label: s.label,
          data: [],
          borderColor: s.color,
          backgroundColor: s.color,
          borderDash: [...s.dash],
          pointStyle: s.kernel === 'read' ? 'circle' : s.kernel === 'copy' ? 'rect' : 'triangle',
          pointRadius: 4,
        })),
      },
      options: {
        animation: false,
        maintainAspectRatio: false,
        parsing: false,
        scales: {
          x: {
            type: 'logarithmic',
            title: { display: true, text: 'working set' },
            // One tick per power of four (64 KiB, 256 KiB, 1 MiB, …) instead of chart.js's 1-2-5.
            afterBuildTicks: (axis) => {
              const ticks = [];
              for (let v = 1024; v <= axis.max * 1.01; v *= 4)
                if (v >= axis.min * 0.99) ticks.push({ value: v });
              axis.ticks = ticks;
            },
            ticks: { callback: (v) => formatBytes(Number(v)) },
          },
          y: { type: 'linear', beginAtZero: true, title: { display: true, text: 'GB/s' } },
        },
        plugins: {
          tooltip: {
            callbacks: {
              label: (item) =>
                `${item.dataset.label}: ${item.parsed.y?.toFixed(2)} GB/s at ${formatBytes(item.parsed.x ?? 0)}`,
            },
          },
        },
      },
    });
  }

  update(rows: readonly ResultRow[]): void {
    SERIES.forEach((s, i) => {
      const dataset = this.chart.data.datasets[i];
      if (!dataset) return;
      dataset.data = rows
        .filter((r) => r.kernel === s.kernel && r.verified)
        .map((r) => ({ x: r.shape.workingSetBytes ?? 0, y: r.gbps }))
        .sort((a, b) => a.x - b.x);
    });
    this.chart.update();
  }
}
