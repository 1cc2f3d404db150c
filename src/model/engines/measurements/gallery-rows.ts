// The gallery's decode runs as calibration rows for this benchmark's own decoder
// ('webgpu-roofline', a browser engine, so its rows also feed the browser class profile): each
// verified, non-software whole-model decode run on an adapter the GPU catalogue names, where the
// adapter has at least MIN_RUNS_PER_ADAPTER such runs. The datasheet rates come from the
// catalogue entry the adapter's name matches; a browser that hides the name gives no row.

import { formatId } from '../../../core/formats';
import { catalogueGpuFor } from '../../hardware/catalogue-match';
import type { GpuSpec } from '../../hardware/gpu-spec';
import { findModel } from '../../llm/models';
import { weightLayout } from '../../llm/weight-layout';
import { type CalibrationRow, gpuKeyOf } from './rows';

/** One decode run as the gallery stores it (server/runs/calibration-runs.ts reads them). */
export interface GalleryDecodeRun {
  runId: number;
  adapter: { vendor: string; architecture: string; device: string; description: string };
  isSoftware: boolean;
  /** chrome, firefox, safari, node … (server/runs/user-agent.ts). */
  browser: string;
  model: string;
  format: string;
  /** Positions of KV cache before the first timed token. */
  context: number;
  verified: boolean;
  /** All of the model's layers; null when the run did not verify. */
  msPerToken: number | null;
}

/** An adapter needs this many usable runs before its runs count: one run is one sample. */
export const MIN_RUNS_PER_ADAPTER = 3;

export const GALLERY_ENGINE_LABEL = 'webgpu-roofline decoder';

export type SkipReason =
  | 'software-adapter'
  | 'not-verified'
  | 'no-catalogue-gpu'
  | 'unknown-model-or-format'
  | 'too-few-runs-on-adapter';

export interface GalleryRows {
  rows: CalibrationRow[];
  /** Runs left out, by why. */
  skipped: Record<SkipReason, number>;
  /** Adapters whose runs became rows: catalogue GPU name → runs. */
  adapters: Map<string, number>;
}

function rowOf(run: GalleryDecodeRun, gpu: GpuSpec, source: string): CalibrationRow | undefined {
  const model = findModel(run.model);
  const format = formatId(run.format);
  if (model === undefined || format === undefined) return;
  return {
    id: `gallery:run${run.runId}:${run.model}:${run.format}:${run.context}`,
    engine: 'webgpu-roofline',
    engineLabel: GALLERY_ENGINE_LABEL,
    gpuLabel: gpu.name,
    gpuKey: gpuKeyOf(gpu.name),
    vendor: gpu.vendor,
    tp: 1,
    link: 'pcie',
    bandwidthGBps: gpu.bandwidthGBps,
    fp16Tflops: Number.NaN,
    fp32Tflops: gpu.fp32Tflops,
    fp8Tflops: undefined,
    fp16AccTflops: undefined,
    model,
    // Our decoder stores every tensor, the head included, in the run's format: its own layout.
    layout: weightLayout(model, format),
    metric: 'decode',
    promptTokens: 0,
    contextTokens: run.context,
    ms: run.msPerToken ?? Number.NaN,
    source,
    quote: `gallery run ${run.runId}: ${run.model} ${run.format} context ${run.context}, ${run.msPerToken} ms/token (${run.browser})`,
  };
}

/** `source`: where the runs came from (the gallery's address or database), kept on each row. */
export function galleryCalibrationRows(
  runs: readonly GalleryDecodeRun[],
  source: string,
): GalleryRows {
  const skipped: Record<SkipReason, number> = {
    'software-adapter': 0,
    'not-verified': 0,
    'no-catalogue-gpu': 0,
    'unknown-model-or-format': 0,
    'too-few-runs-on-adapter': 0,
  };
  const byGpu = new Map<string, CalibrationRow[]>();
  for (const run of runs) {
    const usable = run.verified && run.msPerToken !== null && run.msPerToken > 0;
    const gpu = catalogueGpuFor(run.adapter);
    let reason: SkipReason | undefined;
    if (run.isSoftware) reason = 'software-adapter';
    else if (!usable) reason = 'not-verified';
    else if (gpu === undefined) reason = 'no-catalogue-gpu';
    const row = reason === undefined && gpu !== undefined ? rowOf(run, gpu, source) : undefined;
    if (row === undefined) {
      skipped[reason ?? 'unknown-model-or-format']++;
      continue;
    }
    byGpu.set(row.gpuKey, [...(byGpu.get(row.gpuKey) ?? []), row]);
  }
  const rows: CalibrationRow[] = [];
  const adapters = new Map<string, number>();
  for (const list of byGpu.values()) {
    if (list.length < MIN_RUNS_PER_ADAPTER) {
      skipped['too-few-runs-on-adapter'] += list.length;
      continue;
    }
    rows.push(...list);
    adapters.set(list[0]?.gpuLabel ?? '', list.length);
  }
  return { rows, skipped, adapters };
}

/** The file `npm run calibrate -- --gallery … --write` keeps the gallery's rows in. */
export const GALLERY_CSV_FILE = 'data/calibration/gallery-decode-runs.csv';

const CSV_COLUMNS = [
  'source',
  'engine',
  'runtime',
  'gpu',
  'bandwidth_GBps',
  'peak_tflops',
  'peak_kind',
  'model',
  'model_id',
  'weights',
  'bits_per_weight',
  'batch',
  'prompt_tokens',
  'context_tokens',
  'metric',
  'value',
  'unit',
  'ms',
  'quote',
  'note',
] as const;

const csvCell = (v: string | number): string => {
  const s = String(v);
  return /[",\n\r]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
};

/**
 * Gallery rows in public-measurements-calibration.csv's columns (parsePublicRows reads them
 * back as the same rows): the datasheet rates of the catalogue entry, the FP32 shader rate as
 * the peak (a browser row).
 */
export function galleryRowsCsv(rows: readonly CalibrationRow[]): string {
  const lines = rows.map((r) => {
    const cells: Record<(typeof CSV_COLUMNS)[number], string | number> = {
      source: r.source,
      engine: r.engineLabel,
      runtime: 'browser',
      gpu: r.gpuLabel,
      bandwidth_GBps: r.bandwidthGBps,
      peak_tflops: r.fp32Tflops ?? '',
      peak_kind: 'fp32',
      model: r.model.name,
      model_id: r.model.id,
      weights: r.layout.format,
      bits_per_weight: '',
      batch: 1,
      prompt_tokens: '',
      context_tokens: r.contextTokens,
      metric: 'decode',
      value: 1000 / r.ms,
      unit: 'tok/s',
      ms: r.ms,
      quote: r.quote,
      note: r.id,
    };
    return CSV_COLUMNS.map((c) => csvCell(cells[c])).join(',');
  });
  return `${[CSV_COLUMNS.join(','), ...lines].join('\n')}\n`;
}
