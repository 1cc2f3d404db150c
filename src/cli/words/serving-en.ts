// The CLI's English for the serving simulator's codes (src/model/serving/notes.ts and the data
// its results carry): assumptions, the KV-cache note, scheduler names, how an SLA's highest λ was
// found, the sweep's method and why the chapter's A100 table differs. The page words the same
// codes in its own languages (src/ui/i18n).

import type { ChapterRange } from '../../model/predict/chapter';
import type { SchedulerConfig, SchedulerKind } from '../../model/serving/batching/schedulers';
import type { ChapterServingGap, ChapterServingTtft } from '../../model/serving/chapter-scenario';
import type { KvNote, ServingNote, StepTimesSource } from '../../model/serving/notes';
import type { LengthDist } from '../../model/serving/requests/lengths';
import type { RateSweep, SlaCapacity } from '../../model/serving/sweep';

export const SCHEDULER_LABELS: Readonly<Record<SchedulerKind, string>> = {
  static: 'static batching',
  continuous: 'continuous batching',
  chunked: 'continuous batching with chunked prefill',
};

const int = (n: number) => Math.round(n).toLocaleString('en-US');
const range = (r: ChapterRange) => `${int(r.min)}–${int(r.max)}`;
const gb = (bytes: number) => (bytes / 1e9).toFixed(1);

export function lengthDistText(d: LengthDist): string {
  switch (d.kind) {
    case 'fixed':
      return `fixed ${d.tokens}`;
    case 'exponential':
      return `exponential, mean ${d.mean}`;
    case 'lognormal':
      return `lognormal, mean ${d.mean} / P99 ${d.p99}`;
  }
}

/** What each policy does, in words. */
export function schedulerText(c: SchedulerConfig): string {
  switch (c.kind) {
    case 'static':
      return `static batching: a batch of up to ${c.maxBatch} starts when full or when its oldest request has waited ${c.timeoutMs} ms; prompts are padded to the longest; the batch runs until its longest reply ends, every step costing the full batch; requests arriving meanwhile wait`;
    case 'continuous':
      return `continuous batching (vLLM-style, prefill first): at each step, waiting requests that fit (up to ${c.maxBatch} sequences, ${c.maxPrefillTokens} prompt tokens per step) are prefilled in one step while running decodes pause; otherwise every running sequence decodes one token`;
    case 'chunked':
      return `chunked prefill: each step has a ${c.tokenBudget}-token budget, one token for each running decode first, the rest for prompt chunks in arrival order (up to ${c.maxBatch} sequences); decodes and chunks run in one fused pass`;
  }
}

export function stepTimesSourceText(s: StepTimesSource): string {
  if (s.kind === 'fixed') return 'fixed step times';
  const engine = s.engine === undefined ? '' : ` (${s.engine} engine)`;
  return `${s.mode} prediction for ${s.gpu}${engine}, ${s.end} end of the range`;
}

export function kvNoteText(n: KvNote): string {
  if (n.id === 'kv-set') return `${int(n.tokens)} tokens (set)`;
  return `${int(n.tokens)} tokens: ${gb(n.capacityBytes)} GB × ${n.share} − ${gb(n.weightBytes)} GB of weights, at ${n.bytesPerToken / 1024} KiB per token`;
}

export function servingNoteText(n: ServingNote): string {
  switch (n.id) {
    case 'arrivals-poisson':
      return `${n.requests} requests, Poisson arrivals at ${n.ratePerS} requests/s`;
    case 'arrivals-closed':
      return `${n.requests} requests from ${n.users} users in a closed loop, think time ${n.thinkMs > 0 ? `exponential, mean ${n.thinkMs} ms` : 'none'}`;
    case 'arrivals-trace':
      return `${n.requests} requests replayed from a trace`;
    case 'lengths':
      return `prompt lengths ${lengthDistText(n.prompt)}; output lengths ${lengthDistText(n.output)} (whole tokens ≥ 1)`;
    case 'seed':
      return `seed ${n.seed}`;
    case 'scheduler':
      return schedulerText(n.scheduler);
    case 'admission':
      return 'FCFS admission: a request starts only when a batch slot is free and its prompt + output tokens fit in the free KV cache, reserved up front, so nothing is preempted; a request that could never fit is rejected on arrival';
    case 'ttft-includes-queue':
      return 'the first output token comes with the end of its prompt’s prefill; TTFT includes queueing';
    case 'step-times':
      return `step times: ${stepTimesSourceText(n.source)}; ${n.stepOverheadMs} ms overhead per step`;
  }
}

