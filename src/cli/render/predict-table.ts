// The prediction report as readable text for the terminal.

import { MAX_RANGE_WIDTH } from '../../model/engines/calibrate';
import { PERCEPTION } from '../../model/predict/chapter';
import type { Range } from '../../model/predict/range';
import type { PredictReport } from '../../model/predict/report';
import {
  CHAPTER_LABEL,
  CHAPTER_LABEL_70B,
  doesNotFitText,
  FEEL_WORDS,
  noteText,
  SCENARIO_LABELS,
  SLA_LABELS,
} from '../words/notes-en';
import { gapSentence } from './report-json';
import { columns, durationText, durationValue, num, rangeText } from './text';

const chapterRange = (r: { min: number; max: number }) =>
  r.min === r.max ? `${r.min}` : `${r.min}–${r.max}`;

const pct = (x: number) => (Number.isFinite(x) ? `${(100 * x).toFixed(0)} %` : '—');

function header(r: PredictReport): string[] {
  const mode =
    r.source === 'spec'
      ? `spec mode (datasheet), engine "${r.engine}" (${r.runtime})`
      : `measured mode (results document)${r.rooflineFallback ? ', partly from the roofline' : ''}`;
  const gpus = r.tp > 1 ? `${r.tp}× ${r.gpu} (tensor parallel)` : r.gpu;
  const lines = [
    `${r.modelName} · ${r.weights} (${Number(r.bitsPerWeight.toFixed(2))} bits/weight) on ${gpus}`,
    ...(r.params.moe
      ? [
          `${num(r.params.total / 1e9)} B parameters in total, ${num(r.params.activePerToken / 1e9)} B active per token`,
        ]
      : []),
    `${mode}; prompt ${r.promptTokens} tokens, output ${r.outputTokens}, batch ${r.batch}, ITL at ${r.context} cached tokens`,
  ];
  const c = r.calibration;
  const t = r.calibrationTtft;
  const borrowed = r.profileBorrowedFrom;
  if (c !== null && t !== null) {
    const whose =
      borrowed === null
        ? ''
        : ` of the profile borrowed from "${borrowed}", not of "${r.engine}" itself`;
    lines.push(
      c.n === 0 && c.noFit > 0
        ? `calibration: the ${c.noFit} public measurements of "${r.engine}" come from too few sources to predict any of them with its source and GPU family held out: not checked on a source the fit had not seen, its range floored to its engine class's spread between sources`
        : c.n === 0
          ? `calibration: no public measurements of "${r.engine}" to check it against; its range is borrowed (see assumptions)`
          : `calibration${whose} (held out by source and GPU family: each measurement predicted without its thread, repository or paper and without its GPU family): decode ${heldOutFigures(c, ' [low, high]', 'median ')}` +
            (t.n === 0 && t.noFit > 0
              ? `; TTFT: its ${t.noFit} measurements come from too few sources to predict any with its source and GPU family held out (range floored to its class's spread between sources)`
              : t.n === 0
                ? '; TTFT: no measurements'
                : `; TTFT ${heldOutFigures(t, '', '')}`),
    );
  }
  return lines;
}

interface HeldOutFigures {
  n: number;
  notEnoughData: number;
  mape: number;
  coverage: number;
  width: number;
}

/**
 * MAPE, the share inside and the median width of held-out ranges. Inside and width count only
 * the ranges stated: where every one was "not enough data", there is no share or width to give.
 */
function heldOutFigures(s: HeldOutFigures, inside: string, median: string): string {
  const head = `MAPE ${pct(s.mape)}`;
  if (s.notEnoughData >= s.n) {
    return `${head}, n = ${s.n}, each held-out range "not enough data" (wider than ${MAX_RANGE_WIDTH}×)`;
  }
  const stated =
    s.notEnoughData > 0
      ? ` (${s.notEnoughData} of them "not enough data", not counted inside)`
      : '';
  return `${head}, ${pct(s.coverage)} inside${inside}, ${median}high ÷ low ${s.width.toFixed(2)}, n = ${s.n}${stated}`;
}

