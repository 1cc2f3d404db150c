// Predictions: Llama-3-8B and -70B (and one more catalogue model) × fp16/int8/int4, from the
// results on screen (measured mode) or from a datasheet (spec mode: works without WebGPU), with
// the chapter's SLA verdicts, its perception thresholds in words, and the A100 contrast. The
// settings chosen here (source, lengths, batch, context, the model and format in focus) also
// drive the latency–throughput and memory sections: the page passes them on as its context.

import { adapterName } from '../../core/adapter-name';
import { errorMessage } from '../../core/error-message';
import { FORMAT_PRESETS } from '../../core/format-presets';
import { MODEL_FORMAT_IDS, resolveFormat } from '../../core/formats';
import type { ResultsDocument } from '../../core/results';
import { getGpu } from '../../model/hardware/gpus';
import { getModel, type ModelConfig } from '../../model/llm/models';
import { fitRoofline } from '../../model/measured/roofline';
import { PERCEPTION, SLAS } from '../../model/predict/chapter';
import { hostCostOf } from '../../model/predict/measured-estimator';
import type { RooflineNote } from '../../model/predict/notes';
import {
  capToContext,
  DEFAULT_OUTPUT_TOKENS,
  DEFAULT_PROMPT_TOKENS,
  type PredictOptions,
} from '../../model/predict/predictor';
import { type PredictReport, predictReport, type ReportSource } from '../../model/predict/report';
import { t } from '../i18n';
import { fmt, fmtAsGiven, fmtFixed, fmtInt, fmtLabelGB } from '../i18n/numbers';
import { element, make, setOptions, td, th } from '../shell/dom';
import {
  chapterRangeText,
  durationNodes,
  rangeNodes,
  statedRangeNodes,
  verdictNode,
} from '../shell/range-nodes';
import type { PageContext, Section } from '../shell/section';
import { headedSection } from '../shell/section-heading';
import { chosenEngine, chosenTp, fillEngines, fillTp } from './engine-controls';
import { fillGpuPicker } from './gpu-picker';
import { type ModelInput, setupModelInput } from './model-input';
import { catalogueGroups, fillModelPicker, type PickerGroup } from './model-picker';
import { calibrationText, doesNotFitText, engineLabel } from './prediction-words';

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

/** What the other sections need to draw themselves for the same settings (./section.ts). */
export type PredictionContext = PageContext;

export interface PredictionsView {
  setDocument(doc: ResultsDocument | null): void;
  context(): PredictionContext;
  /** Redraws every word in the page's language (and, through `onChange`, the sections that follow). */
  relocalise(): void;
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
  if (r.verdicts === null) return '—';
  const p = r.verdicts.perception;
  return m.feelLine({
    first: p.firstTokenFast ? m.firstTokenFast : m.firstTokenSlow,
    itl: m.feel[p.itlFeel],
  });
}

function memoryNodes(r: PredictReport): Node[] {
  const msg = t().predictions;
  const m = r.memory;
  // Per GPU, in the unit of a VRAM label (GiB): an "80 GB" GPU holds 80 × 2³⁰ bytes.
  const fit =
    m.fits === null || m.capacityBytes === null
      ? msg.capacityUnknown
      : m.fits
        ? msg.fitsIn({ gb: fmtLabelGB(m.capacityBytes) })
        : [
            msg.doesNotFitIn({ gb: fmtLabelGB(m.capacityBytes) }),
            ...(m.gpusNeeded === null
              ? []
              : [t().modelInput.needsGpus({ n: fmtInt(m.gpusNeeded) })]),
          ].join(', ');
  const perGpu = r.tp;
  return [
    make('span', fmtLabelGB(m.perGpuBytes), 'exp'),
    make(
      'span',
      msg.memoryParts({
        weights: fmtLabelGB(m.weightBytes / perGpu),
        kv: fmtLabelGB(m.kvBytes / perGpu),
        fit,
      }),
      'rng free',
    ),
  ];
}

function sourceText(r: PredictReport): string {
  const m = t().predictions;
  if (r.source === 'spec') {
    if (r.engine === null) return m.sourceSpecBare;
    // The engine's id: short, and the same in every language.
    const runtime = r.engine;
    return r.tp > 1 ? m.sourceSpecTp({ runtime, tp: fmtInt(r.tp) }) : m.sourceSpec({ runtime });
  }
  return r.rooflineFallback ? m.sourceFallback : m.sourceMeasured;
}

