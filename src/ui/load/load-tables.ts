// The "Under load" tables: goodput per SLA at the chosen load, the highest λ per SLA from a sweep
// (and two runs' side by side), the chapter's A100 scenario with why it differs, and the sweep as
// CSV for export.

import {
  type ChapterServingRow,
  chapterA100Serving,
  chapterServingGap,
  chapterServingTtft,
} from '../../model/serving/chapter-scenario';
import type { SimulationResult } from '../../model/serving/simulate';
import type { RateSweep, SlaCapacity } from '../../model/serving/sweep';
import { t } from '../i18n';
import { fmt, fmtInt, fmtList } from '../i18n/numbers';
import { make, td, th } from '../shell/dom';
import { chapterRangeText } from '../shell/range-nodes';
import type { LoadView } from './load-view';

const slaName = (id: string): string => {
  const names = t().load.slas;
  return names[id as keyof typeof names] ?? id;
};

function fill(
  table: HTMLTableElement,
  head: readonly string[],
  rows: readonly HTMLTableRowElement[],
): void {
  table.tHead?.rows[0]?.replaceChildren(
    ...head.map((text) => {
      const cell = make('th', text);
      cell.scope = 'col';
      return cell;
    }),
  );
  table.tBodies[0]?.replaceChildren(...rows);
}

function row(id: string, cells: readonly HTMLTableCellElement[]): HTMLTableRowElement {
  const tr = document.createElement('tr');
  tr.dataset.sla = id;
  tr.append(...cells);
  return tr;
}

export function renderGoodput(table: HTMLTableElement, r: SimulationResult): void {
  const m = t().load;
  const h = m.goodputHead;
  fill(
    table,
    [h.sla, h.met, h.good, h.tokps],
    r.sla.map((s) =>
      row(s.sla.id, [
        th(slaName(s.sla.id)),
        td(s.met ? m.yes : m.no),
        td(`${fmtInt(s.goodRequests)} / ${fmtInt(r.counts.finished)}`, 'num'),
        td(fmt(s.goodputTokensPerS), 'num'),
      ]),
    ),
  );
}

function howFound(c: SlaCapacity): string {
  const m = t().load;
  const how =
    c.finding === 'bracketed'
      ? m.bracketed({ low: fmt(c.maxRatePerS ?? 0), high: fmt(c.missedAtRatePerS ?? 0) })
      : m.findings[c.finding];
  return c.limitedBy === undefined ? how : `${how} (${m.limitedBy[c.limitedBy]})`;
}

export function renderCapacity(table: HTMLTableElement, sweep: RateSweep): void {
  const h = t().load.capacityHead;
  fill(
    table,
    [h.sla, h.max, h.how],
    sweep.capacity.map((c) =>
      row(c.sla.id, [
        th(slaName(c.sla.id)),
        td(c.maxRatePerS === undefined ? '—' : fmt(c.maxRatePerS), 'num'),
        td(howFound(c)),
      ]),
    ),
  );
}

export function renderCompareTable(table: HTMLTableElement, a: RateSweep, b: RateSweep): void {
  const h = t().load.compareHead;
  const rate = (s: RateSweep, id: string) => {
    const v = s.capacity.find((c) => c.sla.id === id)?.maxRatePerS;
    return v === undefined ? '—' : fmt(v);
  };
  fill(
    table,
    [h.sla, h.a, h.b],
    a.capacity.map((c) =>
      row(c.sla.id, [
        th(slaName(c.sla.id)),
        td(rate(a, c.sla.id), 'num'),
        td(rate(b, c.sla.id), 'num'),
      ]),
    ),
  );
}

let chapterRows: ChapterServingRow[] | undefined;

/** The chapter's A100 table simulated (computed once: two 2,000-request runs), with the gap. */
export function renderChapter(v: LoadView): void {
  chapterRows ??= chapterA100Serving();
  const rows = chapterRows;
  const m = t().load;
  const h = m.chapterHead;
  fill(
    v.chapter,
    [h.users, h.itl, h.chapterItl, h.tokps, h.chapterTokps],
    rows.map((r) =>
      row(String(r.users), [
        th(fmtInt(r.users)),
        td(fmt(r.itlMeanMs), 'num'),
        td(chapterRangeText(r.chapter.itlMs), 'num'),
        td(fmt(r.outputTokensPerS), 'num'),
        td(chapterRangeText(r.chapter.systemTokensPerSecond), 'num'),
      ]),
    ),
  );
  const g = chapterServingGap(rows);
  const [a, b] = g.rows;
  if (a !== undefined && b !== undefined) {
    v.chapterGap.textContent = m.chapterGap({
      tokps16: fmt(a.outputTokensPerS),
      tokps64: fmt(b.outputTokensPerS),
      itl16: fmt(a.itlMeanMs),
      itl64: fmt(b.itlMeanMs),
      chapter16: chapterRangeText(a.chapterItlMs),
      chapter64: chapterRangeText(b.chapterItlMs),
      batch1: fmt(g.decodeMsBatch1),
      single: chapterRangeText(g.chapterSingleItlMs),
      passes: fmtList(g.rows.filter((r) => r.throughput === 'above').map((r) => fmtInt(r.users))),
      itlVsChapter: g.itlVsChapter,
    });
  }
  const q = chapterServingTtft(rows);
  v.chapterTtft.textContent = m.chapterTtft({
    users: fmtInt(q.users),
    kv: fmtInt(q.kvCapacityTokens),
    wait: fmt(q.firstWaveMaxWaitMs / 1000),
    steps: fmtInt(q.prefillSteps),
    chapter: `${fmt(q.chapterTtftMs.min / 1000)}–${fmt(q.chapterTtftMs.max / 1000)}`,
  });
}

/** The sweep's points as CSV (plain numbers, ms), for the export button. */
export function sweepCsv(s: RateSweep): string {
  const head =
    'rate_per_s,ttft_p50_ms,ttft_p95_ms,ttft_p99_ms,itl_p50_ms,itl_p95_ms,itl_p99_ms,output_tokens_per_s';
  const lines = s.points.map((p) =>
    [
      p.ratePerS,
      p.ttftMs.p50,
      p.ttftMs.p95,
      p.ttftMs.p99,
      p.itlMs.p50,
      p.itlMs.p95,
      p.itlMs.p99,
      p.outputTokensPerS,
    ]
      .map((v) => (Number.isFinite(v) ? String(v) : ''))
      .join(','),
  );
  return `${[head, ...lines].join('\n')}\n`;
}
