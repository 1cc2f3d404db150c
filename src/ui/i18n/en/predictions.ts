// The predictions section's words (English). Numbers arrive formatted (../numbers); functions take named
// parameters so each language can order them as it needs.

import type { CalibrationCode } from '../../../model/engines/calibrate';
import type { EngineId } from '../../../model/engines/ids';
import type { ChapterBatch } from '../../../model/predict/chapter';
import type { Feel } from '../../../model/predict/verdicts';

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
  specLabelTp: (p: { gpu: string; runtime: string; tp: string }) =>
    `${p.tp}× ${p.gpu} datasheet in tensor parallel, ${p.runtime} profile`,
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
  sourceSpecTp: (p: { runtime: string; tp: string }) => `spec (${p.runtime}, ${p.tp} GPUs)`,
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
  /** A model that does not fit each GPU: no times, no verdicts; what would fit. */
  doesNotFit: (p: { need: string; cap: string }) =>
    `does not fit: needs ${p.need} per GPU, has ${p.cap}`,
  doesNotFitTp: (p: { need: string; cap: string; tp: string }) =>
    `does not fit: needs ${p.need} per GPU, has ${p.cap} (fits on ${p.tp} GPUs in tensor parallel)`,
  doesNotFitFormat: (p: { need: string; cap: string; format: string }) =>
    `does not fit: needs ${p.need} per GPU, has ${p.cap} (fits as ${p.format})`,
  doesNotFitBoth: (p: { need: string; cap: string; tp: string; format: string }) =>
    `does not fit: needs ${p.need} per GPU, has ${p.cap} (fits on ${p.tp} GPUs in tensor parallel, or as ${p.format})`,
  doesNotFitShort: 'does not fit this GPU',
  /** A row that could not be predicted; the error is shown as it is. */
  cannotPredict: (p: { format: string; error: string }) =>
    `${p.format}: cannot predict: ${p.error}`,

  // The engine picker and the GPU count (model/engines/ids.ts).
  engineName: {
    'llama.cpp-cuda': 'llama.cpp CUDA (Ollama, LM Studio)',
    'llama.cpp-metal': 'llama.cpp Metal (Ollama, LM Studio)',
    'llama.cpp-rocm': 'llama.cpp ROCm (Ollama, LM Studio)',
    'llama.cpp-vulkan': 'llama.cpp Vulkan (LM Studio)',
    'llama.cpp-sycl': 'llama.cpp SYCL (Intel, IPEX-LLM)',
    mlx: 'MLX',
    mlc: 'MLC-LLM (native)',
    vllm: 'vLLM',
    'trt-llm': 'TensorRT-LLM (NIM)',
    webllm: 'WebLLM (browser)',
    'llama.cpp-webgpu': 'llama.cpp WebGPU as WASM in a browser (wllama, webgpu-bench)',
    'llama.cpp-webgpu-dawn': 'llama.cpp WebGPU natively through Dawn',
    'transformers.js': 'transformers.js / onnxruntime-web (browser)',
    'webgpu-roofline': "this benchmark's decoder (browser; fitted on gallery runs)",
    native: 'native, engine unknown',
    browser: 'browser, harness unknown (spans them all)',
  } satisfies Record<EngineId, string>,
  tpOne: 'one GPU',
  tpMany: (p: { tp: string }) => `${p.tp} GPUs, tensor parallel`,
  /** How far the chosen engine's ranges held on sources the fit had not seen. */
  calibrationNote: (p: {
    engine: string;
    n: string;
    mape: string;
    coverage: string;
    width: string;
  }) =>
    `Checked on public measurements from sources (threads, repositories, papers) and GPU families the fit had not seen: ${p.engine} decode is off by ${p.mape} on average, ${p.coverage} fall inside the range, which is ${p.width}× wide at the median (n = ${p.n}).`,
  /** The chosen engine's fitted profile (model/predict/notes.ts 'engine-profile'). */
  engineProfile: (p: {
    engine: string;
    eta: string;
    layerMs: string;
    eps: string;
    fixedMs: string;
  }) =>
    `${p.engine}'s profile: ${p.eta} of the datasheet bandwidth and ${p.layerMs} ms per layer; prefill at ${p.eps} of the peak plus ${p.fixedMs} ms per prompt.`,
  /** The per-GB term (model/engines/physics.ts consumeMsPerGB), where it is not 0. */
  engineProfileCeiling: (p: { msPerGB: string; ceilingGBps: string }) =>
    `Its kernels also spend ${p.msPerGB} ms per GB of weights and cache read, whatever the GPU: a ceiling near ${p.ceilingGBps} GB/s that fast HBM parts run into.`,
  /** Browser engines' further terms (0 for native engines, which omit this sentence). */
  engineProfileBrowser: (p: { tokenMs: string; attn: string; block: string; kQuant: string }) =>
    `In a browser each token also costs ${p.tokenMs} ms (submit, read back, sample), decode attention takes ${p.attn}× its FLOPs' time at peak, and prefill unpacks quantised weights in ${p.block}× (one scale per block) or ${p.kQuant}× (k-quants) the time of their multiply-adds at peak.`,
  calibrationOneSource: (p: { engine: string; n: string }) =>
    `The ${p.n} public measurements of ${p.engine} come from too few sources to predict any of them with its source and GPU family left out: its ranges were not checked on a source the fit had not seen.`,
  /** Every held-out decode range of the engine was wider than 4×: no share inside or width to give. */
  calibrationAllTooWide: (p: { engine: string; n: string; mape: string }) =>
    `Checked on public measurements from sources and GPU families the fit had not seen: ${p.engine} decode is off by ${p.mape} on average (n = ${p.n}), but every one of those held-out ranges was wider than 4×, "not enough data": none was checked as a range.`,
  /** An engine with no fit of its own: it borrows another's (model/engines/ids.ts borrowsProfileFrom). */
  calibrationBorrowed: (p: { engine: string; from: string }) =>
    `No public measurement of ${p.engine} is in the data: its profile, ranges and checked figures are borrowed from ${p.from}, and were not checked on ${p.engine} itself.`,
  calibrationNone: (p: { engine: string }) =>
    `There are no public measurements of ${p.engine} to check it against: its ranges are borrowed from other engines and widened.`,
  /** Why a range is as wide as it is (model/engines/calibrate.ts's codes). */
  calibrationCode: {
    'fit-own-rows': 'Its profile is fitted on its own measurements on this vendor.',
    'pooled-other-vendors':
      'No measurements of it on this vendor: its profile is fitted on other vendors’ rows.',
    'pooled-engine-family':
      'Too few measurements of its own: its profile is fitted with the other llama.cpp GPU backends.',
    'pooled-class-vendor':
      'Too few measurements of this engine: its profile is fitted on every engine of its kind on this vendor.',
    'pooled-class':
      'Too few measurements of this engine: its profile is fitted on every engine of its kind.',
    'no-rows-for-engine': 'No public measurement of this engine exists in the data.',
    'range-widened-to-class':
      'This engine and vendor are not known well, so the range is widened to the generic engine’s.',
    'pool-below-min-gpus':
      'Fewer than three GPUs stand behind the fit: the range rests on little data.',
    'vendor-terms-own-rows':
      'Fitted on this engine’s measurements on every vendor, with this vendor’s own fixed cost per token and prefill rate.',
    'vendor-not-in-data':
      'No measurement of this engine on this vendor: its fixed cost and prefill rate come from the other vendors, and the range is the one for a vendor left out (wider).',
    'range-within-source':
      'Its measurements come from too few sources to leave a whole source out: the range comes from GPUs left out within them and may promise more than it holds for another build or machine.',
    'range-floored-to-class-spread':
      'It could not be checked on a source left out, so the range is made at least as wide as the spread between sources seen for engines of its kind.',
    'prefill-of-another-harness':
      'No prefill of this browser harness has been measured: the range is at least as wide as the spread between harnesses seen in decode.',
    'harness-not-in-data':
      'No public measurement of this browser harness: the profile is borrowed, and the range is at least as wide as the spread between the harnesses that were measured (each predicted from the others).',
    'not-enough-data':
      'Not enough data: this range is more than 4× wide, an order of magnitude rather than a prediction.',
  } satisfies Record<CalibrationCode, string>,
  contextCapped: (p: { model: string; max: string }) =>
    `${p.model} takes at most ${p.max} tokens of context: longer inputs are capped there for it, and its charts stop there.`,

  // The note under the table.
  noteMeasured: (p: { adapter: string }) =>
    `Source: measured — each matrix of the model timed as the kernels measured on ${p.adapter}, scaled by layer count, plus the KV cache at the measured bandwidth.`,
  /** llama.cpp engines: no build-era term; the range spans the builds (model/predict/notes.ts). */
  buildEraInRange:
    'llama.cpp’s speed differs between builds (its quantised prefill before and after the int8 tensor-core kernels; builds of one card about 2× apart). No build term is fitted, as most public measurements name no build: the range is built from measurements of many builds and spans them.',
  noteMeasuredHost: (p: { runs: string; models: string; dispatch: string; layer: string }) =>
    `Measured here: the host cost, from this document's own decode runs (${p.runs}: ${p.models}) — ${p.dispatch} ms per small dispatch and ${p.layer} ms per layer beyond what the kernels predict for those runs, this browser's and driver's own instead of a borrowed constant.`,
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
  /** The chapter's SLAs the page names, by id (model/predict/chapter.ts). */
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
  /** The chapter's Llama 3 8B scenarios, by batch (model/predict/chapter.ts). */
  chapterScenario: {
    1: 'single user, batch = 1',
    16: '16 concurrent, short replies',
    64: '64 concurrent',
  } satisfies Record<ChapterBatch, string>,
  /** The chapter's 70B example (eight A100s, tensor parallel). */
  chapterReported70b:
    'reported by the chapter (Llama 3 70B, 8× A100, TP = 8, single user; its format is not stated)',
  /** The A100 columns for a model the chapter runs on several A100s. */
  contrastTp: (p: { tp: string }) =>
    `The A100 columns are ${p.tp} A100s in tensor parallel: each reads 1/${p.tp} of the weights and KV cache and adds two all-reduces per layer over NVLink (assumed figures).`,
  chapterWithScenario: (p: { label: string; scenario: string }) => `${p.label}, ${p.scenario}`,
  chapterSourced: (p: { chapter: string; source: string }) => `${p.chapter}; source: ${p.source}`,
  chapterNone: (p: { model: string; batch: string }) =>
    `The chapter gives no A100 numbers for ${p.model} at batch ${p.batch}.`,
  chapterLastColumn: (p: { chapter: string }) =>
    `Last column: as ${p.chapter}. Shown exactly as the chapter gives them.`,
  /** Why the chapter's ITL is far above the A100's bandwidth floor (model/predict/contrast.ts gapFacts). */
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

  // How far predictions can be trusted: the calibration per engine (model/engines/cross-validation).
  trust: {
    caption: (p: { level: string }) =>
      `Each engine's profile predicted public measurements that were left out of its fit together with every other measurement from the same source and of the same GPU family (first table: the figures to go by), from the same source alone (second table) or of the same GPU family alone, twins and variants included (third table): the mean error (MAPE), the share inside [low, high] (a central ${p.level} interval of errors held out by source and GPU family together; below 20 of them, a t prediction interval; where one source holds all of an engine's measurements, at least as wide as the spread between sources seen for engines of its kind) and the median width high ÷ low. n counts measurements a fit could predict; a dash means none. A range wider than 4× is stated as "not enough data": the share inside and the width count only the measurements that got a range ("of 6" where others did not). Leaving out one GPU at a time, as earlier versions did, keeps its twins and its thread in the fit and looks better than a new build or GPU will.`,
    bySourceFamily:
      'Held out by source and GPU family together (a new build on a new GPU): the figures to go by',
    bySource: 'Held out by source (thread, repository, paper)',
    byFamily: 'Held out by GPU family (twins and variants together)',
    engine: 'Engine',
    decode: 'Decode',
    ttft: 'TTFT',
    n: 'n',
    mape: 'MAPE',
    coverage: 'inside',
    /** After the share inside where some held-out ranges were "not enough data". */
    ofStated: (p: { stated: string }) => `of ${p.stated}`,
    width: 'high ÷ low',
    /** The row of an engine that borrows its profile: the lender's row holds its figures. */
    borrowed: (p: { from: string }) => `borrowed from ${p.from}: see its row`,
  },
};
