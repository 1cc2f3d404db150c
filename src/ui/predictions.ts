// Predictions: Llama-3-8B and -70B (and one more catalogue model) × fp16/int8/int4, from the
// results on screen (measured mode) or from a datasheet (spec mode: works without WebGPU), with
// the chapter's SLA verdicts, its perception thresholds in words, and the A100 contrast. The
// settings chosen here (source, lengths, batch, context, the model and format in focus) also
// drive the latency–throughput and memory sections, through `onChange`.

import type { ResultsDocument } from '../bench/results';
import { resolveFormat, type WeightFormat } from '../model/formats';
import { GPUS, getGpu } from '../model/gpus';
import { getModel, MODELS, type ModelConfig } from '../model/llm';
import {
  DEFAULT_OUTPUT_TOKENS,
  DEFAULT_PROMPT_TOKENS,
  type PredictOptions,
} from '../model/predict';
import type { ProfileId } from '../model/profiles';
import { PERCEPTION, SLAS } from '../model/reference';
import { adapterName, type PredictReport, predictReport, type ReportSource } from '../model/report';
import { fitRoofline } from '../model/roofline';
import { num } from '../model/text';
import type { Feel } from '../model/verdicts';
import { element, make, setOptions, td, th } from './dom';
import { durationNodes, gbText, rangeNodes, verdictNode } from './format';

export const TABLE_MODELS = ['llama-3-8b', 'llama-3-70b'] as const;
export const TABLE_FORMATS = ['fp16', 'int8', 'int4'] as const;
/** Spec mode's GPU when nothing else is chosen. */
export const DEFAULT_SPEC_GPU = 'rtx-4090';

/** Input limits: a prompt up to 32k tokens, replies up to 8k, batches up to 256, context to 128k. */
export const LIMITS = {
  prompt: { min: 1, max: 32_768, label: 'Prompt tokens' },
  output: { min: 1, max: 8_192, label: 'Output tokens' },
  batch: { min: 1, max: 256, label: 'Batch' },
  context: { min: 0, max: 131_072, label: 'Context' },
} as const;

/** What the other sections need to draw themselves for the same settings. */
export interface PredictionContext {
  source: ReportSource;
  /** "measured on …" or "NVIDIA … datasheet, native runtime". */
  sourceLabel: string;
  options: PredictOptions;
  focusModel: ModelConfig;
  focusFormat: WeightFormat;
  /** β for bytes-per-token floors: measured, or the datasheet's. */
  bandwidthGBps: number;
  bandwidthLabel: string;
}

export interface PredictionsView {
  setDocument(doc: ResultsDocument | null): void;
  context(): PredictionContext;
}

/** An integer input clamped to [min, max]; a message says what changed. */
export function clampInput(
  raw: string,
  limit: { min: number; max: number; label: string },
  fallback: number | undefined,
): { value: number | undefined; message?: string } {
  const text = raw.trim();
  if (text === '') return { value: fallback };
  const v = Number(text);
  if (!Number.isFinite(v)) {
    const shown = fallback === undefined ? 'the default' : String(fallback);
    return {
      value: fallback,
      message: `${limit.label} "${text}" is not a number: using ${shown}.`,
    };
  }
  const rounded = Math.round(v);
  const clamped = Math.min(limit.max, Math.max(limit.min, rounded));
  if (clamped !== v) {
    const why =
      rounded !== v && clamped === rounded
        ? 'is not a whole number'
        : `is outside ${limit.min}–${limit.max}`;
    return { value: clamped, message: `${limit.label} ${text} ${why}: using ${clamped}.` };
  }
  return { value: clamped };
}

const FEEL_TEXT: Record<Feel, string> = {
  'faster than reading': 'streams faster than reading',
  'about reading speed': 'about reading speed',
  'slower than reading': 'slower than reading',
  stutters: 'stutters',
};

function feelText(r: PredictReport): string {
  const first = r.verdicts.perception.firstTokenFast
    ? 'first token feels instant'
    : 'first token is a noticeable wait';
  return `${first}; ${FEEL_TEXT[r.verdicts.perception.itlFeel]}`;
}

function memoryNodes(r: PredictReport): Node[] {
  const m = r.memory;
  const fit =
    m.fits === null || m.capacityBytes === null
      ? 'capacity unknown'
      : m.fits
        ? `fits in ${gbText(m.capacityBytes)}`
        : `does not fit in ${gbText(m.capacityBytes)}`;
  return [
    make('span', gbText(m.totalBytes), 'exp'),
    make('span', `weights ${gbText(m.weightBytes)} + KV ${gbText(m.kvBytes)}; ${fit}`, 'rng free'),
  ];
}

