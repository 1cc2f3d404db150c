// Latency vs throughput: ITL and system tokens/s against batch for the model and format in focus,
// from the prediction's latencyThroughput (in measured mode, the GEMM batch sweep of the results:
// each batch measured is a point), beside the chapter's A100 table (batch 1 / 16 / 64).

import type { ResultsDocument } from '../bench/results';
import type { CurvePoint } from '../model/predict';
import { CHAPTER_A100_LLAMA3_8B_FP16, CHAPTER_SOURCE } from '../model/reference';
import { predictReport } from '../model/report';
import { verifiedRows } from '../model/roofline';
import { num } from '../model/text';
import { Chart } from './chartjs';
import { element, td, th } from './dom';
import { rangeNodes } from './format';
import type { PredictionContext } from './predictions';

/** Spec mode's batches: powers of two up to 256. */
export const SPEC_BATCHES = [1, 2, 4, 8, 16, 32, 64, 128, 256];

/**
 * The batches measured for a kernel format: 1 and the M of every verified GEMM row; undefined
 * when the results hold no GEMM beyond M = 1 for it.
 */
export function measuredBatches(doc: ResultsDocument, kernelFormat: string): number[] | undefined {
  const ms = new Set<number>([1]);
  for (const r of verifiedRows(doc)) {
    if (r.kernel === 'gemm' && r.format === kernelFormat) ms.add(r.shape.m ?? 1);
  }
  const list = [...ms].filter((m) => m >= 1 && m <= 1024).sort((a, b) => a - b);
  return list.length >= 2 ? list : undefined;
}

const range = (r: { min: number; max: number }) =>
  r.min === r.max ? String(r.min) : `${r.min}–${r.max}`;

export interface LatencyView {
  render(ctx: PredictionContext): void;
}

export function setupLatency(): LatencyView {
  const caption = element<HTMLParagraphElement>('latency-caption');
  const tbody = element<HTMLTableElement>('latency-table').tBodies[0] as HTMLTableSectionElement;
  const chapterBody = element<HTMLTableElement>('chapter-table')
    .tBodies[0] as HTMLTableSectionElement;
  const chapterCaption = element<HTMLParagraphElement>('chapter-table-caption');

  const ch = CHAPTER_A100_LLAMA3_8B_FP16;
  chapterBody.replaceChildren(
    ...ch.scenarios.map((s) => {
      const tr = document.createElement('tr');
      tr.append(
        th(`batch ${s.batch}: ${s.label}`),
        td(`${range(s.ttftMs)}${s.note ? ' *' : ''}`, 'num'),
        td(range(s.itlMs), 'num'),
        td(range(s.systemTokensPerSecond), 'num'),
      );
      return tr;
    }),
  );
  chapterCaption.textContent =
    `As reported by the chapter for Llama 3 8B FP16 on one A100-80G with a vLLM-class stack, ` +
    `${ch.promptTokens}-token prompts; * TTFT includes queueing. Shown as the chapter gives them. Source: the chapter “Latency vs throughput”, ${CHAPTER_SOURCE.url}`;

  const chart = new Chart(element<HTMLCanvasElement>('latency-chart'), {
    type: 'line',
    data: {
      datasets: [
        {
          label: 'ITL, ms/token (left axis)',
          data: [] as { x: number; y: number }[],
          yAxisID: 'y',
          borderColor: '#2458d6',
          backgroundColor: '#2458d6',
          pointStyle: 'circle',
          pointRadius: 5,
        },
        {
          label: 'system tokens/s (right axis)',
          data: [] as { x: number; y: number }[],
          yAxisID: 'y2',
          borderColor: '#c2410c',
          backgroundColor: '#c2410c',
          borderDash: [6, 4],
          pointStyle: 'triangle',
          pointRadius: 6,
        },
      ],
    },
    options: {
      animation: false,
      maintainAspectRatio: false,
      parsing: false,
      interaction: { mode: 'index', intersect: false },
      scales: {
        x: {
          type: 'logarithmic',
          title: { display: true, text: 'batch (concurrent sequences)' },
          afterBuildTicks: (axis) => {
            const ticks = [];
            for (let v = 1; v <= axis.max * 1.01; v *= 2) ticks.push({ value: v });
            axis.ticks = ticks;
          },
          ticks: { callback: (v) => String(v) },
        },
        y: {
          type: 'logarithmic',
          position: 'left',
          title: { display: true, text: 'ITL ms/token' },
        },
        y2: {
          type: 'logarithmic',
          position: 'right',
          grid: { drawOnChartArea: false },
          title: { display: true, text: 'system tokens/s' },
        },
      },
      plugins: { legend: { labels: { usePointStyle: true } } },
    },
  });

  return {
    render(ctx) {
      const swept =
        ctx.source.kind === 'measured'
          ? measuredBatches(ctx.source.results, ctx.focusFormat.kernel)
          : undefined;
      const batches = swept ?? SPEC_BATCHES;
      const how =
        ctx.source.kind === 'spec'
          ? ''
          : swept !== undefined
            ? ` (a point per batch size of the measured ${ctx.focusFormat.kernel} GEMM sweep)`
            : ` (these results have no ${ctx.focusFormat.kernel} GEMM sweep: batches above 1 come from the roofline, marked †)`;
      let points: CurvePoint[] = [];
      let context = 0;
      try {
        const { prediction } = predictReport(ctx.source, ctx.focusModel, ctx.focusFormat, {
          ...ctx.options,
          batches,
        });
        points = prediction.latencyThroughput;
        context = prediction.context;
        caption.textContent =
          `${ctx.focusModel.name} · ${ctx.focusFormat.id}, ${context} cached tokens per sequence, ${ctx.sourceLabel}${how}. ` +
          'Batching reads each weight once for all B sequences: system tokens/s grows almost B-fold while ITL barely moves — until compute or the KV cache catches up.';
      } catch (e) {
        caption.textContent = `Cannot predict: ${e instanceof Error ? e.message : String(e)}`;
      }
      const [itl, sys] = chart.data.datasets;
      if (itl) itl.data = points.map((p) => ({ x: p.batch, y: p.msPerToken.expected }));
      if (sys) sys.data = points.map((p) => ({ x: p.batch, y: p.systemTokensPerSecond.expected }));
      chart.update();
      tbody.replaceChildren(
        ...points.map((p) => {
          const tr = document.createElement('tr');
          tr.append(
            th(String(p.batch)),
            td(rangeNodes(p.msPerToken), 'num'),
            td(num(p.tokensPerSecond.expected), 'num'),
            td(rangeNodes(p.systemTokensPerSecond), 'num'),
            td(p.source === 'roofline' ? 'roofline †' : p.source),
          );
          return tr;
        }),
      );
    },
  };
}
