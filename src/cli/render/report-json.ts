// What `npm run predict -- --json` prints: the model's report with its codes and notes worded in
// English (./notes-en.ts), field for field in the report's order.

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
    promptTokens: r.promptTokens,
    outputTokens: r.outputTokens,
    batch: r.batch,
    context: r.context,
    weightBytes: r.weightBytes,
    kvBytes: r.kvBytes,
    decode: r.decode,
    prefill: r.prefill,
    e2eMs: r.e2eMs,
    memory: { ...memory, note: capacityNotes.map(noteText).join('; ') },
    itlVsContext: r.itlVsContext,
    latencyThroughput: r.latencyThroughput,
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
