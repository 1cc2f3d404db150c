// What a serving run rests on, as data: an id and the numbers (or names) that go with it, like
// model/predict/notes.ts. The simulator never words them; the CLI words them in English
// (src/cli/words/serving-en.ts) and the page in its languages (src/ui/i18n).

import type { SchedulerConfig } from './batching/schedulers';
import type { LengthDist } from './requests/lengths';
import type { StepTimesSource } from './step-times';

export type { StepTimesSource };

/** How the KV-cache size was found. */
export type KvNote =
  | { id: 'kv-set'; tokens: number }
  | {
      id: 'kv-memory';
      tokens: number;
      capacityBytes: number;
      /** Share of the memory used, like vLLM's gpu_memory_utilization. */
      share: number;
      weightBytes: number;
      bytesPerToken: number;
    };

/** One assumption of a run. */
export type ServingNote =
  | { id: 'arrivals-poisson'; requests: number; ratePerS: number }
  | { id: 'arrivals-closed'; requests: number; users: number; thinkMs: number }
  | { id: 'arrivals-trace'; requests: number }
  /** Whole tokens ≥ 1 drawn from these (not for traces). */
  | { id: 'lengths'; prompt: LengthDist; output: LengthDist }
  | { id: 'seed'; seed: number }
  | { id: 'scheduler'; scheduler: SchedulerConfig }
  /** FCFS; prompt + output reserved in the KV cache up front, no preemption; never-fitting requests rejected. */
  | { id: 'admission' }
  /** The first token comes with the end of the prompt's prefill; TTFT includes queueing. */
  | { id: 'ttft-includes-queue' }
  | { id: 'step-times'; source: StepTimesSource; stepOverheadMs: number };