function sourceText(r: PredictReport): string {
  if (r.source === 'spec') return `spec (${r.runtime})`;
  return r.rooflineFallback ? 'measured †' : 'measured';
}

function thresholdsList(list: HTMLUListElement): void {
  const slaWords = SLAS.filter((s) => s.id === 'chat' || s.id === 'code-completion').map(
    (s) =>
      `${s.label[0]?.toUpperCase()}${s.label.slice(1)} needs the first token within ${s.ttftP95Ms} ms and each next token within ${s.itlP95Ms} ms (P95).`,
  );
  list.replaceChildren(
    ...[
      `A first token within ${PERCEPTION.fastFirstTokenMs} ms feels instant.`,
      `About ${PERCEPTION.readingSpeedItlMs} ms per token (${num(1000 / PERCEPTION.readingSpeedItlMs)} tokens/s) is reading speed: text streams as fast as people read it.`,
      `Over ${PERCEPTION.stutterItlMs} ms per token, streaming visibly stutters.`,
      ...slaWords,
      'End to end ≈ TTFT + (output tokens − 1) × ms/token: the chapter’s formula.',
    ].map((t) => make('li', t)),
  );
}

export function setupPredictions(onChange: (ctx: PredictionContext) => void): PredictionsView {
  const ui = {
    source: element<HTMLSelectElement>('pred-source'),
    runtime: element<HTMLSelectElement>('pred-runtime'),
    extra: element<HTMLSelectElement>('pred-extra-model'),
    prompt: element<HTMLInputElement>('pred-prompt'),
    output: element<HTMLInputElement>('pred-output'),
    batch: element<HTMLInputElement>('pred-batch'),
    context: element<HTMLInputElement>('pred-context'),
    clamp: element<HTMLParagraphElement>('pred-clamp'),
    note: element<HTMLParagraphElement>('pred-source-note'),
    tbody: element<HTMLTableElement>('pred-table').tBodies[0] as HTMLTableSectionElement,
    ttftHead: element<HTMLTableCellElement>('pred-ttft-head'),
    e2eHead: element<HTMLTableCellElement>('pred-e2e-head'),
    focusModel: element<HTMLSelectElement>('focus-model'),
    focusFormat: element<HTMLSelectElement>('focus-format'),
    contrastTitle: element<HTMLHeadingElement>('contrast-title'),
    contrastHead: element<HTMLTableCellElement>('contrast-this-head'),
    contrastBody: element<HTMLTableElement>('contrast-table').tBodies[0] as HTMLTableSectionElement,
    contrastChapter: element<HTMLParagraphElement>('contrast-chapter'),
    contrastGap: element<HTMLParagraphElement>('contrast-gap'),
  };
  thresholdsList(element<HTMLUListElement>('pred-thresholds'));
  setOptions(ui.extra, [
    { value: '', label: 'no other model' },
    ...MODELS.filter((m) => !(TABLE_MODELS as readonly string[]).includes(m.id)).map((m) => ({
      value: m.id,
      label: m.name,
    })),
  ]);
  setOptions(
    ui.focusModel,
    MODELS.map((m) => ({ value: m.id, label: m.name })),
    'llama-3-8b',
  );

  let doc: ResultsDocument | null = null;
  /** Why the document on screen cannot drive measured mode, if it cannot. */
  let unusable: string | undefined;
  let current: PredictionContext | undefined;

  const specOptions = GPUS.map((g) => ({ value: g.id, label: `datasheet: ${g.name}` }));
  const fillSources = (preferred?: string) => {
    const measured =
      doc !== null && unusable === undefined
        ? [{ value: 'measured', label: `measured: the results on screen (${adapterName(doc)})` }]
        : [];
    setOptions(ui.source, [...measured, ...specOptions], preferred);
  };
  fillSources(DEFAULT_SPEC_GPU);

  const readSettings = (): PredictOptions => {
    const messages: string[] = [];
    const read = (
      input: HTMLInputElement,
      limit: (typeof LIMITS)[keyof typeof LIMITS],
      def?: number,
    ) => {
      const r = clampInput(input.value, limit, def);
      if (r.message !== undefined) {
        messages.push(r.message);
        input.value = r.value === undefined ? '' : String(r.value);
      }
      return r.value;
    };
    const prompt = read(ui.prompt, LIMITS.prompt, DEFAULT_PROMPT_TOKENS) ?? DEFAULT_PROMPT_TOKENS;
    const output = read(ui.output, LIMITS.output, DEFAULT_OUTPUT_TOKENS) ?? DEFAULT_OUTPUT_TOKENS;
    const batch = read(ui.batch, LIMITS.batch, 1) ?? 1;
    const context = read(ui.context, LIMITS.context, undefined);
    ui.clamp.hidden = messages.length === 0;
    ui.clamp.textContent = messages.join(' ');
    return {
      promptTokens: prompt,
      outputTokens: output,
      batch,
      ...(context === undefined ? {} : { context }),
    };
  };

  const currentSource = (): {
    source: ReportSource;
    label: string;
    bw: number;
    bwLabel: string;
  } => {
    if (ui.source.value === 'measured' && doc !== null) {
      const beta = fitRoofline(doc).bandwidthGBps ?? 0;
      return {
        source: { kind: 'measured', results: doc },
        label: `measured on ${adapterName(doc)}`,
        bw: beta,
        bwLabel: `this run's ${num(beta)} GB/s`,
      };
    }
    const gpu = getGpu(ui.source.value || DEFAULT_SPEC_GPU);
    const runtime = ui.runtime.value as ProfileId;
    return {
      source: { kind: 'spec', hw: gpu, runtime },
      label: `${gpu.name} datasheet, ${runtime === 'native' ? 'native engine' : 'WebGPU-in-a-browser'} profile`,
      bw: gpu.bandwidthGBps,
      bwLabel: `the ${gpu.name}'s ${gpu.bandwidthGBps} GB/s`,
    };
  };

  const renderTable = (ctx: PredictionContext) => {
    const models = [...TABLE_MODELS, ...(ui.extra.value === '' ? [] : [ui.extra.value])];
    const o = ctx.options;
    ui.ttftHead.textContent = `TTFT (${o.promptTokens}-token prompt)`;
    ui.e2eHead.textContent = `E2E (${o.outputTokens} tokens out)`;
    const rows: HTMLTableRowElement[] = [];
    let fallback = false;
    for (const id of models) {
      const model = getModel(id);
      TABLE_FORMATS.forEach((f, i) => {
        const tr = document.createElement('tr');
        tr.dataset.model = model.id;
        tr.dataset.format = f;
        if (i === 0) {
          const head = th(model.name);
          head.rowSpan = TABLE_FORMATS.length;
          tr.append(head);
        }
        const format = resolveFormat(f);
        try {
          const { report: r } = predictReport(ctx.source, model, format, o);
          if (r.rooflineFallback) fallback = true;
          tr.dataset.source = r.source;
          tr.append(
            td([make('span', f, 'exp'), make('span', `${r.bitsPerWeight} bits/weight`, 'rng')]),
            td(sourceText(r)),
            td(rangeNodes(r.decode.msPerToken), 'num'),
            td(rangeNodes(r.decode.tokensPerSecond), 'num'),
            td(durationNodes(r.prefill.ttftMs), 'num'),
            td(durationNodes(r.e2eMs), 'num'),
            td(memoryNodes(r), 'num'),
            td([verdictNode(r.verdicts.sla.find((v) => v.id === 'chat')?.overall ?? 'misses')]),
            td([
              verdictNode(
                r.verdicts.sla.find((v) => v.id === 'code-completion')?.overall ?? 'misses',
              ),
            ]),
            td(feelText(r), 'wrap'),
          );
        } catch (e) {
          tr.dataset.source = 'error';
          const cell = td(
            `${f}: cannot predict: ${e instanceof Error ? e.message : String(e)}`,
            'failed',
          );
          cell.colSpan = 10;
          tr.append(cell);
        }
        rows.push(tr);
      });
    }
    ui.tbody.replaceChildren(...rows);
    const notes: string[] = [];
    if (ctx.source.kind === 'measured') {
      const d = ctx.source.results;
      notes.push(
        `Source: measured — each matrix of the model timed as the kernels measured on ${adapterName(d)}, scaled by layer count, plus the KV cache at the measured bandwidth.`,
      );
      if (fallback) {
        notes.push(
          '† Partly from the roofline: some shapes or formats are missing from these results, and those parts come from β and π instead.',
        );
      }
      if (d.adapter.isSoftware) {
        notes.push('These results come from a software adapter: a CPU’s numbers, not a GPU’s.');
      }
      notes.push(
        'WebGPU does not report the GPU’s memory size, so whether a model fits is unknown.',
      );
    } else {
      notes.push(
        `Source: spec — the ${ctx.sourceLabel}. No WebGPU is needed for these; run the benchmark for this GPU's own numbers.`,
      );
      if (unusable !== undefined)
        notes.push(`The results on screen cannot drive predictions: ${unusable}.`);
    }
    ui.note.textContent = notes.join(' ');
  };

  const renderContrast = (ctx: PredictionContext) => {
    const model = ctx.focusModel;
    ui.contrastTitle.textContent = `Beside an A100 — ${model.name}`;
    ui.contrastHead.textContent =
      ctx.source.kind === 'measured' ? 'This GPU (measured)' : `${ctx.source.hw.name} (spec)`;
    const rows: HTMLTableRowElement[] = [];
    let chapterLabel: string | undefined;
    let gap: string | undefined;
    let focusGap: string | undefined;
    for (const f of TABLE_FORMATS) {
      const tr = document.createElement('tr');
      try {
        const { report: r } = predictReport(ctx.source, model, resolveFormat(f), ctx.options);
        const c = r.a100.chapter;
        if (c !== null)
          chapterLabel = `${c.label}${c.scenario === null ? '' : `, ${c.scenario}`}; source: ${c.source}`;
        if (r.a100.explanation !== null) {
          gap ??= r.a100.explanation;
          if (f === ctx.focusFormat.id) focusGap = r.a100.explanation;
        }
        tr.append(
          td(f),
          td(rangeNodes(r.decode.msPerToken), 'num'),
          td(rangeNodes(r.a100.msPerToken), 'num'),
          td(num(r.a100.floorMsPerToken), 'num'),
          td(
            c === null
              ? '—'
              : c.itlMs.min === c.itlMs.max
                ? `${c.itlMs.min}`
                : `${c.itlMs.min}–${c.itlMs.max}`,
            'num',
          ),
        );
      } catch (e) {
        const cell = td(`${f}: ${e instanceof Error ? e.message : String(e)}`, 'failed');
        cell.colSpan = 5;
        tr.append(cell);
      }
      rows.push(tr);
    }
    ui.contrastBody.replaceChildren(...rows);
    ui.contrastChapter.textContent =
      chapterLabel === undefined
        ? `The chapter gives no A100 numbers for ${model.name} at batch ${ctx.options.batch}.`
        : `Last column: as ${chapterLabel}. Shown exactly as the chapter gives them.`;
    ui.contrastGap.textContent = focusGap ?? gap ?? '';
  };

  const update = () => {
    const options = readSettings();
    const src = currentSource();
    ui.runtime.disabled = src.source.kind === 'measured';
    const ctx: PredictionContext = {
      source: src.source,
      sourceLabel: src.label,
      options,
      focusModel: getModel(ui.focusModel.value || 'llama-3-8b'),
      focusFormat: resolveFormat(ui.focusFormat.value || 'fp16'),
      bandwidthGBps: src.bw,
      bandwidthLabel: src.bwLabel,
    };
    current = ctx;
    renderTable(ctx);
    renderContrast(ctx);
    document.body.dataset.predictionSource = ctx.source.kind;
    onChange(ctx);
  };

  for (const el of [ui.source, ui.runtime, ui.extra, ui.focusModel, ui.focusFormat]) {
    el.addEventListener('change', update);
  }
  for (const input of [ui.prompt, ui.output, ui.batch, ui.context]) {
    input.addEventListener('change', update);
  }
  update();

  return {
    setDocument(next) {
      doc = next;
      unusable = undefined;
      if (doc !== null) {
        const roof = fitRoofline(doc);
        if (roof.bandwidthGBps === undefined || Object.keys(roof.computeGflops).length === 0) {
          unusable = roof.notes.join('; ');
        }
      }
      const wasSpec = ui.source.value !== 'measured' ? ui.source.value : DEFAULT_SPEC_GPU;
      fillSources(doc !== null && unusable === undefined ? 'measured' : wasSpec);
      update();
    },
    context() {
      if (current === undefined) throw new Error('predictions not set up');
      return current;
    },
  };
}
