// Predictions: Llama-3-8B and -70B (and one more catalogue model) × fp16/int8/int4, from the
// results on screen (measured mode) or from a datasheet (spec mode: works without WebGPU), with
// the chapter's SLA verdicts, its perception thresholds in words, and the A100 contrast. The
// settings chosen here (source, lengths, batch, context, the model and format in focus) also
// drive the latency–throughput and memory sections, through `onChange`.

import { errorMessage } from '../core/error-message';
import { MODEL_FORMAT_IDS, resolveFormat, type WeightFormat } from '../core/formats';
import type { ResultsDocument } from '../core/results';
import { CHAPTER_A100_LLAMA3_8B_FP16, PERCEPTION, SLAS } from '../model/chapter';
import { gapFacts } from '../model/contrast';
import { GPUS, getGpu } from '../model/gpus';
import { getModel, MODELS, type ModelConfig } from '../model/llm';
import {
  DEFAULT_OUTPUT_TOKENS,
  DEFAULT_PROMPT_TOKENS,
  type PredictOptions,
} from '../model/predictor';
import type { ProfileId } from '../model/profiles';
import { adapterName, type PredictReport, predictReport, type ReportSource } from '../model/report';
import { fitRoofline } from '../model/roofline';
import { element, make, setOptions, td, th } from './dom';
import { chapterRangeText, durationNodes, rangeNodes, verdictNode } from './format';
import { t } from './i18n';
import { en } from './i18n/en';
import { onLocaleChange } from './i18n/locale';
import { fmt, fmtAsGiven, fmtFixed, fmtGB, fmtInt } from './i18n/numbers';

export const TABLE_MODELS = ['llama-3-8b', 'llama-3-70b'] as const;
export const TABLE_FORMATS = MODEL_FORMAT_IDS;
/** Spec mode's GPU when nothing else is chosen. */
export const DEFAULT_SPEC_GPU = 'rtx-4090';

/**
 * Input limits: a prompt up to 32k tokens, replies up to 8k, batches up to 256, context to 128k.
 * Each input's name is in the messages (`limit[key]`), looked up when a message is made.
 */
export const LIMITS = {
  prompt: { min: 1, max: 32_768, key: 'prompt' },
  output: { min: 1, max: 8_192, key: 'output' },
  batch: { min: 1, max: 256, key: 'batch' },
  context: { min: 0, max: 131_072, key: 'context' },
} as const;

export type LimitKey = keyof typeof LIMITS;

