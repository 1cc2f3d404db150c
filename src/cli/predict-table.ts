// The prediction report as readable text for the terminal.

import { PERCEPTION } from '../model/chapter';
import type { PredictReport } from '../model/report';
import { CHAPTER_LABEL, FEEL_WORDS, noteText, SCENARIO_LABELS, SLA_LABELS } from './notes-en';
import { gapSentence } from './report-json';
import { columns, durationText, durationValue, gb, num, rangeText } from './text';

const chapterRange = (r: { min: number; max: number }) =>
  r.min === r.max ? `${r.min}` : `${r.min}–${r.max}`;

function header(r: PredictReport): string[] {
  const mode =
    r.source === 'spec'
      ? `spec mode (datasheet), runtime "${r.runtime}"`
      : `measured mode (results document)${r.rooflineFallback ? ', partly from the roofline' : ''}`;
  return [
    `${r.modelName} · ${r.weights} (${r.bitsPerWeight} bits/weight) on ${r.gpu}`,
    ...(r.params.moe
      ? [
          `${num(r.params.total / 1e9)} B parameters in total, ${num(r.params.activePerToken / 1e9)} B active per token`,
        ]
      : []),
    `${mode}; prompt ${r.promptTokens} tokens, output ${r.outputTokens}, batch ${r.batch}, ITL at ${r.context} cached tokens`,
  ];
}

function headline(r: PredictReport): string[] {
  const rows = [
    ['decode ITL', rangeText(r.decode.msPerToken, ' ms/token'), `${r.decode.bound}-bound`],
    ['decode rate', rangeText(r.decode.tokensPerSecond, ' tokens/s'), 'per user'],
    ...(r.batch > 1
      ? [
          [
            'system rate',
            rangeText(r.decode.systemTokensPerSecond, ' tokens/s'),
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
      durationText(r.prefill.ttftMs),
      `${r.prefill.bound}-bound, ${r.promptTokens}-token prompt`,
    ],
    ['prefill rate', rangeText(r.prefill.tokensPerSecond, ' tokens/s'), ''],
    ['E2E', durationText(r.e2eMs), `TTFT + (${r.outputTokens} − 1) × ITL`],
  ];
  return columns(['', 'expected (low–high)', ''], rows, { leftColumns: 3 });
}

function memory(r: PredictReport): string {
  const m = r.memory;
  const note = m.notes.map(noteText).join('; ');
  const used = `Memory: weights ${gb(m.weightBytes)} + KV cache ${gb(m.kvBytes)} = ${gb(m.totalBytes)}`;
  if (m.capacityBytes === null || m.fits === null) return `${used}; fits: unknown (${note}).`;
  const needs = m.fits || m.gpusNeeded === null ? '' : `, needs ${m.gpusNeeded} such GPUs`;
  return `${used} of ${gb(m.capacityBytes)}: ${m.fits ? 'fits' : 'does NOT fit'}${needs} (${note}).`;
}

function curves(r: PredictReport): string[] {
  return [
    `Latency–throughput at ${r.context} cached tokens (the chapter's trade-off):`,
    ...columns(
      ['batch', 'ITL ms (low–high)', 'tokens/s per user', 'system tokens/s'],
      r.latencyThroughput.map((c) => [
        String(c.batch),
        rangeText(c.msPerToken),
        num(c.tokensPerSecond.expected),
        num(c.systemTokensPerSecond.expected),
      ]),
    ),
    '',
    `ITL as the context grows (batch ${r.batch}):`,
    ...columns(
      ['context', 'ITL ms (low–high)', 'tokens/s'],
      r.itlVsContext.map((c) => [
        String(c.context),
        rangeText(c.msPerToken),
        num(c.tokensPerSecond.expected),
      ]),
    ),
  ];
}

function verdicts(r: PredictReport): string[] {
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
  const same = r.source === 'spec' && r.gpuId === a.gpu && r.runtime === a.runtime;
  const rows = [
    ...(same
      ? []
      : [
          [
            `this prediction (${r.source})`,
            rangeText(r.decode.msPerToken),
            durationText(r.prefill.ttftMs),
          ],
        ]),
    ['A100 80GB SXM, native runtime (spec)', rangeText(a.msPerToken), durationText(a.ttftMs)],
    ['A100 bandwidth floor', num(a.floorMsPerToken), ''],
  ];
  if (a.chapter !== null) {
    rows.push([
      `A100 as the chapter reports it${a.chapter.scenarioBatch === null ? '' : ` (${SCENARIO_LABELS[a.chapter.scenarioBatch]})`}`,
      chapterRange(a.chapter.itlMs),
      a.chapter.ttftMs === null ? '' : `${chapterRange(a.chapter.ttftMs)} ms`,
    ]);
  }
  const lines = [
    `Beside an A100 (${r.modelName}, ${r.weights}, batch ${r.batch})${same ? '; this prediction is the A100 row' : ''}:`,
    ...columns(['', 'ms/token', 'TTFT'], rows),
  ];
  if (a.chapter === null) {
    lines.push('  The chapter gives no A100 numbers for this model, format and batch.');
  } else {
    lines.push(`  The last row is as ${CHAPTER_LABEL}; source: ${a.chapter.source}`);
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