/** How an SLA's highest λ was found. */
export function capacityText(c: SlaCapacity): string {
  const rate = (r: number | undefined) => (r === undefined ? '?' : r.toPrecision(3));
  switch (c.finding) {
    case 'no-limit':
      return 'no latency limit: the ceiling is the saturation rate';
    case 'missed-at-lightest':
      return 'missed even at the lightest rate tried';
    case 'met-everywhere':
      return 'met at every rate tried: the true ceiling is higher';
    case 'bracketed':
      return `between ${rate(c.maxRatePerS)} and ${rate(c.missedAtRatePerS)} requests/s`;
  }
}

export function sweepMethodText(s: RateSweep): string {
  const m = s.method;
  return `Poisson λ on a grid of ${m.fractions} fractions of the saturation rate (${s.saturationRatePerS.toPrecision(3)} requests/s, a closed loop of ${m.saturationUsers} users), then ${m.refineSteps} bisection steps per SLA between the last rate meeting it and the first missing it; an SLA is met when P95 TTFT and P95 ITL are under its limits`;
}

/** Figures rounded as a sentence quotes them: tok/s to two significant figures, ms to the unit. */
const aboutTokens = (v: number) => int(Number(v.toPrecision(2)));

type GapRow = ChapterServingGap['rows'][number];

/** "960 tok/s with 16 users, above its 600–900": the units on the first row only. */
const tokensWith = (r: GapRow, first: boolean) =>
  `${aboutTokens(r.outputTokensPerS)}${first ? ' tok/s' : ''} with ${r.users}${first ? ' users' : ''}${
    r.throughput === 'above' ? `, above its ${range(r.chapterTokensPerS)}` : ''
  }`;

const ITL_VS_CHAPTER: Readonly<Record<ChapterServingGap['itlVsChapter'], string>> = {
  shorter: 'a shorter mean ITL',
  'no-longer': 'a mean ITL no longer than the chapter’s',
  longer: 'a mean ITL partly above the chapter’s',
};

export function chapterGapText(g: ChapterServingGap): string {
  const [a, b] = g.rows;
  if (a === undefined || b === undefined) return '';
  const passed = g.rows.filter((r) => r.throughput === 'above').map((r) => r.users);
  const passes = passed.length === 0 ? '' : ` and passes it with ${passed.join(' and ')} users`;
  return `The simulated A100 reaches the chapter’s throughput${passes} (about ${tokensWith(a, true)}${a.throughput === 'above' ? ',' : ''} and ${tokensWith(b, false)}) at ${ITL_VS_CHAPTER[g.itlVsChapter]} (about ${int(a.itlMeanMs)} and ${int(b.itlMeanMs)} ms against ${range(a.chapterItlMs)} and ${range(b.chapterItlMs)}), because its decode step is the native engine profile’s ${g.decodeMsBatch1.toFixed(1)} ms at batch 1 (already under the chapter’s single-user ${range(g.chapterSingleItlMs)} ms) and it adds none of a whole serving stack’s per-step costs (scheduler, sampling, HTTP) that the chapter’s numbers include.`;
}

export function chapterTtftText(n: ChapterServingTtft): string {
  const kv = int(Math.round(n.kvCapacityTokens / 1000) * 1000);
  const wait = (n.firstWaveMaxWaitMs / 1000).toFixed(0);
  const chapter = `${n.chapterTtftMs.min / 1000}–${n.chapterTtftMs.max / 1000} s`;
  return `With ${n.users} users in a closed loop neither the batch nor the KV cache (about ${kv} tokens) fills, so only the first wave, all sent at once, queues (up to about ${wait} s behind ${n.prefillSteps} ${int(n.prefillTokensPerStep)}-token prefill steps) and P95 TTFT stays near one prefill; the chapter’s ${chapter} at ${n.users} concurrent implies a backlog, such as a burst of arrivals, that steady load does not build.`;
}
