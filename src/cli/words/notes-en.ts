// The CLI's English for the model's codes: notes and assumptions (model/predict/notes.ts), the chapter's
// scenarios and SLAs, how an ITL feels, and why the chapter's ITL is far above the floor. The
// page words the same codes in its own languages (src/ui/i18n).

import type { CalibrationCode } from '../../model/engines/calibrate';
import type { PeakKind } from '../../model/engines/physics';
import type { ChapterBatch, ChapterRange, SlaId } from '../../model/predict/chapter';
import { gapFacts } from '../../model/predict/contrast';
import type { FitAdvice } from '../../model/predict/fit-advice';
import type { Note } from '../../model/predict/notes';
import type { Feel } from '../../model/predict/verdicts';

/** How the chapter's numbers are labelled wherever they are shown. */
export const CHAPTER_LABEL = 'reported by the chapter (Llama 3 8B, A100-80G, vLLM-class stack)';
/** The same for its 70B example (eight A100s, tensor parallel). */
export const CHAPTER_LABEL_70B =
  'reported by the chapter (Llama 3 70B, 8× A100, TP = 8, single user; format not stated)';

/** Where an engine's range comes from (model/engines/calibrate.ts's codes). */
export const CALIBRATION_CODE_WORDS: Record<CalibrationCode, string> = {
  'fit-own-rows': "fitted on the engine's own public measurements on this vendor",
  'pooled-other-vendors':
    "no measurements on this vendor: fitted on the engine's rows on other vendors",
  'pooled-engine-family':
    'too few measurements of its own: fitted with the other llama.cpp GPU backends',
  'pooled-class-vendor':
    'too few measurements of this engine: fitted on every engine of its class on this vendor',
  'pooled-class':
    'too few measurements of this engine: fitted on every engine of its class, any vendor',
  'no-rows-for-engine': 'no public measurements of this engine at all',
  'range-widened-to-class': "range widened to the generic engine's, as the pair is not known well",
  'pool-below-min-gpus': 'fewer than 3 GPUs behind the fit: the range rests on little data',
  'vendor-terms-own-rows':
    "fitted on this engine's rows of every vendor, with this vendor's own fixed cost per token and prefill rate",
  'vendor-not-in-data':
    'no rows of this engine on this vendor: fixed cost and prefill rate from the other vendors, range from leaving a whole vendor out (wider)',
  'range-within-source':
    'its measurements come from too few sources to hold a whole source out: the range is from GPUs held out within them, and may promise more than it holds for another build',
  'range-floored-to-class-spread':
    'not checkable on a source held out: the range is made at least as wide as the spread between sources seen for its engine class',
  'prefill-of-another-harness':
    'no prefill of this browser harness measured: the range is at least as wide as the spread between harnesses seen in decode',
  'harness-not-in-data':
    'no public measurement of this browser harness: the profile is borrowed, and the range is at least as wide as the spread between the measured harnesses (each predicted from the others)',
  'not-enough-data':
    'not enough data: the range would be more than 4× wide, so it states an order of magnitude, not a prediction',
};

const PEAK_WORDS: Record<PeakKind, string> = {
  'fp16-tensor': 'FP16 dense tensor',
  'fp16-acc-tensor': 'FP16 dense tensor, FP16 accumulate',
  'fp8-tensor': 'FP8 dense tensor',
  'fp32-shader': 'FP32 shader',
};

/** "does not fit: needs N GB (N GPUs at TP, or format X)". */
export function doesNotFitText(a: FitAdvice): string {
  const ways = [
    ...(a.fitsAtTp === null ? [] : [`${a.fitsAtTp} GPUs at --tp ${a.fitsAtTp}`]),
    ...(a.fitsAsFormat === null ? [] : [`format ${a.fitsAsFormat}`]),
  ];
  const per = a.tp > 1 ? ` per GPU at TP ${a.tp}` : '';
  return `does not fit: needs ${a.needGB.toFixed(1)} GB${per} of ${a.capacityGB} GB${ways.length === 0 ? '' : ` (${ways.join(', or ')})`}`;
}

/** The chapter's Llama 3 8B scenarios, by batch. */
export const SCENARIO_LABELS: Record<ChapterBatch, string> = {
  1: 'single user, batch = 1',
  16: '16 concurrent, short replies',
  64: '64 concurrent',
};

/** The chapter's SLA examples. */
export const SLA_LABELS: Record<SlaId, string> = {
  chat: 'interactive chat',
  'code-completion': 'code completion',
  'offline-summary': 'offline summarisation',
  'api-standard': 'ToB API, standard tier',
  'api-priority': 'ToB API, priority tier',
};

export const FEEL_WORDS: Record<Feel, string> = {
  'faster-than-reading': 'faster than reading',
  'reading-speed': 'about reading speed',
  'slower-than-reading': 'slower than reading',
  stutters: 'stutters',
};

