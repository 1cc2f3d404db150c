// What `npm run simulate` prints: a table (latency percentiles, throughput, goodput per SLA, the
// highest λ per SLA after a sweep) or, with --json, one object with the simulator's codes worded
// in English (./serving-en.ts).

import type { SlaId } from '../../model/predict/chapter';
import type { Percentiles } from '../../model/serving/batching/stats';
import type { SimulationResult } from '../../model/serving/simulate';
import type { RateSweep, SlaCapacity } from '../../model/serving/sweep';
import type { SimulateArgs } from '../args/simulate-args';
import { SLA_LABELS } from '../words/notes-en';
import {
  capacityText,
  kvNoteText,
  SCHEDULER_LABELS,
  servingNoteText,
  sweepMethodText,
} from '../words/serving-en';
import { columns, durationValue, num } from './text';

/** Where the step times came from, as the CLI names it. */
export interface SimulationHeader {
  args: SimulateArgs;
  gpuName: string;
  hardware: Pick<SimulationResult, 'kvCapacityTokens'> & {
    kvNote: Parameters<typeof kvNoteText>[0];
  };
}

export type SimulateOutcome =
  | { kind: 'run'; result: SimulationResult }
  | { kind: 'sweep'; sweep: RateSweep; result: SimulationResult };

const slaLabel = (id: string) => SLA_LABELS[id as SlaId] ?? id;
const limit = (ms: number | undefined) => (ms === undefined ? '—' : durationValue(ms));

function header(h: SimulationHeader): string[] {
  const a = h.args;
  const tp = a.tp > 1 ? `, ${a.tp} GPUs in tensor parallel` : '';
  const how = a.source.kind === 'results' ? 'measured' : `spec, ${a.engine} engine${tp}`;
  return [
    `${a.model.name} ${a.format.id} on ${h.gpuName} (${how}): ${SCHEDULER_LABELS[a.scheduler.kind]}, max batch ${a.scheduler.maxBatch}`,
    `KV cache: ${kvNoteText(h.hardware.kvNote)}`,
  ];
}

function latencyTable(r: SimulationResult): string[] {
  const row = (name: string, p: Percentiles) => [
    name,
    ...[p.p50, p.p95, p.p99, p.mean].map((v) => (Number.isFinite(v) ? durationValue(v) : '—')),
  ];
  return columns(
    ['', 'P50', 'P95', 'P99', 'mean'],
    [
      row('TTFT', r.ttftMs),
      row('ITL', r.itlMs),
      row('E2E', r.e2eMs),
      row('queue wait', r.queueWaitMs),
    ],
  );
}

function runTable(r: SimulationResult): string[] {
  const c = r.counts;
  return [
    ...latencyTable(r),
    '',
    `Throughput: ${num(r.outputTokensPerS)} output tok/s, ${num(r.requestsPerS)} requests/s; ${c.finished} of ${c.arrived} finished, ${c.rejected} rejected${c.unfinished > 0 ? `, ${c.unfinished} unfinished` : ''}; mean decode batch ${num(r.meanDecodeBatch)}`,
    '',
    'Goodput per SLA (a request counts when its TTFT and mean ITL are under the limits):',
    ...columns(
      ['SLA', 'TTFT P95 ≤', 'ITL P95 ≤', 'P95s met', 'good requests', 'goodput tok/s'],
      r.sla.map((s) => [
        slaLabel(s.sla.id),
        limit(s.sla.ttftP95Ms),
        limit(s.sla.itlP95Ms),
        s.met
          ? 'yes'
          : `no (${[s.ttftOk ? '' : 'TTFT', s.itlOk ? '' : 'ITL'].filter(Boolean).join(', ')})`,
        `${s.goodRequests} of ${c.finished}`,
        num(s.goodputTokensPerS),
      ]),
      { leftColumns: 4 },
    ),
  ];
}

function sweepTable(s: RateSweep): string[] {
  const ms = (v: number) => (Number.isFinite(v) ? num(v) : '—');
  return [
    `λ sweep: saturation ${num(s.saturationRatePerS)} requests/s`,
    ...columns(
      ['λ req/s', 'TTFT P50', 'P95', 'P99 ms', 'ITL P50', 'P95', 'P99 ms', 'tok/s'],
      s.points.map((p) => [
        num(p.ratePerS),
        ms(p.ttftMs.p50),
        ms(p.ttftMs.p95),
        ms(p.ttftMs.p99),
        ms(p.itlMs.p50),
        ms(p.itlMs.p95),
        ms(p.itlMs.p99),
        num(p.outputTokensPerS),
      ]),
    ),
    '',
    'Highest λ per SLA (P95 TTFT and P95 ITL under the limits):',
    ...columns(
      ['SLA', 'max λ req/s', 'how found'],
      s.capacity.map((c) => [
        slaLabel(c.sla.id),
        c.maxRatePerS === undefined ? '—' : num(c.maxRatePerS),
        `${capacityText(c)}${c.limitedBy === undefined ? '' : `; limited by ${c.limitedBy === 'both' ? 'TTFT and ITL' : c.limitedBy.toUpperCase()}`}`,
      ]),
      { leftColumns: 1 },
    ),
    '',
    `Method: ${sweepMethodText(s)}.`,
  ];
}

