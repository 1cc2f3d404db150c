// A decode run's figures in the page's words: ms/token beside the measured-mode prediction, the
// bandwidth floor and the bandwidth the run reached, all layers scaled, TTFT, the chapter's A100
// and the reading-speed line; and the document's decode runs as one row each.

import type { DecodeRun } from '../../core/results';
import { CHAPTER_A100_LLAMA3_8B_FP16, PERCEPTION } from '../../model/predict/chapter';
import { t } from '../i18n';
import { fmt, fmtAsGiven, fmtBytes, fmtInt } from '../i18n/numbers';
import { td, th } from '../shell/dom';

const ms = (v: number | undefined) => (v === undefined ? '–' : t().decode.ms({ ms: fmt(v) }));

/** The floor: the run's own (from the document's read rows), else bytes ÷ the page's β. */
export function floorMs(run: DecodeRun, bandwidthGBps: number | undefined): number | undefined {
  if (run.floorMs !== undefined) return run.floorMs;
  if (run.bytesPerToken === undefined || bandwidthGBps === undefined || !(bandwidthGBps > 0))
    return undefined;
  return (run.bytesPerToken / (bandwidthGBps * 1e9)) * 1e3;
}

/** Bytes per token ÷ ms per token: the bandwidth decode reached, in GB/s. */
export function reachedGBps(run: DecodeRun): number | undefined {
  if (run.bytesPerToken === undefined || run.medianMs === undefined) return undefined;
  return run.bytesPerToken / (run.medianMs * 1e6);
}

/** Why a run has no times, in the page's words. */
export function failureText(run: DecodeRun): string {
  const m = t().decode;
  if (run.refused !== undefined) return m.refused[run.refused];
  return m.failed({ error: run.error ?? m.failedShort });
}

function a100Range(): string {
  const one = CHAPTER_A100_LLAMA3_8B_FP16.scenarios.find((s) => s.batch === 1);
  if (one === undefined) return '–';
  return t().decode.range({ min: fmtAsGiven(one.itlMs.min), max: fmtAsGiven(one.itlMs.max) });
}

/** Label and value of each figure of a verified run. */
function figureRows(run: DecodeRun, bandwidthGBps: number | undefined): [string, string][] {
  const m = t().decode;
  const r = m.rows;
  const floor = floorMs(run, bandwidthGBps);
  const reached = reachedGBps(run);
  const scaled = run.scaledMs ?? run.medianMs;
  const reading = PERCEPTION.readingSpeedItlMs;
  return [
    [r.measured, ms(run.medianMs)],
    [r.p95, ms(run.p95Ms)],
    [r.tokensPerSecond, run.tokensPerSecond === undefined ? '–' : fmt(run.tokensPerSecond)],
    [r.predicted, run.predictedMs === undefined ? m.noPrediction : ms(run.predictedMs)],
    [r.ratio, run.ratio === undefined ? '–' : fmt(run.ratio)],
    [r.floor, `${ms(floor)} (${m.bytes({ bytes: fmtBytes(run.bytesPerToken ?? 0) })})`],
    [r.bandwidth, reached === undefined ? '–' : m.gbps({ gbps: fmt(reached) })],
    [
      r.scaled({ n: fmtInt(run.totalLayers) }),
      `${ms(run.scaledMs)} / ${ms(run.predictedScaledMs)}`,
    ],
    [r.ttft({ prompt: fmtInt(run.promptTokens) }), ms(run.ttftMs)],
    [r.dispatches, run.dispatchesPerToken === undefined ? '–' : fmtInt(run.dispatchesPerToken)],
    [r.a100, a100Range()],
    [
      r.reading,
      `${m.ms({ ms: fmtAsGiven(reading) })}: ${m.readingVerdict({ faster: scaled !== undefined && scaled < reading })}`,
    ],
  ];
}

/** What the run states it assumed or approximated: random routing, a stand-in block. */
export function runNotes(run: DecodeRun): string[] {
  const m = t().decode;
  const notes: string[] = [];
  if (run.routing !== undefined)
    notes.push(
      m.routing({
        experts: fmtInt(run.experts ?? 0),
        k: fmtInt(run.expertsPerToken ?? 0),
        shared: fmtInt(run.sharedExperts ?? 0),
      }),
    );
  for (const a of run.approximations ?? []) notes.push(m.approximations[a]);
  return notes;
}

/** Fills `table` with the figures of `run` (or why it has none). */
export function renderFigures(
  table: HTMLTableElement,
  run: DecodeRun,
  bandwidthGBps: number | undefined,
): void {
  const body = table.tBodies[0] as HTMLTableSectionElement;
  body.replaceChildren();
  if (!run.verified) {
    const row = body.insertRow();
    row.append(td(failureText(run), 'error'));
    return;
  }
  for (const [label, value] of figureRows(run, bandwidthGBps)) {
    const row = body.insertRow();
    row.append(th(label), td(value, 'num'));
  }
  for (const note of runNotes(run)) {
    body.insertRow().append(Object.assign(td(note, 'note'), { colSpan: 2 }));
  }
}

/** One row per decode run of a document (a failed one says why). */
export function renderRunsTable(
  table: HTMLTableElement,
  runs: readonly DecodeRun[],
  bandwidthGBps: number | undefined,
): void {
  const m = t().decode;
  const h = m.head;
  const head = (table.tHead as HTMLTableSectionElement).insertRow();
  table.tHead?.replaceChildren(head);
  for (const word of [h.model, h.layers, h.context, h.measured, h.predicted, h.ratio, h.floor]) {
    head.append(Object.assign(document.createElement('th'), { textContent: word, scope: 'col' }));
  }
  head.append(Object.assign(document.createElement('th'), { textContent: h.scaled, scope: 'col' }));
  const body = table.tBodies[0] as HTMLTableSectionElement;
  body.replaceChildren(
    ...runs.map((run) => {
      const row = document.createElement('tr');
      const layers = m.layersOf({ k: fmtInt(run.layers), n: fmtInt(run.totalLayers) });
      row.append(th(`${run.model} ${run.format}`), td(layers), td(fmtInt(run.context), 'num'));
      if (!run.verified) row.append(Object.assign(td(failureText(run), 'error'), { colSpan: 5 }));
      else
        row.append(
          ...[run.medianMs, run.predictedMs].map((v) => td(ms(v), 'num')),
          td(run.ratio === undefined ? '–' : fmt(run.ratio), 'num'),
          td(ms(floorMs(run, bandwidthGBps)), 'num'),
          td(ms(run.scaledMs), 'num'),
        );
      return row;
    }),
  );
}
