// The roofline, log–log: this run's ceilings (β from the read probe, π per FMA format), every
// verified GEMV/GEMM row as a point at (FLOP/byte, GFLOP/s), and reference GPUs' datasheet
// ceilings (the A100 by default) for contrast. Format is shown by point style as well as colour;
// GEMV points are filled, GEMM points hollow.

import { FORMAT_IDS } from '../../core/formats';
import type { ResultsDocument } from '../../core/results';
import { type GpuSpec, getGpu } from '../../model/hardware/gpus';
import { fitRoofline, type Roofline } from '../../model/measured/roofline';
import { t } from '../i18n';
import { fmt, fmtAsGiven, fmtInt, fmtPercent } from '../i18n/numbers';
import { fillGpuPicker } from '../predictions/gpu-picker';
import { Chart } from '../shell/chartjs';
import { element } from '../shell/dom';
import { shapeText } from '../shell/range-nodes';
import type { Section } from '../shell/section';
import { headedSection } from '../shell/section-heading';

/** Intensity range drawn, FLOP/byte: GEMV sits near 0.5–4, the A100's FP16 ridge near 150. */
const X_MIN = 0.1;
const X_MAX = 1000;

type FormatStyle = {
  color: string;
  point: 'circle' | 'rect' | 'triangle' | 'rectRot' | 'star' | 'rectRounded';
};

/** Styles in registry order (f32, fp16, int8, int4, then formats added later, cycling). */
const FORMAT_STYLES: readonly FormatStyle[] = [
  { color: '#2458d6', point: 'circle' },
  { color: '#c2410c', point: 'rect' },
  { color: '#15803d', point: 'triangle' },
  { color: '#7c3aed', point: 'rectRot' },
  { color: '#0e7490', point: 'star' },
  { color: '#b45309', point: 'rectRounded' },
];
const styleOf = (format: string): FormatStyle => {
  const i = (FORMAT_IDS as readonly string[]).indexOf(format);
  return (
    (i < 0 ? undefined : FORMAT_STYLES[i % FORMAT_STYLES.length]) ?? {
      color: '#444',
      point: 'circle',
    }
  );
};

interface Pt {
  x: number;
  y: number;
  /** Tooltip lines; ceiling lines carry none and show no tooltip. */
  lines?: string[];
}

type RooflineChartType = Chart<'scatter', Pt[]>;

/** The three corners of a roof: the slope from X_MIN up to the ridge, then flat to X_MAX. */
function roofLine(bandwidthGBps: number, peakGflops: number): Pt[] {
  const ridge = peakGflops / bandwidthGBps;
  const pts: Pt[] = [];
  if (ridge > X_MIN) pts.push({ x: X_MIN, y: X_MIN * bandwidthGBps });
  if (ridge > X_MIN && ridge < X_MAX) pts.push({ x: ridge, y: peakGflops });
  pts.push({ x: X_MAX, y: Math.min(peakGflops, X_MAX * bandwidthGBps) });
  return pts;
}

const tflops = (gflops: number) =>
  gflops >= 1000 ? `${fmt(gflops / 1000)} TFLOP/s` : `${fmt(gflops)} GFLOP/s`;

function ceilingDataset(
  label: string,
  data: Pt[],
  color: string,
  dash: number[],
  width = 2,
): RooflineChartType['data']['datasets'][number] {
  return {
    label,
    data,
    showLine: true,
    borderColor: color,
    backgroundColor: color,
    borderDash: dash,
    borderWidth: width,
    pointStyle: 'line',
    pointRadius: 0,
    pointHitRadius: 0,
    pointHoverRadius: 0,
  };
}

function referenceDatasets(gpu: GpuSpec, color: string, dashes: [number[], number[]]) {
  const c = t().charts.roofline;
  const short = gpu.name.replace(/^NVIDIA (GeForce )?/, '');
  const sets = [
    ceilingDataset(
      c.referenceFp16({
        gpu: short,
        bandwidth: fmtAsGiven(gpu.bandwidthGBps),
        tflops: fmtAsGiven(gpu.fp16Tflops),
      }),
      roofLine(gpu.bandwidthGBps, gpu.fp16Tflops * 1000),
      color,
      dashes[0],
    ),
  ];
  if (gpu.fp32Tflops !== gpu.fp16Tflops) {
    sets.push(
      ceilingDataset(
        c.referenceFp32({ gpu: short, tflops: fmtAsGiven(gpu.fp32Tflops) }),
        roofLine(gpu.bandwidthGBps, gpu.fp32Tflops * 1000),
        color,
        dashes[1],
        1.5,
      ),
    );
  }
  return sets;
}

