// chart.js with just the pieces the page's charts use registered (keeps the bundle small).
// Chart modules import Chart from here, so registration happens once, before any chart exists.

import {
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  LogarithmicScale,
  PointElement,
  ScatterController,
  Tooltip,
} from 'chart.js';

Chart.register(
  LineController,
  ScatterController,
  LineElement,
  PointElement,
  LinearScale,
  LogarithmicScale,
  CategoryScale,
  Tooltip,
  Legend,
);

export { Chart };

/**
 * A log axis's ticks at first, first·factor, first·factor², … within its range (64 KiB, 256 KiB,
 * 1 MiB… or batch 1, 2, 4…) instead of chart.js's 1-2-5 steps: an `afterBuildTicks` callback.
 */
export const geometricTicks =
  (first: number, factor: number) =>
  (axis: { min: number; max: number; ticks: { value: number }[] }): void => {
    const ticks = [];
    for (let v = first; v <= axis.max * 1.01; v *= factor)
      if (v >= axis.min * 0.99) ticks.push({ value: v });
    axis.ticks = ticks;
  };