/** The engine's range for `metric` is wider than 4×: the CLI states that instead of the range. */
const notEnoughData = (r: PredictReport, metric: 'decode' | 'ttft'): boolean =>
  !r.rangeStated[metric];

const NO_RANGE = `not enough data for a range (it would be wider than ${MAX_RANGE_WIDTH}×)`;

function headline(r: PredictReport): string[] {
  if (r.decode === null || r.prefill === null || r.e2eMs === null) {
    return [
      r.doesNotFit === null ? 'does not fit: no times predicted' : doesNotFitText(r.doesNotFit),
    ];
  }
  const wideDecode = notEnoughData(r, 'decode');
  const wideTtft = notEnoughData(r, 'ttft');
  const ranged = (x: Range, unit: string, wide: boolean) =>
    wide ? `${num(x.expected)}${unit}; ${NO_RANGE}` : rangeText(x, unit);
  const duration = (x: Range, wide: boolean) =>
    wide ? `${durationValue(x.expected)}; ${NO_RANGE}` : durationText(x);
  const rows = [
    ['decode ITL', ranged(r.decode.msPerToken, ' ms/token', wideDecode), `${r.decode.bound}-bound`],
    ['decode rate', ranged(r.decode.tokensPerSecond, ' tokens/s', wideDecode), 'per user'],
    ...(r.batch > 1
      ? [
          [
            'system rate',
            ranged(r.decode.systemTokensPerSecond, ' tokens/s', wideDecode),
            `batch ${r.batch}`,
          ],
        ]
      : []),
    [
      'bandwidth floor',
      `${num(r.decode.floorMsPerToken)} ms/token`,
      'weights + KV once at 100 % of peak',
    ],
    [
      'TTFT',
      duration(r.prefill.ttftMs, wideTtft),
      `${r.prefill.bound}-bound, ${r.promptTokens}-token prompt`,
    ],
    ['prefill rate', ranged(r.prefill.tokensPerSecond, ' tokens/s', wideTtft), ''],
    ['E2E', duration(r.e2eMs, wideDecode || wideTtft), `TTFT + (${r.outputTokens} − 1) × ITL`],
  ];
  return columns(['', 'expected (low–high)', ''], rows, { leftColumns: 3 });
}

const gib = (bytes: number) => `${(bytes / 2 ** 30).toFixed(1)} GB`;

function memory(r: PredictReport): string {
  const m = r.memory;
  const note = m.notes.map(noteText).join('; ');
  const per = r.tp > 1 ? `, ${gib(m.perGpuBytes)} per GPU at TP ${r.tp}` : '';
  const used = `Memory: weights ${gib(m.weightBytes)} + KV cache ${gib(m.kvBytes)} = ${gib(m.totalBytes)}${per}`;
  if (m.capacityBytes === null || m.fits === null) return `${used}; fits: unknown (${note}).`;
  return `${used} of ${gib(m.capacityBytes)} (GB as on the label, GiB): ${m.fits ? 'fits' : 'does NOT fit'} (${note}).`;
}

const marked = (source: string) => (source === 'roofline' ? ' (roofline)' : '');

function curves(r: PredictReport): string[] {
  if (r.latencyThroughput.length === 0) return [];
  return [
    `Latency–throughput at ${r.context} cached tokens (the chapter's trade-off):`,
    ...columns(
      ['batch', 'ITL ms (low–high)', 'tokens/s per user', 'system tokens/s'],
      r.latencyThroughput.map((c) => [
        `${c.batch}${marked(c.source)}`,
        rangeText(c.msPerToken),
        num(c.tokensPerSecond.expected),
        num(c.systemTokensPerSecond.expected),
      ]),
    ),
    '',
    `ITL as the context grows (batch ${r.batch}; up to ${r.modelName}'s context limit):`,
    ...columns(
      ['context', 'ITL ms (low–high)', 'tokens/s'],
      r.itlVsContext.map((c) => [
        `${c.context}${marked(c.source)}`,
        rangeText(c.msPerToken),
        num(c.tokensPerSecond.expected),
      ]),
    ),
  ];
}