/** What the other sections need to draw themselves for the same settings. */
export interface PredictionContext {
  source: ReportSource;
  /** "measured on …" or "NVIDIA … datasheet, native engine profile", in the page's language. */
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

/**
 * An integer input clamped to [min, max]; a message, in the page's language, says what changed.
 * The message echoes the numbers as typed and as used, without digit grouping.
 */
export function clampInput(
  raw: string,
  limit: { min: number; max: number; key: LimitKey },
  fallback: number | undefined,
): { value: number | undefined; message?: string } {
  const m = t().predictions;
  const label = m.limit[limit.key];
  const text = raw.trim();
  if (text === '') return { value: fallback };
  const v = Number(text);
  if (!Number.isFinite(v)) {
    const using = fallback === undefined ? m.theDefault : String(fallback);
    return { value: fallback, message: m.notANumber({ label, text, using }) };
  }
  const rounded = Math.round(v);
  const clamped = Math.min(limit.max, Math.max(limit.min, rounded));
  if (clamped !== v) {
    const using = String(clamped);
    const message =
      rounded !== v && clamped === rounded
        ? m.notWhole({ label, text, using })
        : m.outside({ label, text, min: String(limit.min), max: String(limit.max), using });
    return { value: clamped, message };
  }
  return { value: clamped };
}

function feelText(r: PredictReport): string {
  const m = t().predictions;
  const p = r.verdicts.perception;
  return m.feelLine({
    first: p.firstTokenFast ? m.firstTokenFast : m.firstTokenSlow,
    itl: m.feel[p.itlFeel],
  });
}

function memoryNodes(r: PredictReport): Node[] {
  const msg = t().predictions;
  const m = r.memory;
  const fit =
    m.fits === null || m.capacityBytes === null
      ? msg.capacityUnknown
      : m.fits
        ? msg.fitsIn({ gb: fmtGB(m.capacityBytes) })
        : msg.doesNotFitIn({ gb: fmtGB(m.capacityBytes) });
  return [
    make('span', fmtGB(m.totalBytes), 'exp'),
    make(
      'span',
      msg.memoryParts({ weights: fmtGB(m.weightBytes), kv: fmtGB(m.kvBytes), fit }),
      'rng free',
    ),
  ];
}

function sourceText(r: PredictReport): string {
  const m = t().predictions;
  if (r.source === 'spec') {
    return r.runtime === null
      ? m.sourceSpecBare
      : m.sourceSpec({ runtime: m.runtimeShort[r.runtime] });
  }
  return r.rooflineFallback ? m.sourceFallback : m.sourceMeasured;
}

function thresholdsList(list: HTMLUListElement): void {
  const m = t().predictions;
  const ms = (v: number | undefined) => (v === undefined ? '—' : fmtInt(v));
  const slaWords = SLAS.filter((s) => s.id === 'chat' || s.id === 'code-completion').map((s) =>
    m.slaNeeds({ sla: m.sla[s.id] ?? s.label, ttft: ms(s.ttftP95Ms), itl: ms(s.itlP95Ms) }),
  );
  list.replaceChildren(
    ...[
      m.thresholdFast({ ms: ms(PERCEPTION.fastFirstTokenMs) }),
      m.thresholdReading({
        ms: ms(PERCEPTION.readingSpeedItlMs),
        tokensPerSecond: fmt(1000 / PERCEPTION.readingSpeedItlMs),
      }),
      m.thresholdStutter({ ms: ms(PERCEPTION.stutterItlMs) }),
      ...slaWords,
      m.e2eFormula,
    ].map((text) => make('li', text)),
  );
}

/** The chapter's label and scenario in the page's language, where they are the known ones. */
function chapterText(c: NonNullable<PredictReport['a100']['chapter']>): string {
  const m = t().predictions;
  const label = c.label === en.predictions.chapterReported ? m.chapterReported : c.label;
  let chapter = label;
  if (c.scenario !== null) {
    const batch = CHAPTER_A100_LLAMA3_8B_FP16.scenarios.find((s) => s.label === c.scenario)?.batch;
    const scenario = (batch === undefined ? undefined : m.chapterScenario[batch]) ?? c.scenario;
    chapter = m.chapterWithScenario({ label, scenario });
  }
  return m.chapterSourced({ chapter, source: c.source });
}

/** Why the chapter's ITL is far above the A100 floor: model/contrast.ts's explainGap, in words. */
function gapText(r: PredictReport): string | undefined {
  const c = r.a100.chapter;
  if (r.a100.explanation === null || c === null) return undefined;
  const floor = r.a100.floorMsPerToken;
  const g = gapFacts(c.itlMs, floor);
  return t().predictions.gapExplanation({
    min: fmtAsGiven(c.itlMs.min),
    max: fmtAsGiven(c.itlMs.max),
    timesLow: fmtFixed(g.timesLow, 1),
    timesHigh: fmtFixed(g.timesHigh, 1),
    floor: fmtFixed(floor, 1),
    peakLow: fmtFixed(g.peakLow, 0),
    peakHigh: fmtFixed(g.peakHigh, 0),
    native: fmtFixed(r.a100.msPerToken.expected, 1),
  });
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
  const thresholds = element<HTMLUListElement>('pred-thresholds');
  thresholdsList(thresholds);
  const fillExtra = () =>
    setOptions(ui.extra, [
      { value: '', label: t().predictions.noOtherModel },
      ...MODELS.filter((m) => !(TABLE_MODELS as readonly string[]).includes(m.id)).map((m) => ({
        value: m.id,
        label: m.name,
      })),
    ]);
  fillExtra();
  setOptions(
    ui.focusModel,
    MODELS.map((m) => ({ value: m.id, label: m.name })),
    'llama-3-8b',
  );
  setOptions(
    ui.focusFormat,
    TABLE_FORMATS.map((f) => ({ value: f, label: f })),
    'fp16',
  );

  let doc: ResultsDocument | null = null;
  /** Why the document on screen cannot drive measured mode, if it cannot. */
  let unusable: string | undefined;
  let current: PredictionContext | undefined;

  const fillSources = (preferred?: string) => {
    const m = t().predictions;
    const measured =
      doc !== null && unusable === undefined
        ? [{ value: 'measured', label: m.measuredOption({ adapter: adapterName(doc) }) }]
        : [];
    const specOptions = GPUS.map((g) => ({
      value: g.id,
      label: m.datasheetOption({ gpu: g.name }),
    }));
    setOptions(ui.source, [...measured, ...specOptions], preferred);
  };
  fillSources(DEFAULT_SPEC_GPU);

  /** The inputs clamped by the last change, kept to say so again in another language. */
  let clamped: { raw: string; limit: (typeof LIMITS)[LimitKey]; fallback: number | undefined }[] =
    [];
  const readSettings = (relocalised: boolean): PredictOptions => {
    const now: typeof clamped = [];
    const read = (input: HTMLInputElement, limit: (typeof LIMITS)[LimitKey], def?: number) => {
      const r = clampInput(input.value, limit, def);
      if (r.message !== undefined) {
        now.push({ raw: input.value, limit, fallback: def });
        input.value = r.value === undefined ? '' : String(r.value);
      }
      return r.value;
    };
    const prompt = read(ui.prompt, LIMITS.prompt, DEFAULT_PROMPT_TOKENS) ?? DEFAULT_PROMPT_TOKENS;
    const output = read(ui.output, LIMITS.output, DEFAULT_OUTPUT_TOKENS) ?? DEFAULT_OUTPUT_TOKENS;
    const batch = read(ui.batch, LIMITS.batch, 1) ?? 1;
    const context = read(ui.context, LIMITS.context, undefined);
    // After a language switch the inputs hold the clamped values: repeat the last messages.
    if (!relocalised || now.length > 0) clamped = now;
    const messages = clamped.flatMap((c) => clampInput(c.raw, c.limit, c.fallback).message ?? []);
    ui.clamp.hidden = messages.length === 0;
    ui.clamp.textContent = messages.join(t().predictions.sentenceGap);
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
    const m = t().predictions;
    if (ui.source.value === 'measured' && doc !== null) {
      const beta = fitRoofline(doc).bandwidthGBps ?? 0;
      return {
        source: { kind: 'measured', results: doc },
        label: m.measuredOn({ adapter: adapterName(doc) }),
        bw: beta,
        bwLabel: m.bandwidthMeasured({ gbps: fmt(beta) }),
      };
    }
    const gpu = getGpu(ui.source.value || DEFAULT_SPEC_GPU);
    const runtime = ui.runtime.value as ProfileId;
    return {
      source: { kind: 'spec', hw: gpu, runtime },
      label: m.specLabel({
        gpu: gpu.name,
        runtime: runtime === 'native' ? m.runtimeProfile.native : m.runtimeProfile.browser,
      }),
      bw: gpu.bandwidthGBps,
      bwLabel: m.bandwidthSpec({ gpu: gpu.name, gbps: fmtAsGiven(gpu.bandwidthGBps) }),
    };
  };

  const renderTable = (ctx: PredictionContext) => {
    const models = [...TABLE_MODELS, ...(ui.extra.value === '' ? [] : [ui.extra.value])];
    const m = t().predictions;
    const o = ctx.options;
    ui.ttftHead.textContent = m.ttftHead({
      prompt: fmtInt(o.promptTokens ?? DEFAULT_PROMPT_TOKENS),
    });
    ui.e2eHead.textContent = m.e2eHead({ output: fmtInt(o.outputTokens ?? DEFAULT_OUTPUT_TOKENS) });
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
            td([
              make('span', f, 'exp'),
              make('span', m.bitsPerWeight({ bits: fmtAsGiven(r.bitsPerWeight) }), 'rng'),
            ]),
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
          const cell = td(m.cannotPredict({ format: f, error: errorMessage(e) }), 'failed');
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
      notes.push(m.noteMeasured({ adapter: adapterName(d) }));
      if (fallback) notes.push(m.noteFallback);
      if (d.adapter.isSoftware) notes.push(m.noteSoftware);
      notes.push(m.noteNoCapacity);
    } else {
      notes.push(m.noteSpec({ source: ctx.sourceLabel }));
      if (unusable !== undefined) notes.push(m.noteUnusable({ why: unusable }));
    }
    ui.note.textContent = notes.join(m.sentenceGap);
  };

