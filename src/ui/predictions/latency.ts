// Latency vs throughput: ITL and system tokens/s against batch for the model and format in focus,
// from the prediction's latencyThroughput (in measured mode, the GEMM batch sweep of the results:
// each batch measured is a point), beside the chapter's A100 table (batch 1 / 16 / 64).

import { errorMessage } from '../../core/error-message';
import type { ResultsDocument } from '../../core/results';
import { verifiedRows } from '../../model/measured/roofline';
import { CHAPTER_A100_LLAMA3_8B_FP16, CHAPTER_SOURCE } from '../../model/predict/chapter';
import { type CurvePoint, capToContext } from '../../model/predict/predictor';
import { predictReport } from '../../model/predict/report';
import { t } from '../i18n';
import { fmt, fmtInt } from '../i18n/numbers';
import { Chart, geometricTicks } from '../shell/chartjs';
import { element, td, th } from '../shell/dom';
import { chapterRangeText, statedRangeNodes } from '../shell/range-nodes';
import type { PageContext, Section } from '../shell/section';
import { headedSection } from '../shell/section-heading';

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

export interface LatencyView {
  render(ctx: PageContext): void;
  /** Redraws every word in the page's language. */
  relocalise(): void;
}

/** The chapter's own table: its three scenarios as it gives them. */
function renderChapter(body: HTMLTableSectionElement, caption: HTMLParagraphElement): void {
  const ch = CHAPTER_A100_LLAMA3_8B_FP16;
  const c = t().charts.latency;
  body.replaceChildren(
    ...ch.scenarios.map((s) => {
      const tr = document.createElement('tr');
      tr.append(
        th(c.scenario({ batch: fmtInt(s.batch), label: c.scenarios[s.batch] })),
        td(`${chapterRangeText(s.ttftMs)}${s.note ? ' *' : ''}`, 'num'),
        td(chapterRangeText(s.itlMs), 'num'),
        td(chapterRangeText(s.systemTokensPerSecond), 'num'),
      );
      return tr;
    }),
  );
  const note = ch.scenarios.find((s) => s.note !== undefined)?.note;
  caption.textContent = c.chapterCaption({
    prompt: fmtInt(ch.promptTokens),
    note: note === undefined ? '' : c.notes[note],
    url: CHAPTER_SOURCE.url,
  });
}

type LatencyChart = Chart<'line', { x: number; y: number }[]>;

/** ITL (left axis) and system tokens/s (right axis) against batch, both log. */
function latencyChart(canvas: HTMLCanvasElement): LatencyChart {
  return new Chart(canvas, {
    type: 'line',
    data: {
      datasets: [
        {
          label: '',
          data: [] as { x: number; y: number }[],
          yAxisID: 'y',
          borderColor: '#2458d6',
          backgroundColor: '#2458d6',
          pointStyle: 'circle',
          pointRadius: 5,
        },
        {
          label: '',
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
          title: { display: true, text: '' },
          afterBuildTicks: geometricTicks(1, 2),
          ticks: { callback: (v) => fmtInt(Number(v)) },
        },
        y: {
          type: 'logarithmic',
          position: 'left',
          title: { display: true, text: '' },
        },
        y2: {
          type: 'logarithmic',
          position: 'right',
          grid: { drawOnChartArea: false },
          title: { display: true, text: '' },
        },
      },
      plugins: { legend: { labels: { usePointStyle: true } } },
    },
  });
}

/** Series names and axis titles in the page's language. */
function relabel(chart: LatencyChart): void {
  const c = t().charts.latency;
  const [itl, sys] = chart.data.datasets;
  if (itl) itl.label = c.itlSeries;
  if (sys) sys.label = c.systemSeries;
  const { x, y, y2 } = chart.options.scales ?? {};
  if (x?.title) x.title.text = c.xTitle;
  if (y?.title) y.title.text = c.itlTitle;
  if (y2?.title) y2.title.text = c.systemTitle;
}

/** The curve's points for the model and format in focus, and the caption that says whence. */
function latencyPoints(ctx: PageContext): {
  points: CurvePoint[];
  caption: string;
  /** Whether the engine's decode range is stated (else "not enough data", no low–high). */
  stated: boolean;
} {
  const c = t().charts.latency;
  const swept =
    ctx.source.kind === 'measured'
      ? measuredBatches(ctx.source.results, ctx.focusFormat.kernel)
      : undefined;
  const batches = swept ?? SPEC_BATCHES;
  const kernel = ctx.focusFormat.kernel;
  const how =
    ctx.source.kind === 'spec'
      ? ''
      : swept !== undefined
        ? c.sweepMeasured({ kernel })
        : c.sweepMissing({ kernel });
  try {
    const { options } = capToContext(ctx.focusModel, ctx.options);
    const { prediction, report } = predictReport(ctx.source, ctx.focusModel, ctx.focusFormat, {
      ...options,
      batches,
    });
    const caption = c.caption({
      model: ctx.focusModel.name,
      format: ctx.focusFormat.id,
      context: fmtInt(prediction.context),
      source: ctx.sourceLabel,
      how,
    });
    return { points: prediction.latencyThroughput, caption, stated: report.rangeStated.decode };
  } catch (e) {
    return { points: [], caption: c.cannotPredict({ error: errorMessage(e) }), stated: true };
  }
}

export function setupLatency(): LatencyView {
  const caption = element<HTMLParagraphElement>('latency-caption');
  const tbody = element<HTMLTableElement>('latency-table').tBodies[0] as HTMLTableSectionElement;
  const chapterBody = element<HTMLTableElement>('chapter-table')
    .tBodies[0] as HTMLTableSectionElement;
  const chapterCaption = element<HTMLParagraphElement>('chapter-table-caption');
  renderChapter(chapterBody, chapterCaption);
  const chart = latencyChart(element<HTMLCanvasElement>('latency-chart'));
  relabel(chart);
  chart.update();

  let last: PageContext | undefined;
  const render = (ctx: PageContext) => {
    last = ctx;
    const c = t().charts.latency;
    const { points, caption: text, stated } = latencyPoints(ctx);
    caption.textContent = text;
    relabel(chart);
    const [itl, sys] = chart.data.datasets;
    if (itl) {
      itl.data = points.map((p) => ({ x: p.batch, y: p.msPerToken.expected }));
      // Points from the roofline (measured mode lacked that batch) are drawn hollow.
      itl.pointBackgroundColor = points.map((p) => (p.source === 'roofline' ? '#fff' : '#2458d6'));
    }
    if (sys) sys.data = points.map((p) => ({ x: p.batch, y: p.systemTokensPerSecond.expected }));
    chart.update();
    tbody.replaceChildren(
      ...points.map((p) => {
        const tr = document.createElement('tr');
        tr.append(
          th(fmtInt(p.batch)),
          td(statedRangeNodes(p.msPerToken, stated), 'num'),
          td(fmt(p.tokensPerSecond.expected), 'num'),
          td(statedRangeNodes(p.systemTokensPerSecond, stated), 'num'),
          td(c.sources[p.source]),
        );
        return tr;
      }),
    );
  };

  return {
    render,
    relocalise() {
      renderChapter(chapterBody, chapterCaption);
      relabel(chart);
      if (last === undefined) chart.update();
      else render(last);
    },
  };
}

export const latencySection: Section = {
  id: 'latency',
  mount(host) {
    const view = setupLatency();
    return headedSection(host, () => t().page['latency.title'], {
      onContext: (ctx) => view.render(ctx),
      onLocale: () => view.relocalise(),
    });
  },
};
