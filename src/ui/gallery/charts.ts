// The gallery's two charts: each GPU's spread of read bandwidth (a P10–P90 bar and a median dot),
// and one GPU's runs as a histogram. chart.js's bar pieces are registered here, for this chunk.

import { BarController, BarElement, type ChartConfiguration } from 'chart.js';
import type { HistogramBin } from '../../share/gallery-types';
import { Chart } from '../shell/chartjs';
import type { GalleryAdapter } from './api';

Chart.register(BarController, BarElement);

export type GalleryChart = Chart;

export function spreadChart(
  canvas: HTMLCanvasElement,
  gpus: readonly GalleryAdapter[],
  name: (a: GalleryAdapter) => string,
): GalleryChart {
  const shown = gpus.filter((a) => a.readGbps !== null);
  // a floating bar per GPU with a dot on it: a mixed chart, which chart.js's types do not spell
  const config = {
    type: 'bar',
    data: {
      labels: shown.map(name),
      datasets: [
        {
          type: 'bar',
          label: 'P10–P90',
          data: shown.map((a) => [a.readGbps?.p10 ?? 0, a.readGbps?.p90 ?? 0]),
          backgroundColor: 'rgba(54, 120, 200, 0.45)',
        },
        {
          type: 'line',
          label: 'median',
          data: shown.map((a) => a.readGbps?.median ?? 0),
          showLine: false,
          pointRadius: 5,
          borderColor: '#1d3f6e',
          backgroundColor: '#1d3f6e',
        },
      ],
    },
    options: {
      animation: false,
      maintainAspectRatio: false,
      scales: { y: { beginAtZero: true, title: { display: true, text: 'GB/s' } } },
    },
  } as unknown as ChartConfiguration;
  return new Chart(canvas, config);
}

export function histogramChart(
  canvas: HTMLCanvasElement,
  bins: readonly HistogramBin[],
  label: (v: number) => string,
): GalleryChart {
  return new Chart(canvas, {
    type: 'bar',
    data: {
      labels: bins.map((b) => `${label(b.from)}–${label(b.to)}`),
      datasets: [
        {
          type: 'bar',
          label: 'runs',
          data: bins.map((b) => b.count),
          backgroundColor: 'rgba(54, 120, 200, 0.6)',
        },
      ],
    },
    options: {
      animation: false,
      maintainAspectRatio: false,
      plugins: { legend: { display: false } },
      scales: { y: { beginAtZero: true, ticks: { precision: 0 } } },
    },
  });
}