function thresholdsList(list: HTMLUListElement): void {
  const m = t().predictions;
  const ms = (v: number | undefined) => (v === undefined ? '—' : fmtInt(v));
  const slaWords = SLAS.flatMap((s) =>
    s.id === 'chat' || s.id === 'code-completion'
      ? [m.slaNeeds({ sla: m.sla[s.id], ttft: ms(s.ttftP95Ms), itl: ms(s.itlP95Ms) })]
      : [],
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

/** The chapter's label and scenario in the page's language. */
function chapterText(c: NonNullable<PredictReport['a100']['chapter']>): string {
  const m = t().predictions;
  const label = c.model === 'llama-3-70b' ? m.chapterReported70b : m.chapterReported;
  const chapter =
    c.scenarioBatch === null
      ? label
      : m.chapterWithScenario({ label, scenario: m.chapterScenario[c.scenarioBatch] });
  return m.chapterSourced({ chapter, source: c.source });
}

/** Why the chapter's ITL is far above the A100 floor: model/predict/contrast.ts's gap facts, in words. */
function gapText(r: PredictReport): string | undefined {
  const c = r.a100.chapter;
  const g = r.a100.gap;
  if (g === null || c === null) return undefined;
  const floor = r.a100.floorMsPerToken;
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

const controls = () => ({
  source: element<HTMLSelectElement>('pred-source'),
  engine: element<HTMLSelectElement>('pred-engine'),
  tp: element<HTMLSelectElement>('pred-tp'),
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
  thresholds: element<HTMLUListElement>('pred-thresholds'),
  contrastTitle: element<HTMLHeadingElement>('contrast-title'),
  contrastHead: element<HTMLTableCellElement>('contrast-this-head'),
  contrastBody: element<HTMLTableElement>('contrast-table').tBodies[0] as HTMLTableSectionElement,
  contrastChapter: element<HTMLParagraphElement>('contrast-chapter'),
  contrastGap: element<HTMLParagraphElement>('contrast-gap'),
});
type Controls = ReturnType<typeof controls>;

/** The document on screen, and why it cannot drive measured mode, if it cannot. */
interface Shown {
  doc: ResultsDocument | null;
  unusable: readonly RooflineNote[] | undefined;
}

// ---- Models: the catalogue by family, and a model read from a config.json (./model-input.ts) ----

/** The pickers' groups: the model from a config.json first, where there is one. */
function modelGroups(input: ModelInput, exclude: readonly string[] = []): PickerGroup[] {
  const custom = input.custom();
  const own = custom === undefined ? [] : [{ label: t().modelInput.configGroup, models: [custom] }];
  return [...own, ...catalogueGroups(exclude)];
}

/** A picker's value as a model: the config.json one, or a catalogue id. */
function modelById(input: ModelInput, id: string): ModelConfig {
  const custom = input.custom();
  return custom !== undefined && custom.id === id ? custom : getModel(id);
}

/** The catalogue models beyond the table's (and a config.json's), for the "one more model" picker. */
const fillExtra = (ui: Controls, input: ModelInput, preferred?: string) =>
  fillModelPicker(
    ui.extra,
    modelGroups(input, TABLE_MODELS),
    [{ value: '', label: t().predictions.noOtherModel }],
    preferred,
  );

const fillFocus = (ui: Controls, input: ModelInput, preferred?: string) =>
  fillModelPicker(ui.focusModel, modelGroups(input), [], preferred);

/** "Measured on …" (when the document can drive it) and every datasheet GPU. */
function fillSources(ui: Controls, shown: Shown, preferred?: string): void {
  const m = t().predictions;
  const measured =
    shown.doc !== null && shown.unusable === undefined
      ? [
          {
            value: 'measured',
            label: m.measuredOption({ adapter: adapterName(shown.doc.adapter) }),
          },
        ]
      : [];
  fillGpuPicker(ui.source, {
    lead: measured,
    label: (g) => m.datasheetOption({ gpu: g.name }),
    preferred,
  });
}

type Clamped = { raw: string; limit: (typeof LIMITS)[LimitKey]; fallback: number | undefined };

/**
 * Reads the lengths and batch, clamping them; says what was clamped. After a language switch
 * (`relocalised`) the inputs hold the clamped values, so the last messages are said again.
 */
function settingsReader(ui: Controls): (relocalised: boolean) => PredictOptions {
  let clamped: Clamped[] = [];
  return (relocalised) => {
    const now: Clamped[] = [];
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
}

interface ChosenSource {
  source: ReportSource;
  label: string;
  bw: number;
  bwLabel: string;
}

/** The source chosen: the document on screen (measured) or a datasheet with an engine profile. */
function currentSource(ui: Controls, doc: ResultsDocument | null): ChosenSource {
  const m = t().predictions;
  if (ui.source.value === 'measured' && doc !== null) {
    const beta = fitRoofline(doc).bandwidthGBps ?? 0;
    return {
      source: { kind: 'measured', results: doc },
      label: m.measuredOn({ adapter: adapterName(doc.adapter) }),
      bw: beta,
      bwLabel: m.bandwidthMeasured({ gbps: fmt(beta) }),
    };
  }
  const gpu = getGpu(ui.source.value || DEFAULT_SPEC_GPU);
  const engine = chosenEngine(ui.engine);
  const tp = chosenTp(ui.tp);
  const runtime = engineLabel(engine);
  return {
    source: { kind: 'spec', hw: gpu, engine },
    label:
      tp > 1
        ? m.specLabelTp({ gpu: gpu.name, runtime, tp: fmtInt(tp) })
        : m.specLabel({ gpu: gpu.name, runtime }),
    bw: gpu.bandwidthGBps,
    bwLabel: m.bandwidthSpec({ gpu: gpu.name, gbps: fmtAsGiven(gpu.bandwidthGBps) }),
  };
}

/** The row's cells after the weights: times, memory, verdicts; or, where it does not fit, why. */
function rowCells(r: PredictReport): HTMLTableCellElement[] {
  if (r.decode === null || r.prefill === null || r.e2eMs === null || r.verdicts === null) {
    const m = t().predictions;
    const why = td(
      r.doesNotFit === null ? m.doesNotFitShort : doesNotFitText(r.doesNotFit),
      'wrap',
    );
    why.colSpan = 4;
    return [why, td(memoryNodes(r), 'num'), td('—'), td('—'), td('—')];
  }
  const verdicts = r.verdicts;
  const sla = (id: string) =>
    verdictNode(verdicts.sla.find((v) => v.id === id)?.overall ?? 'misses');
  return [
    td(statedRangeNodes(r.decode.msPerToken, r.rangeStated.decode), 'num'),
    td(statedRangeNodes(r.decode.tokensPerSecond, r.rangeStated.decode), 'num'),
    td(durationNodes(r.prefill.ttftMs, r.rangeStated.ttft), 'num'),
    td(durationNodes(r.e2eMs, r.rangeStated.decode && r.rangeStated.ttft), 'num'),
    td(memoryNodes(r), 'num'),
    td([sla('chat')]),
    td([sla('code-completion')]),
    td(feelText(r), 'wrap'),
  ];
}

/** One row of the predictions table; `fallback` when measured mode used the roofline for it. */
function predictionRow(ctx: PredictionContext, model: ModelConfig, f: string, first: boolean) {
  const m = t().predictions;
  const tr = document.createElement('tr');
  tr.dataset.model = model.id;
  tr.dataset.format = f;
  if (first) {
    const head = th(model.name);
    head.rowSpan = TABLE_FORMATS.length;
    tr.append(head);
  }
  try {
    const { options } = capToContext(model, ctx.options);
    const { report: r } = predictReport(ctx.source, model, resolveFormat(f), options);
    tr.dataset.source = r.source;
    tr.dataset.fits = String(r.fits);
    tr.append(
      td([
        make('span', f, 'exp'),
        make('span', m.bitsPerWeight({ bits: fmt(r.fileBitsPerWeight) }), 'rng'),
      ]),
      td(sourceText(r)),
      ...rowCells(r),
    );
    return { tr, fallback: r.rooflineFallback, report: r };
  } catch (e) {
    tr.dataset.source = 'error';
    const cell = td(m.cannotPredict({ format: f, error: errorMessage(e) }), 'failed');
    cell.colSpan = 10;
    tr.append(cell);
    return { tr, fallback: false, report: undefined };
  }
}

/** The note under the table: where the numbers come from, and what they leave out. */
function tableNotes(
  ctx: PredictionContext,
  fallback: boolean,
  shown: Shown,
  extra: readonly string[],
): string {
  const m = t().predictions;
  const notes: string[] = [];
  if (ctx.source.kind === 'measured') {
    const d = ctx.source.results;
    notes.push(m.noteMeasured({ adapter: adapterName(d.adapter) }));
    const host = hostCostOf(d);
    if (host !== undefined) {
      notes.push(
        m.noteMeasuredHost({
          runs: fmtInt(host.runs),
          models: host.models.join(', '),
          dispatch: fmtFixed(host.dispatchMs, 4),
          layer: fmtFixed(host.layerMs, 4),
        }),
      );
    }
    if (fallback) notes.push(m.noteFallback);
    if (d.adapter.isSoftware) notes.push(m.noteSoftware);
    notes.push(m.noteNoCapacity);
  } else {
    notes.push(m.noteSpec({ source: ctx.sourceLabel }));
    if (shown.unusable !== undefined) {
      const missing = t().charts.roofline.missing;
      notes.push(m.noteUnusable({ why: shown.unusable.map((n) => missing[n.id]).join('; ') }));
    }
  }
  return [...notes, ...extra].join(m.sentenceGap);
}

/** A note for each model whose context limit capped the inputs. */
function cappedNotes(ctx: PredictionContext, models: readonly ModelConfig[]): string[] {
  const m = t().predictions;
  return models
    .filter((model) => capToContext(model, ctx.options).capped)
    .map((model) => m.contextCapped({ model: model.name, max: fmtInt(model.maxContextTokens) }));
}

function renderTable(
  ui: Controls,
  ctx: PredictionContext,
  shown: Shown,
  modelOf: (id: string) => ModelConfig,
): void {
  const models = [...TABLE_MODELS, ...(ui.extra.value === '' ? [] : [ui.extra.value])];
  const m = t().predictions;
  const o = ctx.options;
  ui.ttftHead.textContent = m.ttftHead({
    prompt: fmtInt(o.promptTokens ?? DEFAULT_PROMPT_TOKENS),
  });
  ui.e2eHead.textContent = m.e2eHead({ output: fmtInt(o.outputTokens ?? DEFAULT_OUTPUT_TOKENS) });
  const rows = models.flatMap((id) =>
    TABLE_FORMATS.map((f, i) => predictionRow(ctx, modelOf(id), f, i === 0)),
  );
  ui.tbody.replaceChildren(...rows.map((r) => r.tr));
  const first = rows.find((r) => r.report !== undefined)?.report;
  const calibration = first === undefined ? undefined : calibrationText(first);
  ui.note.textContent = tableNotes(
    ctx,
    rows.some((r) => r.fallback),
    shown,
    [...(calibration === undefined ? [] : [calibration]), ...cappedNotes(ctx, models.map(modelOf))],
  );
}

/** One format's row of the A100 contrast; its chapter label and gap sentence, where it has them. */
function contrastRow(ctx: PredictionContext, f: string) {
  const m = t().predictions;
  const tr = document.createElement('tr');
  const { options } = capToContext(ctx.focusModel, ctx.options);
  try {
    const { report: r } = predictReport(ctx.source, ctx.focusModel, resolveFormat(f), options);
    const c = r.a100.chapter;
    tr.append(
      td(f),
      td(r.decode === null ? m.doesNotFitShort : rangeNodes(r.decode.msPerToken), 'num'),
      td(rangeNodes(r.a100.msPerToken), 'num'),
      td(fmt(r.a100.floorMsPerToken), 'num'),
      td(c === null ? '—' : chapterRangeText(c.itlMs), 'num'),
    );
    return {
      tr,
      chapter: c === null ? undefined : chapterText(c),
      gap: gapText(r),
      tp: r.a100.tp,
    };
  } catch (e) {
    const cell = td(m.contrastError({ format: f, error: errorMessage(e) }), 'failed');
    cell.colSpan = 5;
    tr.append(cell);
    return { tr, chapter: undefined, gap: undefined, tp: 1 };
  }
}

/** The A100 contrast: this GPU, the A100 predicted, its floor and the chapter, per format. */
function renderContrast(ui: Controls, ctx: PredictionContext): void {
  const m = t().predictions;
  const model = ctx.focusModel;
  ui.contrastTitle.textContent = m.contrastTitle({ model: model.name });
  ui.contrastHead.textContent =
    ctx.source.kind === 'measured'
      ? m.contrastThisMeasured
      : m.contrastThisSpec({ gpu: ctx.source.hw.name });
  const rows = TABLE_FORMATS.map((f) => ({ f, ...contrastRow(ctx, f) }));
  ui.contrastBody.replaceChildren(...rows.map((r) => r.tr));
  const chapterLabel = rows.find((r) => r.chapter !== undefined)?.chapter;
  const tp = Math.max(...rows.map((r) => r.tp));
  const chapter =
    chapterLabel === undefined
      ? m.chapterNone({ model: model.name, batch: fmtInt(ctx.options.batch ?? 1) })
      : m.chapterLastColumn({ chapter: chapterLabel });
  ui.contrastChapter.textContent =
    tp > 1 ? `${chapter}${m.sentenceGap}${m.contrastTp({ tp: fmtInt(tp) })}` : chapter;
  const focusGap = rows.find((r) => r.f === ctx.focusFormat.id)?.gap;
  ui.contrastGap.textContent = focusGap ?? rows.find((r) => r.gap !== undefined)?.gap ?? '';
}

/** Why a document cannot drive measured mode (no β or no π), or undefined when it can. */
function unusableNotes(doc: ResultsDocument | null): readonly RooflineNote[] | undefined {
  if (doc === null) return undefined;
  const roof = fitRoofline(doc);
  return roof.bandwidthGBps === undefined || Object.keys(roof.computeGflops).length === 0
    ? roof.notes
    : undefined;
}

export function setupPredictions(onChange: (ctx: PredictionContext) => void): PredictionsView {
  const ui = controls();
  thresholdsList(ui.thresholds);
  fillEngines(ui.engine);
  fillTp(ui.tp);
  const input = setupModelInput(ui.focusFormat.closest('.controls') ?? ui.focusFormat, () => {
    const custom = input.custom();
    fillExtra(ui, input, custom?.id);
    fillFocus(ui, input, custom?.id);
    update();
  });
  fillExtra(ui, input);
  fillFocus(ui, input, 'llama-3-8b');
  // The kernel formats, then the weight-file presets (measured as their nearest kernel format).
  setOptions(
    ui.focusFormat,
    [...TABLE_FORMATS, ...FORMAT_PRESETS.map((p) => p.id)].map((f) => ({ value: f, label: f })),
    'fp16',
  );
  const shown: Shown = { doc: null, unusable: undefined };
  let current: PredictionContext | undefined;
  fillSources(ui, shown, DEFAULT_SPEC_GPU);
  const readSettings = settingsReader(ui);

  const update = (relocalised = false) => {
    const src = currentSource(ui, shown.doc);
    const spec = src.source.kind === 'spec';
    ui.engine.disabled = !spec;
    ui.tp.disabled = !spec;
    const options = { ...readSettings(relocalised), ...(spec ? { tp: chosenTp(ui.tp) } : {}) };
    const ctx: PredictionContext = {
      source: src.source,
      sourceLabel: src.label,
      options: { ...options, kvBits: input.kvBits() },
      focusModel: modelById(input, ui.focusModel.value || 'llama-3-8b'),
      focusFormat: resolveFormat(ui.focusFormat.value || 'fp16'),
      bandwidthGBps: src.bw,
      bandwidthLabel: src.bwLabel,
    };
    current = ctx;
    input.showParams(ctx.focusModel);
    renderTable(ui, ctx, shown, (id) => modelById(input, id));
    renderContrast(ui, ctx);
    document.body.dataset.predictionSource = ctx.source.kind;
    onChange(ctx);
  };

  for (const el of [ui.source, ui.engine, ui.tp, ui.extra, ui.focusModel, ui.focusFormat]) {
    el.addEventListener('change', () => update());
  }
  for (const input of [ui.prompt, ui.output, ui.batch, ui.context]) {
    input.addEventListener('change', () => update());
  }
  update();

  return {
    setDocument(next) {
      shown.doc = next;
      shown.unusable = unusableNotes(next);
      const wasSpec = ui.source.value !== 'measured' ? ui.source.value : DEFAULT_SPEC_GPU;
      fillSources(ui, shown, next !== null && shown.unusable === undefined ? 'measured' : wasSpec);
      update();
    },
    context() {
      if (current === undefined) throw new Error('predictions not set up');
      return current;
    },
    // Everything this section owns, and (through onChange) the sections that follow its settings.
    relocalise() {
      thresholdsList(ui.thresholds);
      fillEngines(ui.engine);
      fillTp(ui.tp);
      input.relocalise();
      fillExtra(ui, input);
      fillFocus(ui, input);
      fillSources(ui, shown);
      update(true);
    },
  };
}

export const predictionsSection: Section = {
  id: 'predictions',
  mount(host, page) {
    const view = setupPredictions((ctx) => page.setContext(ctx));
    return headedSection(host, () => t().page['pred.title'], {
      onDocument: (doc) => view.setDocument(doc),
      onLocale: () => view.relocalise(),
    });
  },
};