/** A run's ceilings and points; a second run being compared (`second`) is marked B, its points ×. */
function measuredDatasets(roof: Roofline, second = false): RooflineChartType['data']['datasets'] {
  const c = t().charts.roofline;
  const tag = (label: string) => (second ? `B: ${label}` : label);
  const sets: RooflineChartType['data']['datasets'] = [];
  const beta = roof.bandwidthGBps;
  if (beta !== undefined) {
    Object.entries(roof.computeGflops).forEach(([format, pi], i) => {
      sets.push(
        ceilingDataset(
          tag(c.measured({ bandwidth: fmt(beta), compute: tflops(pi), format })),
          roofLine(beta, pi),
          second ? '#0e7490' : '#111827',
          second ? [3, 3] : i === 0 ? [] : [8, 3],
          second ? 2 : 3,
        ),
      );
    });
  }
  const groups = new Map<string, Pt[]>();
  for (const p of roof.points) {
    const r = p.row;
    const key = `${r.kernel} ${r.format}`;
    const pts = groups.get(key) ?? [];
    pts.push({
      x: p.intensity,
      y: p.achievedGflops,
      lines: [
        tag(`${r.kernel.toUpperCase()} ${r.format} · ${shapeText(r)}`),
        c.tipVariant({ variant: r.variant }),
        `${fmt(r.gbps)} GB/s · ${fmt(r.gflops)} GFLOP/s`,
        c.tipIntensity({ intensity: fmt(p.intensity), bound: c.bound[p.bound] }),
        c.tipEfficiency({
          percent: fmtPercent(p.efficiency),
          attainable: fmt(p.attainableGflops),
        }),
      ],
    });
    groups.set(key, pts);
  }
  const order: readonly string[] = FORMAT_IDS;
  const keys = [...groups.keys()].sort((a, b) => {
    const [ka = '', fa = ''] = a.split(' ');
    const [kb = '', fb = ''] = b.split(' ');
    return ka === kb ? order.indexOf(fa) - order.indexOf(fb) : ka === 'gemv' ? -1 : 1;
  });
  for (const key of keys) {
    const [kernel = '', format = ''] = key.split(' ');
    const s = styleOf(format);
    const gemv = kernel === 'gemv';
    sets.push({
      label: tag(gemv ? c.gemvPoints({ format }) : c.gemmPoints({ format })),
      data: (groups.get(key) ?? []).sort((a, b) => a.x - b.x),
      showLine: false,
      pointStyle: second ? 'crossRot' : s.point,
      pointRadius: gemv ? 5 : 6,
      pointHoverRadius: 8,
      borderColor: s.color,
      backgroundColor: gemv ? s.color : 'rgba(255,255,255,0.85)',
      borderWidth: 2,
    });
  }
  return sets;
}

function summaryText(roof: Roofline, doc: ResultsDocument): string {
  const c = t().charts.roofline;
  const beta = roof.bandwidthGBps;
  if (beta === undefined) {
    return c.noBandwidth({ notes: roof.notes.map((n) => c.missing[n.id]).join('; ') });
  }
  const pis = Object.entries(roof.computeGflops)
    .map(([format, pi]) => c.pi({ compute: tflops(pi), format, ridge: fmt(pi / beta) }))
    .join(c.listSeparator);
  const parts = [
    c.ceilings({
      adapter: doc.adapter.isSoftware ? c.adapter.software : c.adapter.gpu,
      beta: fmt(beta),
      pis: pis || c.piNotMeasured,
    }),
  ];
  const gemv = roof.points.filter((p) => p.row.kernel === 'gemv');
  if (gemv.length > 0) {
    const eff = gemv.map((p) => p.efficiency);
    const lo = Math.min(...gemv.map((p) => p.intensity));
    const hi = Math.max(...gemv.map((p) => p.intensity));
    parts.push(
      c.gemv({
        low: fmt(lo),
        high: fmt(hi),
        effLow: fmtPercent(Math.min(...eff)),
        effHigh: fmtPercent(Math.max(...eff)),
      }),
    );
  }
  const gemm = roof.points.filter((p) => p.row.kernel === 'gemm');
  if (gemm.length > 0) {
    const byM = new Map<number, number>();
    for (const p of gemm) {
      const m = p.row.shape.m ?? 1;
      byM.set(m, Math.max(byM.get(m) ?? 0, p.achievedGflops));
    }
    const ms = [...byM.keys()].sort((a, b) => a - b);
    const best = ms
      .map((m) => c.gemmAt({ gflops: fmt(byM.get(m) ?? 0), m: fmtInt(m) }))
      .join(c.listSeparator);
    parts.push(c.gemm({ best }));
  }
  return parts.join(c.sentenceSeparator);
}

