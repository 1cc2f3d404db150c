// The charts section's words (English): the roofline, latency vs throughput, bytes per token and
// the bandwidth chart. Numbers arrive formatted (../numbers); functions take named parameters so
// each language can order them as it needs.

import type { ChapterBatch, ChapterNote } from '../../../model/predict/chapter';
import type { RooflineNoteId } from '../../../model/predict/notes';

export const charts = {
  roofline: {
    xTitle: 'arithmetic intensity (FLOP per byte moved)',
    yTitle: 'GFLOP/s',
    /** A reference GPU's FP16 roof, as its datasheet states it. */
    referenceFp16: (p: { gpu: string; bandwidth: string; tflops: string }) =>
      `${p.gpu}: ${p.bandwidth} GB/s, ${p.tflops} TFLOP/s FP16 (datasheet)`,
    referenceFp32: (p: { gpu: string; tflops: string }) => `${p.gpu}: ${p.tflops} TFLOP/s FP32`,
    /** This run's roof for one FMA format; `compute` carries its unit (GFLOP/s or TFLOP/s). */
    measured: (p: { bandwidth: string; compute: string; format: string }) =>
      `this GPU: ${p.bandwidth} GB/s, ${p.compute} ${p.format} (measured)`,
    gemvPoints: (p: { format: string }) => `GEMV ${p.format} (decode, filled)`,
    gemmPoints: (p: { format: string }) => `GEMM ${p.format} (hollow)`,
    tipVariant: (p: { variant: string }) => `variant ${p.variant}`,
    tipIntensity: (p: { intensity: string; bound: string }) =>
      `${p.intensity} FLOP/byte · ${p.bound}`,
    bound: { memory: 'memory-bound', compute: 'compute-bound' },
    tipEfficiency: (p: { percent: string; attainable: string }) =>
      `roofline efficiency ${p.percent} of ${p.attainable} GFLOP/s`,
    noResults:
      'No results on screen: only the reference ceilings are drawn. Run the benchmark (or open a results file) to add this GPU’s.',
    /** `notes` are `missing`'s words, joined. */
    noBandwidth: (p: { notes: string }) =>
      `These results have no verified read rows, so no bandwidth ceiling: ${p.notes}.`,
    /** What a results document lacks for the roofline (model/measured/roofline.ts notes), by id. */
    missing: {
      'no-read-rows': 'no verified read rows: bandwidth ceiling unknown',
      'no-fma-rows': 'no verified FMA rows: compute ceiling unknown',
      'no-matrix-rows': 'no verified GEMV/GEMM rows: predictions use the roofline (β, π) alone',
    } satisfies Record<RooflineNoteId, string>,
    adapter: { gpu: 'This GPU', software: 'This software adapter' },
    ceilings: (p: { adapter: string; beta: string; pis: string }) =>
      `${p.adapter}: β = ${p.beta} GB/s (read probe); π = ${p.pis}.`,
    pi: (p: { compute: string; format: string; ridge: string }) =>
      `${p.compute} (${p.format}, ridge at ${p.ridge} FLOP/byte)`,
    piNotMeasured: 'not measured',
    gemv: (p: { low: string; high: string; effLow: string; effHigh: string }) =>
      `GEMV at ${p.low}–${p.high} FLOP/byte: memory-bound, at ${p.effLow}–${p.effHigh} of the roof.`,
    gemm: (p: { best: string }) => `GEMM climbs with M: best ${p.best}.`,
    gemmAt: (p: { gflops: string; m: string }) => `${p.gflops} GFLOP/s at M=${p.m}`,
    /** Between the items of a list (π per format, GEMM per M). */
    listSeparator: ', ',
    /** Between the summary's sentences. */
    sentenceSeparator: ' ',
  },
  latency: {
    itlSeries: 'ITL, ms/token (left axis)',
    systemSeries: 'system tokens/s (right axis)',
    xTitle: 'batch (concurrent sequences)',
    itlTitle: 'ITL ms/token',
    systemTitle: 'system tokens/s',
    /** Appended to the source in the caption, with its leading space. */
    sweepMeasured: (p: { kernel: string }) =>
      ` (a point per batch size of the measured ${p.kernel} GEMM sweep)`,
    sweepMissing: (p: { kernel: string }) =>
      ` (these results have no ${p.kernel} GEMM sweep: batches above 1 come from the roofline, marked †)`,
    caption: (p: { model: string; format: string; context: string; source: string; how: string }) =>
      `${p.model} · ${p.format}, ${p.context} cached tokens per sequence, ${p.source}${p.how}. ` +
      'Batching reads each weight once for all B sequences: system tokens/s grows almost B-fold while ITL barely moves — until compute or the KV cache catches up.',
    cannotPredict: (p: { error: string }) => `Cannot predict: ${p.error}`,
    /** A curve point's source. */
    sources: { measured: 'measured', roofline: 'roofline †', spec: 'spec' },
    /** The chapter's scenarios, by batch; `label` from `scenarios`. */
    scenario: (p: { batch: string; label: string }) => `batch ${p.batch}: ${p.label}`,
    scenarios: {
      1: 'single user, batch = 1',
      16: '16 concurrent, short replies',
      64: '64 concurrent',
    } satisfies Record<ChapterBatch, string>,
    /** The chapter's remarks on its scenarios, by code. */
    notes: { 'ttft-includes-queueing': 'TTFT includes queueing' } satisfies Record<
      ChapterNote,
      string
    >,
    chapterCaption: (p: { prompt: string; note: string; url: string }) =>
      `As reported by the chapter for Llama 3 8B FP16 on one A100-80G with a vLLM-class stack, ${p.prompt}-token prompts; * ${p.note}. Shown as the chapter gives them. Source: the chapter “Latency vs throughput”, ${p.url}`,
  },
  memory: {
    title: (p: { model: string }) => `Bytes per decoded token — ${p.model}`,
    /** `bandwidth` is the predictions' label for β, unit included. */
    caption: (p: { context: string; bandwidth: string }) =>
      `One sequence with ${p.context} tokens cached. The floor is the bytes read once at ${p.bandwidth}, with no other cost.`,
    floorHead: (p: { bandwidth: string }) => `floor ms/token (${p.bandwidth} GB/s)`,
    /** `int4` and `fp16` are byte counts with their unit; `ratio` a bare number. */
    why: (p: { int4: string; fp16: string; ratio: string }) =>
      'Each decoded token reads every weight once, so on a memory-bound GPU time per token follows bytes per token. ' +
      `INT4 (4.5 bits with its scales) reads ${p.int4} per token against FP16's ${p.fp16}: ` +
      `${p.ratio}× fewer bytes, so up to ${p.ratio}× the tokens/s. ` +
      'The KV cache does not shrink with the weights, so its share grows with the context.',
  },
  bandwidth: {
    series: { read: 'read', copy: 'copy', write: 'write' },
    xTitle: 'working set',
    yTitle: 'GB/s',
    tooltip: (p: { series: string; rate: string; size: string }) =>
      `${p.series}: ${p.rate} GB/s at ${p.size}`,
  },
  compute: {
    series: (p: { format: string }) => `${p.format} multiply-add`,
    xTitle: 'FLOPs per byte loaded (multiply-adds per element × 2 ÷ 4 bytes)',
    yTitle: 'GFLOP/s',
    tooltip: (p: { series: string; rate: string; intensity: string }) =>
      `${p.series}: ${p.rate} GFLOP/s at ${p.intensity} FLOP/byte`,
  },
};