export function renderSimulation(h: SimulationHeader, o: SimulateOutcome): string {
  const lines = header(h);
  if (o.kind === 'sweep') {
    lines.push('', ...sweepTable(o.sweep), '', 'At the highest rate tried:');
  } else lines.push('');
  lines.push(...runTable(o.result), '', 'Assumptions:');
  for (const n of o.result.assumptions) lines.push(`  - ${servingNoteText(n)}`);
  return lines.join('\n');
}

/** JSON has no undefined: a missing limit or rate is null. */
const orNull = (v: number | undefined) => v ?? null;
const percentilesJson = (p: Percentiles) => p;

function capacityJson(c: SlaCapacity) {
  return {
    sla: c.sla.id,
    ttftP95Ms: orNull(c.sla.ttftP95Ms),
    itlP95Ms: orNull(c.sla.itlP95Ms),
    maxRatePerS: orNull(c.maxRatePerS),
    missedAtRatePerS: orNull(c.missedAtRatePerS),
    limitedBy: c.limitedBy ?? null,
    finding: c.finding,
    note: capacityText(c),
  };
}

function resultJson(r: SimulationResult) {
  return {
    counts: r.counts,
    durationMs: r.durationMs,
    ttftMs: percentilesJson(r.ttftMs),
    itlMs: percentilesJson(r.itlMs),
    e2eMs: percentilesJson(r.e2eMs),
    tpotMs: percentilesJson(r.tpotMs),
    queueWaitMs: percentilesJson(r.queueWaitMs),
    outputTokensPerS: r.outputTokensPerS,
    requestsPerS: r.requestsPerS,
    meanInSystem: r.meanInSystem,
    meanDecodeBatch: r.meanDecodeBatch,
    sla: r.sla.map((s) => ({
      sla: s.sla.id,
      ttftP95Ms: orNull(s.sla.ttftP95Ms),
      itlP95Ms: orNull(s.sla.itlP95Ms),
      met: s.met,
      ttftOk: s.ttftOk,
      itlOk: s.itlOk,
      goodRequests: s.goodRequests,
      goodputRequestsPerS: s.goodputRequestsPerS,
      goodputTokensPerS: s.goodputTokensPerS,
    })),
    queue: r.queue,
  };
}

export function simulationJson(h: SimulationHeader, o: SimulateOutcome) {
  const a = h.args;
  return {
    model: a.model.id,
    weights: a.format.id,
    bitsPerWeight: a.format.bitsPerWeight,
    source: a.source.kind === 'results' ? ('measured' as const) : ('spec' as const),
    runtime: a.source.kind === 'results' ? null : a.runtime,
    engine: a.source.kind === 'results' ? null : a.engine,
    tp: a.tp,
    kvBits: a.kvBits ?? 16,
    gpu: h.gpuName,
    scheduler: a.scheduler,
    schedulerLabel: SCHEDULER_LABELS[a.scheduler.kind],
    kvCapacityTokens: h.hardware.kvCapacityTokens,
    kvNote: kvNoteText(h.hardware.kvNote),
    load: a.load,
    requests: a.requests,
    seed: a.seed,
    ...resultJson(o.result),
    sweep:
      o.kind === 'sweep'
        ? {
            saturationRatePerS: o.sweep.saturationRatePerS,
            points: o.sweep.points.map((p) => ({
              ratePerS: p.ratePerS,
              ttftMs: p.ttftMs,
              itlMs: p.itlMs,
              e2eMs: p.e2eMs,
              outputTokensPerS: p.outputTokensPerS,
              requestsPerS: p.requestsPerS,
              counts: p.counts,
            })),
            capacity: o.sweep.capacity.map(capacityJson),
            method: sweepMethodText(o.sweep),
          }
        : null,
    assumptions: o.result.assumptions.map(servingNoteText),
  };
}

export type SimulateJson = ReturnType<typeof simulationJson>;