export interface RooflineView {
  setDocument(doc: ResultsDocument | null): void;
  /** A second run to draw beside the first (null: none). */
  setComparison(doc: ResultsDocument | null): void;
  /** Redraws every word in the page's language. */
  relocalise(): void;
}

/** The empty log–log chart, its ticks labelled by decade. */
function rooflineChart(canvas: HTMLCanvasElement): RooflineChartType {
  return new Chart(canvas, {
    type: 'scatter',
    data: { datasets: [] },
    options: {
      animation: false,
      maintainAspectRatio: false,
      parsing: false,
      interaction: { mode: 'nearest', intersect: true },
      scales: {
        x: {
          type: 'logarithmic',
          min: X_MIN,
          max: X_MAX,
          title: { display: true, text: '' },
          ticks: { callback: (v) => decadeLabel(Number(v)) },
        },
        y: {
          type: 'logarithmic',
          title: { display: true, text: '' },
          ticks: { callback: (v) => decadeLabel(Number(v)) },
        },
      },
      plugins: {
        legend: { labels: { usePointStyle: true, boxWidth: 10 } },
        tooltip: {
          filter: (item) => (item.raw as Pt).lines !== undefined,
          callbacks: { label: (item) => (item.raw as Pt).lines ?? [] },
        },
      },
    },
  });
}

/** The reference GPUs' ceilings chosen: the A100 (checkbox) and one more (picker). */
function chosenReferences(a100Box: HTMLInputElement, refSelect: HTMLSelectElement) {
  const sets: RooflineChartType['data']['datasets'] = [];
  if (a100Box.checked)
    sets.push(
      ...referenceDatasets(getGpu('a100-80g-sxm'), '#6b7280', [
        [6, 4],
        [2, 3],
      ]),
    );
  if (refSelect.value !== '') {
    sets.push(
      ...referenceDatasets(getGpu(refSelect.value), '#a16207', [
        [12, 4],
        [4, 2, 1, 2],
      ]),
    );
  }
  return sets;
}

/** Wires the chart and its controls (#roofline-chart, #roofline-a100, #roofline-ref). */
export function setupRoofline(): RooflineView {
  const canvas = element<HTMLCanvasElement>('roofline-chart');
  const a100Box = element<HTMLInputElement>('roofline-a100');
  const refSelect = element<HTMLSelectElement>('roofline-ref');
  const summary = element<HTMLParagraphElement>('roofline-summary');
  const fillRefSelect = () =>
    fillGpuPicker(refSelect, {
      lead: [{ value: '', label: t().common.none }],
      exclude: ['a100-80g-sxm'],
    });
  fillRefSelect();
  let doc: ResultsDocument | null = null;
  let comparison: ResultsDocument | null = null;
  const chart = rooflineChart(canvas);

  const render = () => {
    const c = t().charts.roofline;
    const { x, y } = chart.options.scales ?? {};
    if (x?.title) x.title.text = c.xTitle;
    if (y?.title) y.title.text = c.yTitle;
    const sets: RooflineChartType['data']['datasets'] = [];
    let roof: Roofline | undefined;
    if (doc !== null) {
      roof = fitRoofline(doc);
      sets.push(...measuredDatasets(roof));
    }
    if (comparison !== null) sets.push(...measuredDatasets(fitRoofline(comparison), true));
    sets.push(...chosenReferences(a100Box, refSelect));
    chart.data.datasets = sets;
    chart.update();
    summary.textContent = doc === null || roof === undefined ? c.noResults : summaryText(roof, doc);
    canvas.dataset.points = String(roof?.points.length ?? 0);
  };

  a100Box.addEventListener('change', render);
  refSelect.addEventListener('change', render);
  render();
  return {
    setDocument(next) {
      doc = next;
      render();
    },
    setComparison(next) {
      comparison = next;
      render();
    },
    relocalise() {
      fillRefSelect();
      render();
    },
  };
}

export const rooflineSection: Section = {
  id: 'roofline',
  mount(host) {
    const view = setupRoofline();
    return headedSection(host, () => t().page['roofline.title'], {
      onDocument: (doc) => view.setDocument(doc),
      onComparison: (doc) => view.setComparison(doc),
      onLocale: () => view.relocalise(),
    });
  },
};

/** Labels only the powers of ten on a log axis: 0.1, 1, 10, 100, 1k, 10k, … */
function decadeLabel(v: number): string {
  const e = Math.log10(v);
  if (Math.abs(e - Math.round(e)) > 1e-9) return '';
  if (v >= 1e6) return `${v / 1e6}M`;
  if (v >= 1e3) return `${v / 1e3}k`;
  return String(v);
}
