// The predictions section's words (English). Numbers arrive formatted (../numbers); functions take named
// parameters so each language can order them as it needs.

import type { ChapterBatch } from '../../../model/chapter';
import type { Feel } from '../../../model/verdicts';

const capitalise = (s: string): string => `${s.slice(0, 1).toUpperCase()}${s.slice(1)}`;

export const predictions = {
  /** Between two sentences of one paragraph (clamp messages, source notes). */
  sentenceGap: ' ',

  // Inputs clamped to their limits. The numbers here echo what was typed: not grouped.
  /** Each input's name in a clamp message, by LIMITS key. */
  limit: { prompt: 'Prompt tokens', output: 'Output tokens', batch: 'Batch', context: 'Context' },
  /** What a non-number falls back to where the input has no default. */
  theDefault: 'the default',
  notANumber: (p: { label: string; text: string; using: string }) =>
    `${p.label} "${p.text}" is not a number: using ${p.using}.`,
  notWhole: (p: { label: string; text: string; using: string }) =>
    `${p.label} ${p.text} is not a whole number: using ${p.using}.`,
  outside: (p: { label: string; text: string; min: string; max: string; using: string }) =>
    `${p.label} ${p.text} is outside ${p.min}–${p.max}: using ${p.using}.`,

  // The pickers.
  noOtherModel: 'no other model',
  measuredOption: (p: { adapter: string }) => `measured: the results on screen (${p.adapter})`,
  datasheetOption: (p: { gpu: string }) => `datasheet: ${p.gpu}`,

  // Where the numbers come from, as the latency and memory sections quote it.
  measuredOn: (p: { adapter: string }) => `measured on ${p.adapter}`,
  specLabel: (p: { gpu: string; runtime: string }) => `${p.gpu} datasheet, ${p.runtime} profile`,
  /** A runtime profile inside specLabel. */
  runtimeProfile: { native: 'native engine', browser: 'WebGPU-in-a-browser' },
  bandwidthMeasured: (p: { gbps: string }) => `this run's ${p.gbps} GB/s`,
  bandwidthSpec: (p: { gpu: string; gbps: string }) => `the ${p.gpu}'s ${p.gbps} GB/s`,

  // The table.
  ttftHead: (p: { prompt: string }) => `TTFT (${p.prompt}-token prompt)`,
  e2eHead: (p: { output: string }) => `E2E (${p.output} tokens out)`,
  bitsPerWeight: (p: { bits: string }) => `${p.bits} bits/weight`,
  sourceMeasured: 'measured',
  sourceFallback: 'measured †',
  sourceSpecBare: 'spec',
  sourceSpec: (p: { runtime: string }) => `spec (${p.runtime})`,
  /** A runtime profile inside sourceSpec. */
  runtimeShort: { native: 'native', browser: 'browser' },
  firstTokenFast: 'first token feels instant',
  firstTokenSlow: 'first token is a noticeable wait',
  feel: {
    'faster-than-reading': 'streams faster than reading',
    'reading-speed': 'about reading speed',
    'slower-than-reading': 'slower than reading',
    stutters: 'stutters',
  } satisfies Record<Feel, string>,
  feelLine: (p: { first: string; itl: string }) => `${p.first}; ${p.itl}`,
  capacityUnknown: 'capacity unknown',
  fitsIn: (p: { gb: string }) => `fits in ${p.gb}`,
  doesNotFitIn: (p: { gb: string }) => `does not fit in ${p.gb}`,
  memoryParts: (p: { weights: string; kv: string; fit: string }) =>
    `weights ${p.weights} + KV ${p.kv}; ${p.fit}`,
  /** A row that could not be predicted; the error is shown as it is. */
  cannotPredict: (p: { format: string; error: string }) =>
    `${p.format}: cannot predict: ${p.error}`,

  // The note under the table.
  noteMeasured: (p: { adapter: string }) =>
    `Source: measured — each matrix of the model timed as the kernels measured on ${p.adapter}, scaled by layer count, plus the KV cache at the measured bandwidth.`,
  noteFallback:
    '† Partly from the roofline: some shapes or formats are missing from these results, and those parts come from β and π instead.',
  noteSoftware: 'These results come from a software adapter: a CPU’s numbers, not a GPU’s.',
  noteNoCapacity:
    'WebGPU does not report the GPU’s memory size, so whether a model fits is unknown.',
  noteSpec: (p: { source: string }) =>
    `Source: spec — the ${p.source}. No WebGPU is needed for these; run the benchmark for this GPU's own numbers.`,
  /** Why a results document cannot drive measured mode; `why` is charts.roofline.missing's words. */
  noteUnusable: (p: { why: string }) => `The results on screen cannot drive predictions: ${p.why}.`,

  // What the thresholds mean.
  thresholdFast: (p: { ms: string }) => `A first token within ${p.ms} ms feels instant.`,
  thresholdReading: (p: { ms: string; tokensPerSecond: string }) =>
    `About ${p.ms} ms per token (${p.tokensPerSecond} tokens/s) is reading speed: text streams as fast as people read it.`,
  thresholdStutter: (p: { ms: string }) => `Over ${p.ms} ms per token, streaming visibly stutters.`,
  /** The chapter's SLAs the page names, by id (model/chapter.ts). */
  sla: { chat: 'interactive chat', 'code-completion': 'code completion' },
  slaNeeds: (p: { sla: string; ttft: string; itl: string }) =>
    `${capitalise(p.sla)} needs the first token within ${p.ttft} ms and each next token within ${p.itl} ms (P95).`,
  e2eFormula: 'End to end ≈ TTFT + (output tokens − 1) × ms/token: the chapter’s formula.',

  // The A100 contrast.
  contrastTitle: (p: { model: string }) => `Beside an A100 — ${p.model}`,
  contrastThisMeasured: 'This GPU (measured)',
  contrastThisSpec: (p: { gpu: string }) => `${p.gpu} (spec)`,
  contrastError: (p: { format: string; error: string }) => `${p.format}: ${p.error}`,
  /** How the chapter's numbers are labelled. */
  chapterReported: 'reported by the chapter (Llama 3 8B, A100-80G, vLLM-class stack)',
  /** The chapter's Llama 3 8B scenarios, by batch (model/chapter.ts). */
  chapterScenario: {
    1: 'single user, batch = 1',
    16: '16 concurrent, short replies',
    64: '64 concurrent',
  } satisfies Record<ChapterBatch, string>,
  chapterWithScenario: (p: { label: string; scenario: string }) => `${p.label}, ${p.scenario}`,
  chapterSourced: (p: { chapter: string; source: string }) => `${p.chapter}; source: ${p.source}`,
  chapterNone: (p: { model: string; batch: string }) =>
    `The chapter gives no A100 numbers for ${p.model} at batch ${p.batch}.`,
  chapterLastColumn: (p: { chapter: string }) =>
    `Last column: as ${p.chapter}. Shown exactly as the chapter gives them.`,
  /** Why the chapter's ITL is far above the A100's bandwidth floor (model/contrast.ts gapFacts). */
  gapExplanation: (p: {
    min: string;
    max: string;
    timesLow: string;
    timesHigh: string;
    floor: string;
    peakLow: string;
    peakHigh: string;
    native: string;
  }) =>
    `The chapter's ${p.min}–${p.max} ms/token is ${p.timesLow}–${p.timesHigh}× the ` +
    `${p.floor} ms it takes to read the weights once at the datasheet bandwidth, i.e. ${p.peakLow}–${p.peakHigh} % of peak: ` +
    `it describes a whole serving stack (scheduler, sampling, HTTP, framework overhead) rather than the kernels, ` +
    `which is why a tuned native engine is predicted near ${p.native} ms; both are shown.`,
};