/** One sentence on why the chapter's ITL and the bandwidth floor differ. */
export function explainGap(chapterItl: ChapterRange, floorMs: number, specMs: number): string {
  const g = gapFacts(chapterItl, floorMs);
  return (
    `The chapter's ${chapterItl.min}–${chapterItl.max} ms/token is ${g.timesLow.toFixed(1)}–${g.timesHigh.toFixed(1)}× the ` +
    `${floorMs.toFixed(1)} ms it takes to read the weights once at the datasheet bandwidth, i.e. ${g.peakLow.toFixed(0)}–${g.peakHigh.toFixed(0)} % of peak: ` +
    `it describes a whole serving stack (scheduler, sampling, HTTP, framework overhead) rather than the kernels, ` +
    `which is why a tuned native engine is predicted near ${specMs.toFixed(1)} ms; both are shown.`
  );
}

const mib = (bytes: number) => (bytes / 2 ** 20).toFixed(0);

/** A note or assumption of a prediction, in English. */
export function noteText(n: Note): string {
  switch (n.id) {
    case 'no-read-rows':
      return 'no verified read rows: bandwidth ceiling unknown';
    case 'no-fma-rows':
      return 'no verified FMA rows: compute ceiling unknown';
    case 'no-matrix-rows':
      return 'no verified GEMV/GEMM rows: predictions use the roofline (β, π) alone';
    case 'matrix-by-bytes':
      return `${n.matrix} ${n.n}×${n.k} at M=${n.m}: ${n.how} by bytes from measured ${n.format} shapes`;
    case 'matrix-scaled':
      return `${n.matrix} at M=${n.m}: scaled ×${n.factor.toFixed(2)} from the GEMM measured at M=${n.near}`;
    case 'matrix-roofline':
      return `no verified ${n.m === 1 ? 'GEMV' : 'GEMM'} rows for ${n.format} at M=${n.m}: ${n.matrix} from the roofline (β ${n.betaGBps.toFixed(0)} GB/s, π ${n.piGflops.toFixed(0)} GFLOP/s)`;
    case 'attention-rate':
      return `attention FLOPs at ${n.gflops.toFixed(0)} GFLOP/s (${n.fmaFormat === null ? 'best measured GEMM' : `FMA probe, ${n.fmaFormat}`})`;
    case 'no-capacity-in-webgpu':
      return 'WebGPU does not report how much memory the GPU has, so whether the model fits is unknown';
    case 'binding-too-small':
      return `the largest matrix (${mib(n.largestBytes)} MiB) exceeds maxStorageBufferBindingSize (${mib(n.bindingBytes)} MiB): it would have to be split`;
    case 'bandwidth-ceiling':
      return `bandwidth ceiling β = ${n.gbps.toFixed(1)} GB/s (best verified read at the largest working set)`;
    case 'compute-ceiling':
      return `compute ceiling π = ${n.gflops.toFixed(1)} GFLOP/s (FMA probe, ${n.from})`;
    case 'dispatch-assumed':
      return `per-dispatch overhead not measurable (one read size): assumed ${n.ms} ms`;
    case 'dispatch-measured':
      return `per-dispatch overhead ${n.ms.toFixed(4)} ms (intercept of the read sweep)`;
    case 'fixed-cost':
      return n.hostLayerMs === undefined
        ? `fixed cost per token ${n.ms.toFixed(3)} ms = ${n.perLayer} small dispatches × ${n.layers} layers + ${n.perToken}; host round trips not measured`
        : `fixed cost per token ${n.ms.toFixed(3)} ms = ${n.perLayer} small dispatches × ${n.layers} layers + ${n.perToken}, plus ${n.hostLayerMs.toFixed(4)} ms of host cost per layer measured here`;
    case 'host-cost-measured':
      return `measured here, by this document's own decode runs (${n.runs}: ${n.models.join(', ')}): ${n.dispatchMs.toFixed(4)} ms per small dispatch (their probe) and ${n.layerMs.toFixed(4)} ms per layer beyond measured mode's prediction of those runs; the host cost of this browser and driver, not a constant borrowed from elsewhere`;
    case 'measured-times':
      return 'measured times are per dispatch (median; range from min to p95); the fastest verified variant per shape';
    case 'roofline-efficiency':
      return `roofline fallback: ${n.low * 100}–${n.high * 100} % (expected ${n.expected * 100} %) of min(π, I·β)`;
    case 'capacity-not-given':
      return 'memory capacity not given: cannot say whether it fits';
    case 'capacity-datasheet':
      return `capacity ${n.gb} GB from the datasheet; runtime buffers and fragmentation not counted`;
    case 'datasheet':
      return `${n.gpu}: ${n.bandwidthGBps} GB/s, prefill at ${n.tflops} TFLOP/s (${PEAK_WORDS[n.peak]}) from the datasheet`;
    case 'engine-profile':
      return engineProfileWords(n);
    case 'engine-borrowed':
      return borrowedWords(n.engine, n.from);
    case 'build-era-in-range':
      return `${n.engine}: llama.cpp's speed differs between builds (its quantised prefill before and after the int8 tensor-core kernels, PR 7676; builds of one card about 2× apart); no build term is fitted (most public rows carry no build number or date): the range is built from rows of many builds and spans them`;
    case 'engine-range':
      return `${n.metric === 'decode' ? 'decode' : 'TTFT'} range for ${n.engine} on ${n.vendor}: ${CALIBRATION_CODE_WORDS[n.code]}`;
    case 'weight-layout':
      return `${n.format} weights: layers at ${n.bodyBits.toFixed(2)} bits, output head at ${n.headBits.toFixed(2)}, embedding at ${n.embeddingBits.toFixed(2)}`;
    case 'tensor-parallel':
      return `tensor parallel over ${n.tp} GPUs: each reads 1/${n.tp} of the weights and KV; ${n.allReduces} all-reduces per layer over ${n.link === 'nvlink' ? 'NVLink' : 'PCIe'} (assumed ${n.bandwidthGBps} GB/s each way, ${n.latencyMs} ms each)`;
    case 'pass-max':
      return 'each pass takes max(bytes / bandwidth, FLOPs / compute) + fixed overhead';
    case 'itl-context':
      return `ITL at ${n.context} cached tokens${n.defaulted ? ' (prompt + half the output)' : ''}`;
    case 'kv-cache':
      return `KV cache in ${n.bits}-bit elements; memory counts KV for ${n.tokens} tokens × batch ${n.batch}`;
    case 'kv-quant':
      return `KV cache quantised to ${n.bits} bits with one ${n.scaleBits}-bit scale per ${n.block} values: ${n.bytesPerElement} bytes per value, scales included`;
    case 'moe-routing':
      return `mixture of experts: all ${n.experts} experts per layer are in memory; each token runs ${n.perToken}${n.shared > 0 ? ` + ${n.shared} shared` : ''}; at batch ${n.batch} a step reads ${n.distinct.toFixed(1)} distinct experts per layer, E·(1 − (1 − k/E)^B), assuming uniform routing`;
    case 'sliding-window':
      return `${n.slidingLayers} of ${n.layers} layers attend over a window of ${n.window} tokens: their KV cache holds at most that`;
    case 'mla-cache':
      return `multi-head latent attention: the KV cache holds ${n.elements} values per token per layer (kv_lora_rank + qk_rope_head_dim)`;
    case 'e2e-formula':
      return 'E2E = TTFT + (output − 1) × ITL, single user, no queueing (the chapter’s formula)';
    case 'ttft-alone':
      return 'TTFT is one prompt alone; queueing behind other requests is not modelled';
    case 'roofline-fallback':
      return 'measured mode fell back to the roofline (β, π) where the results lack a kernel shape or format: see the notes';
    case 'software-adapter':
      return `the results come from a software adapter (${n.adapter}): these are a CPU's numbers, not a GPU's`;
    case 'run-unfinished':
      return `the results run did not finish: ${n.why}`;
  }
}