  const renderContrast = (ctx: PredictionContext) => {
    const m = t().predictions;
    const model = ctx.focusModel;
    ui.contrastTitle.textContent = m.contrastTitle({ model: model.name });
    ui.contrastHead.textContent =
      ctx.source.kind === 'measured'
        ? m.contrastThisMeasured
        : m.contrastThisSpec({ gpu: ctx.source.hw.name });
    const rows: HTMLTableRowElement[] = [];
    let chapterLabel: string | undefined;
    let gap: string | undefined;
    let focusGap: string | undefined;
    for (const f of TABLE_FORMATS) {
      const tr = document.createElement('tr');
      try {
        const { report: r } = predictReport(ctx.source, model, resolveFormat(f), ctx.options);
        const c = r.a100.chapter;
        if (c !== null) chapterLabel = chapterText(c);
        const explanation = gapText(r);
        if (explanation !== undefined) {
          gap ??= explanation;
          if (f === ctx.focusFormat.id) focusGap = explanation;
        }
        tr.append(
          td(f),
          td(rangeNodes(r.decode.msPerToken), 'num'),
          td(rangeNodes(r.a100.msPerToken), 'num'),
          td(fmt(r.a100.floorMsPerToken), 'num'),
          td(c === null ? '—' : chapterRangeText(c.itlMs), 'num'),
        );
      } catch (e) {
        const cell = td(m.contrastError({ format: f, error: errorMessage(e) }), 'failed');
        cell.colSpan = 5;
        tr.append(cell);
      }
      rows.push(tr);
    }
    ui.contrastBody.replaceChildren(...rows);
    ui.contrastChapter.textContent =
      chapterLabel === undefined
        ? m.chapterNone({ model: model.name, batch: fmtInt(ctx.options.batch ?? 1) })
        : m.chapterLastColumn({ chapter: chapterLabel });
    ui.contrastGap.textContent = focusGap ?? gap ?? '';
  };

  const update = (relocalised = false) => {
    const options = readSettings(relocalised);
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
    el.addEventListener('change', () => update());
  }
  for (const input of [ui.prompt, ui.output, ui.batch, ui.context]) {
    input.addEventListener('change', () => update());
  }
  update();
  // A language switch redraws everything this section owns, and (through onChange) the sections
  // that follow its settings.
  onLocaleChange(() => {
    thresholdsList(thresholds);
    fillExtra();
    fillSources();
    update(true);
  });

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