function verdicts(r: PredictReport): string[] {
  if (r.verdicts === null || r.decode === null || r.prefill === null) {
    return ['No SLA verdicts: the model does not fit (see above).'];
  }
  const limit = (v: number | null) => (v === null ? 'none' : `< ${v} ms`);
  const p = r.verdicts.perception;
  return [
    "The chapter's SLAs (P95; the high end of each range stands in for it):",
    ...columns(
      ['SLA', 'TTFT', 'ITL', 'TTFT', 'ITL', 'verdict'],
      r.verdicts.sla.map((v) => [
        SLA_LABELS[v.id],
        limit(v.ttftP95Ms),
        limit(v.itlP95Ms),
        v.ttft,
        v.itl,
        v.overall,
      ]),
    ),
    `Perception (the chapter's thresholds): first token in ${durationValue(r.prefill.ttftMs.expected)}: ${p.firstTokenFast ? 'feels fast' : 'does not feel fast'} (fast within ${PERCEPTION.fastFirstTokenMs} ms); ` +
      `${num(r.decode.msPerToken.expected)} ms/token: ${FEEL_WORDS[p.itlFeel]} (~${PERCEPTION.readingSpeedItlMs} ms/token is reading speed, over ${PERCEPTION.stutterItlMs} ms stutters).`,
  ];
}

function contrast(r: PredictReport): string[] {
  const a = r.a100;
  const same = r.source === 'spec' && r.gpuId === a.gpu && r.engine === a.runtime && r.tp === a.tp;
  const a100s = a.tp > 1 ? `${a.tp}× A100 80GB SXM, TP ${a.tp}` : 'A100 80GB SXM';
  const rows = [
    ...(same || r.decode === null || r.prefill === null
      ? []
      : [
          [
            `this prediction (${r.source})`,
            rangeText(r.decode.msPerToken),
            durationText(r.prefill.ttftMs),
          ],
        ]),
    [`${a100s}, native engine (spec)`, rangeText(a.msPerToken), durationText(a.ttftMs)],
    [
      a.tp > 1 ? `${a100s} bandwidth floor (per GPU)` : 'A100 bandwidth floor',
      num(a.floorMsPerToken),
      '',
    ],
  ];
  if (a.chapter !== null) {
    rows.push([
      `${a.chapter.tp > 1 ? `${a.chapter.tp}× A100` : 'A100'} as the chapter reports it${a.chapter.scenarioBatch === null ? '' : ` (${SCENARIO_LABELS[a.chapter.scenarioBatch]})`}`,
      chapterRange(a.chapter.itlMs),
      a.chapter.ttftMs === null ? '' : `${chapterRange(a.chapter.ttftMs)} ms`,
    ]);
  }
  const lines = [
    `Beside ${a.tp > 1 ? `${a.tp} A100s` : 'an A100'} (${r.modelName}, ${r.weights}, batch ${r.batch})${same ? '; this prediction is the A100 row' : ''}:`,
    ...columns(['', 'ms/token', 'TTFT'], rows),
  ];
  if (a.chapter === null) {
    lines.push('  The chapter gives no A100 numbers for this model, format and batch.');
  } else {
    const label = a.chapter.model === 'llama-3-70b' ? CHAPTER_LABEL_70B : CHAPTER_LABEL;
    lines.push(`  The last row is as ${label}; source: ${a.chapter.source}`);
  }
  const explanation = gapSentence(r);
  if (explanation !== null) lines.push(`  ${explanation}`);
  return lines;
}

export function renderPrediction(r: PredictReport): string {
  const list = (title: string, items: readonly string[]) =>
    items.length === 0 ? [] : ['', title, ...items.map((s) => `  - ${s}`)];
  return [
    ...header(r),
    '',
    ...headline(r),
    '',
    memory(r),
    '',
    ...curves(r),
    '',
    ...verdicts(r),
    '',
    ...contrast(r),
    ...list('Assumptions:', r.assumptions.map(noteText)),
    ...list('Notes:', r.notes.map(noteText)),
  ].join('\n');
}
