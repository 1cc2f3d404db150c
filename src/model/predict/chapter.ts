// The chapter's numbers, as the chapter gives them: 延迟与吞吐 (Latency vs throughput), in
// 从 Bit 到 AGI · 第八章：推理, by David (道雾轩). These are the chapter's reported ranges for a
// "vLLM-class stack", shown beside our predictions and labelled as the chapter's. Numbers and
// codes only: the page (src/ui/i18n) and the CLI (src/cli/words/notes-en.ts) word them.

export const CHAPTER_SOURCE = {
  title: '延迟与吞吐 — 从 Bit 到 AGI · 第八章：推理 (Latency vs throughput)',
  url: 'https://daiw.org/manual/bit-to-agi/08-inference/latency-vs-throughput',
} as const;

/** A closed range as the chapter prints it, e.g. 22～30. */
export interface ChapterRange {
  min: number;
  max: number;
}

/** The batches of the chapter's Llama 3 8B scenarios: each scenario's key, worded by its readers. */
export const CHAPTER_BATCHES = [1, 16, 64] as const;
export type ChapterBatch = (typeof CHAPTER_BATCHES)[number];

/** A remark the chapter makes on a scenario. */
export type ChapterNote = 'ttft-includes-queueing';

export interface ChapterScenario {
  batch: ChapterBatch;
  /** TTFT for a 512-token prompt, ms (includes queueing where the chapter says so). */
  ttftMs: ChapterRange;
  itlMs: ChapterRange;
  systemTokensPerSecond: ChapterRange;
  note?: ChapterNote;
}

/** Example 1: Llama 3 8B, one A100-80G, FP16, vLLM-class stack. */
export const CHAPTER_A100_LLAMA3_8B_FP16: {
  model: 'llama-3-8b';
  gpu: 'a100-80g-sxm';
  weights: 'fp16';
  promptTokens: 512;
  scenarios: readonly ChapterScenario[];
} = {
  model: 'llama-3-8b',
  gpu: 'a100-80g-sxm',
  weights: 'fp16',
  promptTokens: 512,
  scenarios: [
    {
      batch: 1,
      ttftMs: { min: 120, max: 200 },
      itlMs: { min: 22, max: 30 },
      systemTokensPerSecond: { min: 33, max: 45 },
    },
    {
      batch: 16,
      ttftMs: { min: 200, max: 800 },
      itlMs: { min: 28, max: 45 },
      systemTokensPerSecond: { min: 600, max: 900 },
      note: 'ttft-includes-queueing',
    },
    {
      batch: 64,
      ttftMs: { min: 1000, max: 5000 },
      itlMs: { min: 40, max: 70 },
      systemTokensPerSecond: { min: 1200, max: 1800 },
    },
  ],
};

/** Example 4: 8B on A100, single user, ITL by precision (ms/token). */
export const CHAPTER_A100_8B_ITL_BY_PRECISION: readonly { weights: string; itlMs: ChapterRange }[] =
  [
    { weights: 'fp16', itlMs: { min: 25, max: 25 } },
    { weights: 'int8', itlMs: { min: 23, max: 23 } },
    { weights: 'int4 (AWQ)', itlMs: { min: 19, max: 22 } },
  ];

/** Example 3: 70B, TP = 8 on 8× A100. */
export const CHAPTER_A100X8_LLAMA_70B = {
  itlBatch1Ms: { min: 80, max: 120 },
  itlModerateLoadMs: { min: 100, max: 150 },
  systemTokensPerSecond: { min: 500, max: 800 },
  speculativeItlMs: { min: 40, max: 70 },
} as const;

export const SLA_IDS = [
  'chat',
  'code-completion',
  'offline-summary',
  'api-standard',
  'api-priority',
] as const;
export type SlaId = (typeof SLA_IDS)[number];

/** P95 latency limits a serving target must meet; undefined = no limit. */
export interface SlaThresholds {
  id: string;
  ttftP95Ms: number | undefined;
  itlP95Ms: number | undefined;
}

export interface Sla extends SlaThresholds {
  id: SlaId;
}

/** The chapter's SLA examples. */
export const SLAS: readonly Sla[] = [
  { id: 'chat', ttftP95Ms: 500, itlP95Ms: 50 },
  { id: 'code-completion', ttftP95Ms: 200, itlP95Ms: 30 },
  { id: 'offline-summary', ttftP95Ms: undefined, itlP95Ms: undefined },
  { id: 'api-standard', ttftP95Ms: 2000, itlP95Ms: 80 },
  { id: 'api-priority', ttftP95Ms: 800, itlP95Ms: 50 },
];

/** The chapter's perception thresholds for streaming UIs. */
export const PERCEPTION = {
  /** First token within this feels fast. */
  fastFirstTokenMs: 300,
  /** About reading speed (~25 characters/s). */
  readingSpeedItlMs: 40,
  /** Above this, streaming visibly stutters. */
  stutterItlMs: 100,
} as const;