/** An engine that borrows its profile (model/engines/ids.ts borrowsProfileFrom), in words. */
export const borrowedWords = (engine: string, from: string): string =>
  `profile borrowed from "${from}": no public measurement of "${engine}" is in the data, so "${from}"'s fitted profile, ranges and held-out figures stand for it (not checked on "${engine}" itself)`;

/** The fitted profile in words; the browser-only terms only where they are not 0. */
function engineProfileWords(n: Extract<Note, { id: 'engine-profile' }>): string {
  const pct = (x: number) => `${(100 * x).toFixed(0)} %`;
  const decode = [`${pct(n.eta)} of bandwidth`, `${n.cLayerMs.toFixed(3)} ms per layer`];
  if (n.consumeMsPerGB > 0) {
    decode.push(
      `${n.consumeMsPerGB.toFixed(2)} ms per GB streamed (its kernels' own ceiling, about ${(1000 / n.consumeMsPerGB).toFixed(0)} GB/s)`,
    );
  }
  if (n.tokenMs > 0) decode.push(`${n.tokenMs.toFixed(1)} ms per token`);
  if (n.attnFactor > 0) {
    decode.push(`decode attention at ${n.attnFactor.toFixed(0)}× its FLOPs' time at peak`);
  }
  const prefill = [`prefill at ${pct(n.eps)} of peak`];
  if (n.blockUnpack > 0 || n.kQuantUnpack > 0) {
    prefill.push(
      `unpacking quantised weights at ${n.blockUnpack.toFixed(1)}× (one-scale blocks) and ${n.kQuantUnpack.toFixed(1)}× (k-quants) their FLOPs' time at peak`,
    );
  }
  prefill.push(`${n.fixedMs.toFixed(0)} ms per prompt`);
  return `engine "${n.engine}" on ${n.vendor}: ${decode.join(', ')}; ${prefill.join(' + ')}; ranges are the central ${pct(n.level)} of held-out residuals, a t prediction interval below 20 of them (decode ×${n.decode.low.toFixed(2)}–×${n.decode.high.toFixed(2)}, TTFT ×${n.ttft.low.toFixed(2)}–×${n.ttft.high.toFixed(2)})`;
}
