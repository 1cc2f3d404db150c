// What the page and the benchmark worker say to each other (through comlink).

import type { Progress } from '../bench/runner';
import type { FormatId } from '../core/formats';
import type {
  AdapterDescription,
  DecodeRun,
  PlanName,
  ResultRow,
  ResultsDocument,
  TimingMode,
  UnofferedVariant,
} from '../core/results';
import type { RunSettings } from '../core/settings';
import type { GpuErrorCode } from '../gpu/errors';
import type { ModelConfig } from '../model/llm/models';
import type { LoadAnswer, LoadRequest } from '../model/serving/load-request';

export type { LoadAnswer, LoadRequest };

export type AdapterReport =
  | {
      ok: true;
      adapter: AdapterDescription;
      timing: TimingMode;
      grantedLimits: Record<string, number>;
      /** Kernel variants this device is not offered, and what each lacks. */
      unoffered: UnofferedVariant[];
    }
  | { ok: false; code: GpuErrorCode | 'unknown'; message: string };

export interface RunCallbacks {
  onProgress(progress: Progress): void;
  onResult(row: ResultRow): void;
}

/** One whole-model decode run, from the page's pickers. */
export interface DecodeRequest {
  /** Catalogue model id (or the id of `config`). */
  model: string;
  /** The model itself where it is not in the catalogue (a config.json, a test's small model). */
  config?: ModelConfig;
  format: FormatId;
  /** Random KV positions before the first timed token. */
  context: number;
  /** Timed tokens. */
  tokens: number;
  promptTokens?: number;
  /** Layers to run at most (the model's all by default; fewer fit, then scaled). */
  layers?: number;
  /** Memory the model may allocate, in MiB. */
  budgetMiB: number;
}

export interface DecodeCallbacks {
  /**
   * Timed tokens done of all (0 while it builds, verifies and prefills). Through the worker it
   * answers once the page has handled it and every call before it.
   */
  onProgress(done: number, total: number): void | Promise<void>;
  /** Each timed token as it is stepped: its ms and the id it sampled. */
  onToken(index: number, ms: number, token: number): void;
}

export interface BenchWorkerApi {
  /** Acquires (or reuses) the device and describes the adapter; never throws. */
  describe(): Promise<AdapterReport>;
  /**
   * Runs a plan; resolves with the document, marked incomplete if it stopped early. With
   * `resume` (an incomplete run of the same plan, e.g. after a lost device) its verified rows
   * are kept and only the rest is measured, on a new device if the old one is gone. `settings`
   * (non-default: not comparable) change the plan and timer; a resumed run keeps its own.
   */
  run(
    plan: PlanName,
    callbacks: RunCallbacks,
    resume?: ResultsDocument,
    settings?: RunSettings,
  ): Promise<ResultsDocument>;
  /** Seconds a Full run would take on this device, from a run that just took `ms` (or null). */
  estimateFull(doc: ResultsDocument, ms: number): Promise<number | null>;
  /** Stops the current run at the next checkpoint; its buffers are freed. */
  cancel(): void;
  /**
   * Destroys the current device, as a driver reset would: a run in progress stops with its
   * rows kept and the run marked incomplete; the next call gets a new device. For tests.
   */
  destroyDevice(): void;
  /** Live GPU buffers and totals, for leak checks. */
  bufferStats(): { live: number; created: number; destroyed: number };
  /**
   * A serving simulation (one λ) or a λ sweep from plain inputs, off the page's thread; progress
   * after each run of a sweep. Resolves null when cancelled (cancelLoad, or a newer request).
   */
  simulateLoad(
    req: LoadRequest,
    onProgress: (done: number, total: number) => void,
  ): Promise<LoadAnswer | null>;
  /** Stops the simulation in progress between two runs. */
  cancelLoad(): void;
  /**
   * One whole-model decode run, predicted from `doc`'s kernel rows where given; never throws:
   * a cancel, a lost device or a refused model resolve as a failed run with its reason.
   */
  decode(req: DecodeRequest, callbacks: DecodeCallbacks, doc?: ResultsDocument): Promise<DecodeRun>;
  /** Stops the decode run in progress at its next checkpoint (between tokens). */
  cancelDecode(): void;
}
