// What `npm run predict -- --json` prints: the model's report with its codes and notes worded in
// English (./notes-en.ts), field for field in the report's order.

import type { Range } from '../../model/predict/range';
import type { PredictReport } from '../../model/predict/report';
import {
  CHAPTER_LABEL,
  CHAPTER_LABEL_70B,
  doesNotFitText,
  explainGap,
  FEEL_WORDS,
  noteText,
  SCENARIO_LABELS,
  SLA_LABELS,
} from '../words/notes-en';

type A100 = PredictReport['a100'];

type Verdicts = NonNullable<PredictReport['verdicts']>;

export interface PredictJson
  extends Omit<
    PredictReport,
    'memory' | 'verdicts' | 'a100' | 'assumptions' | 'notes' | 'doesNotFit'
  > {
  memory: Omit<PredictReport['memory'], 'notes'> & { note: string };
  /** What would fit, and the sentence that says so; null where it fits (or may). */
  doesNotFit: (NonNullable<PredictReport['doesNotFit']> & { text: string }) | null;
  /** null where the model does not fit. */
  verdicts: {
    sla: (Verdicts['sla'][number] & { label: string })[];
    perception: { firstTokenFast: boolean; itlFeel: string };
  } | null;
  a100: Omit<A100, 'chapter' | 'gap'> & {
    chapter:
      | (Omit<NonNullable<A100['chapter']>, 'scenarioBatch'> & {
          label: string;
          scenario: string | null;
        })
      | null;
    explanation: string | null;
  };
  assumptions: string[];
  notes: string[];
  /**
   * Why a metric's range is not stated (its low and high are null in the JSON: "not enough data"),
   * null where it is stated.
   */
  rangeReason: { decode: string | null; ttft: string | null };
}

/**
 * A range with no low or high: JSON writes NaN as null, so a range that is not stated ("not
 * enough data") is never printed as two numbers.
 */
const unstated = (r: Range): Range => ({ expected: r.expected, low: Number.NaN, high: Number.NaN });

/** Each range of a metric whose range is not stated, without its low and high. */
function statedTimes(r: PredictReport) {
  const d = r.rangeStated.decode;
  const t = r.rangeStated.ttft;
  const keep = (stated: boolean) => (x: Range) => (stated ? x : unstated(x));
  const dr = keep(d);
  return {
    decode:
      r.decode === null
        ? null
        : {
            ...r.decode,
            msPerToken: dr(r.decode.msPerToken),
            tokensPerSecond: dr(r.decode.tokensPerSecond),
            systemTokensPerSecond: dr(r.decode.systemTokensPerSecond),
          },
    prefill:
      r.prefill === null
        ? null
        : {
            ...r.prefill,
            ttftMs: keep(t)(r.prefill.ttftMs),
            tokensPerSecond: keep(t)(r.prefill.tokensPerSecond),
          },
    e2eMs: r.e2eMs === null ? null : keep(d && t)(r.e2eMs),
    itlVsContext: r.itlVsContext.map((p) => ({
      ...p,
      msPerToken: dr(p.msPerToken),
      tokensPerSecond: dr(p.tokensPerSecond),
    })),
    latencyThroughput: r.latencyThroughput.map((p) => ({
      ...p,
      msPerToken: dr(p.msPerToken),
      tokensPerSecond: dr(p.tokensPerSecond),
      systemTokensPerSecond: dr(p.systemTokensPerSecond),
    })),
  };
}

/** The words of the codes that made a metric's range "not enough data"; null where it is stated. */
function rangeReason(r: PredictReport, metric: 'decode' | 'ttft'): string | null {
  if (r.rangeStated[metric]) return null;
  return r.assumptions
    .filter((n) => n.id === 'engine-range' && n.metric === metric)
    .map(noteText)
    .join('; ');
}

/** Why the chapter's ITL is far above the A100 floor, in one English sentence; null where it is not. */
export function gapSentence(r: PredictReport): string | null {
  const a = r.a100;
  return a.gap === null || a.chapter === null
    ? null
    : explainGap(a.chapter.itlMs, a.floorMsPerToken, a.msPerToken.expected);
}

export function reportJson(r: PredictReport): PredictJson {
  const { notes: capacityNotes, ...memory } = r.memory;
  const c = r.a100.chapter;
  const times = statedTimes(r);
  return {
    model: r.model,
    modelName: r.modelName,
    params: r.params,
    kvBits: r.kvBits,
    weights: r.weights,
    bitsPerWeight: r.bitsPerWeight,
    fileBitsPerWeight: r.fileBitsPerWeight,
    gpu: r.gpu,
    gpuId: r.gpuId,
    source: r.source,
    rooflineFallback: r.rooflineFallback,
    runtime: r.runtime,
    engine: r.engine,
    profileBorrowedFrom: r.profileBorrowedFrom,
    tp: r.tp,
    fits: r.fits,
    needGB: r.needGB,
    doesNotFit:
      r.doesNotFit === null ? null : { ...r.doesNotFit, text: doesNotFitText(r.doesNotFit) },
    calibration: r.calibration,
    calibrationTtft: r.calibrationTtft,
    rangeStated: r.rangeStated,
    rangeReason: { decode: rangeReason(r, 'decode'), ttft: rangeReason(r, 'ttft') },
    promptTokens: r.promptTokens,
    outputTokens: r.outputTokens,
    batch: r.batch,
    context: r.context,
    weightBytes: r.weightBytes,
    kvBytes: r.kvBytes,
    decode: times.decode,
    prefill: times.prefill,
    e2eMs: times.e2eMs,
    memory: { ...memory, note: capacityNotes.map(noteText).join('; ') },
    itlVsContext: times.itlVsContext,
    latencyThroughput: times.latencyThroughput,
    verdicts:
      r.verdicts === null
        ? null
        : {
            sla: r.verdicts.sla.map(({ id, ...v }) => ({ id, label: SLA_LABELS[id], ...v })),
            perception: {
              firstTokenFast: r.verdicts.perception.firstTokenFast,
              itlFeel: FEEL_WORDS[r.verdicts.perception.itlFeel],
            },
          },
    a100: {
      gpu: r.a100.gpu,
      runtime: r.a100.runtime,
      tp: r.a100.tp,
      msPerToken: r.a100.msPerToken,
      tokensPerSecond: r.a100.tokensPerSecond,
      ttftMs: r.a100.ttftMs,
      floorMsPerToken: r.a100.floorMsPerToken,
      chapter:
        c === null
          ? null
          : {
              label: c.model === 'llama-3-70b' ? CHAPTER_LABEL_70B : CHAPTER_LABEL,
              source: c.source,
              itlMs: c.itlMs,
              ttftMs: c.ttftMs,
              systemTokensPerSecond: c.systemTokensPerSecond,
              scenario: c.scenarioBatch === null ? null : SCENARIO_LABELS[c.scenarioBatch],
              model: c.model,
              tp: c.tp,
            },
      explanation: gapSentence(r),
    },
    assumptions: r.assumptions.map(noteText),
    notes: r.notes.map(noteText),
  };
}
