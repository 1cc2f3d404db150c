// One GPU's gallery page: three things side by side — its datasheet (and the spec-mode prediction
// from it), the published engine measurements the project holds for it (data/calibration), and
// this benchmark's runs on it, as a histogram and spreads.

import { resolveFormat } from '../../core/formats';
import { calibrationRows } from '../../model/engines/measurements/data';
import { gpuKeyOf } from '../../model/engines/measurements/rows';
import { catalogueGpuFor } from '../../model/hardware/catalogue-match';
import type { GpuSpec } from '../../model/hardware/gpu-spec';
import { findGpu, gpuForCalibrationName } from '../../model/hardware/gpus';
import { getModel } from '../../model/llm/models';
import { predictSpec } from '../../model/predict/spec-estimator';
import { t } from '../i18n';
import { fmt, fmtInt, fmtPercent } from '../i18n/numbers';
import { make } from '../shell/dom';
import type { GalleryAdapterPage } from './api';
import { galleryName } from './browser';
import { type GalleryChart, histogramChart } from './charts';

const QUICK = { model: 'smollm2-135m', format: 'int4', context: 512 };

function datasheetColumn(gpu: GpuSpec | undefined, medianRead: number | undefined): HTMLElement {
  const m = t().gallery.page;
  const column = make('div', '', 'gallery-column');
  column.append(make('h4', m.datasheet));
  if (gpu === undefined) {
    column.append(make('p', m.noDatasheet));
    return column;
  }
  const share = medianRead === undefined ? '—' : fmtPercent(medianRead / gpu.bandwidthGBps);
  column.append(make('p', m.datasheetLine({ gpu: gpu.name, gbps: fmt(gpu.bandwidthGBps), share })));
  try {
    const model = getModel(QUICK.model);
    const prediction = predictSpec(gpu, 'browser', model, resolveFormat(QUICK.format), {
      context: QUICK.context,
    });
    const range = prediction.decode.msPerToken;
    column.append(
      make(
        'p',
        m.predicted({
          model: `${model.name} ${QUICK.format}`,
          low: fmt(range.low),
          high: fmt(range.high),
        }),
      ),
    );
  } catch {
    // a model the datasheet cannot hold: the line is left out
  }
  return column;
}

/** The catalogue GPU a calibration row's hardware label names ('RTX 4090' → rtx-4090). */
const calibrationGpu = (label: string): GpuSpec | undefined =>
  gpuForCalibrationName(label) ?? findGpu(gpuKeyOf(label).replace(/\s+/g, '-'));

function publishedColumn(gpu: GpuSpec | undefined): HTMLElement {
  const m = t().gallery.page;
  const column = make('div', '', 'gallery-column');
  column.append(make('h4', m.published));
  const rows =
    gpu === undefined
      ? []
      : calibrationRows().filter(
          (r) => r.metric === 'decode' && r.tp === 1 && calibrationGpu(r.gpuLabel)?.id === gpu.id,
        );
  if (rows.length === 0) {
    column.append(make('p', m.noPublished));
    return column;
  }
  const list = make('ul', '', 'gallery-published');
  for (const r of rows.slice(0, 20)) {
    list.append(
      make(
        'li',
        m.publishedRow({
          engine: r.engineLabel,
          model: r.model.name,
          ms: fmt(r.ms),
          source: r.source,
        }),
      ),
    );
  }
  column.append(list);
  return column;
}

function measuredColumn(page: GalleryAdapterPage, canvas: HTMLCanvasElement): HTMLElement {
  const m = t().gallery.page;
  const column = make('div', '', 'gallery-column');
  const a = page.adapter;
  column.append(
    make('h4', m.measured),
    make('p', m.runs({ runs: fmtInt(a.runs) })),
    make('p', m.histogram),
  );
  const box = make('div', '', 'chart-box');
  box.append(canvas);
  column.append(box);
  const lines = make('ul');
  for (const [format, s] of Object.entries(a.gemv)) {
    lines.append(
      make(
        'li',
        m.gemvRow({
          format,
          median: fmtPercent(s.median),
          p10: fmtPercent(s.p10),
          p90: fmtPercent(s.p90),
          n: fmtInt(s.n),
        }),
      ),
    );
  }
  for (const [label, s] of Object.entries(a.decode)) {
    lines.append(
      make(
        'li',
        m.decodeRow({
          label,
          median: fmt(s.median),
          p10: fmt(s.p10),
          p90: fmt(s.p90),
          n: fmtInt(s.n),
        }),
      ),
    );
  }
  column.append(lines);
  return column;
}

/** Renders one adapter's page into `host`; returns its chart (the caller destroys it). */
export function renderGpuPage(host: HTMLElement, page: GalleryAdapterPage): GalleryChart {
  const gpu = catalogueGpuFor(page.adapter);
  const canvas = make('canvas');
  canvas.id = 'gallery-histogram';
  const columns = make('div', '', 'gallery-columns');
  columns.append(
    datasheetColumn(gpu, page.adapter.readGbps?.median),
    publishedColumn(gpu),
    measuredColumn(page, canvas),
  );
  host.replaceChildren(
    make('h3', t().gallery.page.heading({ adapter: galleryName(page.adapter) })),
    columns,
  );
  return histogramChart(canvas, page.histograms.readGbps, fmt);
}
