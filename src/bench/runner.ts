// Runs kernel cases the same way for every kernel: prepare → verify → calibrate → sample →
// summarise. A case that fails (unverified output, out of memory, shader error) becomes a row
// with an error, never a number; a lost device or a cancel stops the run but keeps the rows
// already measured.

import { version } from '../../package.json';
import { errorMessage } from '../core/error-message';
import {
  type DecodeRun,
  type KernelName,
  type ResultRow,
  type ResultsDocument,
  type RuntimeDescription,
  SCHEMA_VERSION,
  type TimingMode,
  TOOL_NAME,
  type TuningRecord,
} from '../core/results';
import { BufferLedger } from '../gpu/buffers';
import type { GpuContext } from '../gpu/device';
import { GPU_WAIT_TIMEOUT_MS, GpuError, isGpuError, withTimeout } from '../gpu/errors';
import { createTimer, type EncodePass, QUANTA_PER_PASS, type SubmitTimer } from '../gpu/timer';
import { unofferedOn } from '../kernels/offers';
import type { KernelCase, PreparedKernel } from '../kernels/types';
import { fitRoofline } from '../model/measured/roofline';
import { runDecode } from './decode';
import { failedDecode } from './decode-record';
import { isTuned, type Plan, rankedCase, type TimingOptions, type TunedCase } from './plan';
import { isNoisy, type SampleStats, summarize } from './stats';

export interface Progress {
  /** The kernel being measured (the page names its stage: bandwidth, compute, decode…). */
  kernel: KernelName;
  /** 1-based index of the case now running. */
  step: number;
  total: number;
  label: string;
  /** Estimated time left for the whole plan, from the pace so far; null before the first case ends. */
  etaMs: number | null;
}

export interface RunHooks {
  signal?: AbortSignal;
  onProgress?: (progress: Progress) => void;
  /** Called as each row is final, so a caller keeps every result even if the run stops later. */
  onResult?: (row: ResultRow) => void;
  /** Called as each whole-model decode run is final… */
  onDecode?: (run: DecodeRun) => void;
  /** …and as each of its timed tokens is stepped. */
  onDecodeToken?: (index: number, ms: number) => void;
}

/** The most dispatches one submit may carry, whatever the calibration says. */
const MAX_REPS_PER_SUBMIT = 4096;
/** The most submits in one sample (the timestamp query set holds two stamps per submit). */
export const MAX_SUBMITS_PER_SAMPLE = 64;
/** Brief timing used to choose among a kernel's variants. */
export const TUNING_TIMING: TimingOptions = { samples: 3, sampleTargetMs: 2, submitBudgetMs: 40 };

/** In tuning, a variant this many times slower than the best so far is not sampled further. */
const ABANDON_FACTOR = 2;

/**
 * How much slower than warm a first look can be: lavapipe's first use of a rotation copy timed
 * `rows4-wg64` f32 at 8.6 ms against 0.68 ms warm (12.6×). A case slower than its bar by more than
 * this is abandoned after one look; one nearer the bar gets a second, warm look. On SwiftShader
 * that skips the second look of tile and team variants at 40–180× the best, seconds a dispatch at
 * the LM head's shape.
 */
const COLD_START_FACTOR = 16;

/** A calibration submit stops doubling once it lasts this long (and QUANTA_PER_PASS quanta). */
export const CALIBRATION_MS = 2;

export interface Calibration {
  perDispatchMs: number;
  repsPerSubmit: number;
  submitsPerSample: number;
}

/**
 * Chooses dispatches per submit (short submits, but each at least `minPassMs`: QUANTA_PER_PASS
 * of the timer's steps) and submits per sample (samples at least as long as the target).
 */
export function planRepetitions(
  perDispatchMs: number,
  timing: TimingOptions,
  minPassMs = 0,
): Calibration {
  const t = Math.max(perDispatchMs, 1e-6);
  const repsPerSubmit = Math.max(
    1,
    Math.min(
      MAX_REPS_PER_SUBMIT,
      Math.max(Math.floor(timing.submitBudgetMs / t), Math.ceil(minPassMs / t)),
    ),
  );
  const target = Math.max(timing.sampleTargetMs, minPassMs);
  const submitsPerSample = Math.max(
    1,
    Math.min(MAX_SUBMITS_PER_SAMPLE, Math.ceil(target / (repsPerSubmit * t))),
  );
  return { perDispatchMs, repsPerSubmit, submitsPerSample };
}

export class BenchRunner {
  readonly ledger: BufferLedger;
  private readonly timer: SubmitTimer;

  private readonly waitTimeoutMs: number;

  constructor(
    readonly gpu: GpuContext,
    options: {
      /** How long any one step (prepare, verify) may take before it is a failed kernel. */
      waitTimeoutMs?: number;
      /** The timer to sample with; by default timestamp queries or the wall clock (gpu.timing). */
      timer?: SubmitTimer;
      /** Which timer to create when none is given: gpu.timing by default. */
      timing?: TimingMode;
    } = {},
  ) {
    this.ledger = new BufferLedger(gpu.device);
    this.timer =
      options.timer ??
      createTimer(gpu.device, options.timing ?? gpu.timing, MAX_SUBMITS_PER_SAMPLE);
    this.waitTimeoutMs = options.waitTimeoutMs ?? GPU_WAIT_TIMEOUT_MS;
  }

  /**
   * Measures one case. Throws only for conditions that end the run (cancel, device lost).
   * `abandonAboveMs`: a case whose calibration already shows a dispatch slower than this is not
   * sampled further; its row carries the calibration time as its one sample (tuning uses this
   * to spend little time on variants that cannot win).
   */
  async runCase(
    kcase: KernelCase,
    timing: TimingOptions,
    signal?: AbortSignal,
    abandonAboveMs = Number.POSITIVE_INFINITY,
  ): Promise<ResultRow> {
    const errorsBefore = this.gpu.uncapturedErrors.length;
    try {
      const prepared = await withTimeout(
        kcase.prepare({ device: this.gpu.device, buffers: this.ledger }),
        this.waitTimeoutMs,
        `preparing ${kcase.label}`,
      );
      this.checkpoint(signal, errorsBefore);
      const outcome = await this.verify(prepared);
      this.checkpoint(signal, errorsBefore);
      if (!outcome.ok) {
        return failedRow(kcase, `Output did not match the CPU reference (${outcome.detail}).`);
      }
      let calibration = await this.calibrate(prepared, timing);
      this.checkpoint(signal, errorsBefore);
      const over = calibration.perDispatchMs / abandonAboveMs;
      if (over > 1 && over <= COLD_START_FACTOR) {
        // Its first timed dispatches can be cold (a CPU adapter faults in the rotation's copies
        // on first use, 10× slower on lavapipe): abandoned only if a second, warm look agrees.
        calibration = await this.calibrate(prepared, timing);
        this.checkpoint(signal, errorsBefore);
      }
      if (calibration.perDispatchMs > abandonAboveMs) {
        return measuredRow(
          kcase,
          summarize([calibration.perDispatchMs]),
          calibration,
          this.timer.quantumMs(),
        );
      }
      let samples = await this.sample(prepared, calibration, timing.samples, signal, errorsBefore);
      let stats = summarize(samples);
      if (isNoisy(stats)) {
        samples = samples.concat(
          await this.sample(prepared, calibration, timing.samples, signal, errorsBefore),
        );
        stats = summarize(samples);
      }
      return measuredRow(kcase, stats, calibration, this.timer.quantumMs());
    } catch (e) {
      if (this.gpu.lostReason() !== null)
        throw new GpuError('device-lost', `Device lost (${this.gpu.lostReason()}).`);
      if (isGpuError(e, 'cancelled') || isGpuError(e, 'device-lost')) throw e;
      const smaller = isGpuError(e, 'out-of-memory') ? kcase.smaller?.() : null;
      if (smaller) {
        // Free this attempt's buffers first, then try the same kernel on less memory.
        this.ledger.destroyAll();
        return await this.runCase(smaller, timing, signal);
      }
      return failedRow(kcase, errorMessage(e));
    } finally {
      this.ledger.destroyAll();
    }
  }

  /** Runs a whole plan; always returns a document, marked incomplete if the run stopped early. */
  async runPlan(
    plan: Plan,
    runtime: RuntimeDescription,
    hooks: RunHooks = {},
    /** An earlier, incomplete run of the same plan: its verified rows are kept, not re-measured. */
    resume?: ResultsDocument,
  ): Promise<ResultsDocument> {
    const doc: ResultsDocument = {
      schemaVersion: SCHEMA_VERSION,
      tool: { name: TOOL_NAME, version },
      createdAt: new Date().toISOString(),
      plan: plan.name,
      runtime,
      adapter: this.gpu.description,
      timing: this.timer.mode,
      grantedLimits: this.gpu.grantedLimits,
      ...(plan.settings === undefined ? {} : { settings: plan.settings }),
      tuning: [],
      unoffered: unofferedOn(this.gpu),
      results: [],
    };
    const chosen = new Map<string, string>();
    const kept = new Map<string, ResultRow>();
    for (const row of resume?.results ?? []) if (row.verified) kept.set(rowKey(row), row);
    for (const record of resume?.tuning ?? []) {
      chosen.set(record.family, record.chosen);
      doc.tuning?.push(record);
    }
    const started = performance.now();
    // Trials beyond each family's first stop once the plan's tuning budget is spent.
    const tuningDeadline = {
      spentMs: 0,
      budgetMs: plan.tuningBudgetMs ?? Number.POSITIVE_INFINITY,
    };
    for (const [i, item] of plan.cases.entries()) {
      const elapsed = performance.now() - started;
      hooks.onProgress?.({
        kernel: item.kernel,
        step: i + 1,
        total: plan.cases.length,
        label: item.label,
        etaMs: i === 0 ? null : (elapsed / i) * (plan.cases.length - i),
      });
      const earlier = kept.get(itemKey(item));
      if (earlier) {
        doc.results.push(earlier);
        hooks.onResult?.(earlier);
        continue;
      }
      let kcase: KernelCase | null = isTuned(item) ? null : item;
      try {
        if (isTuned(item)) {
          let variant = chosen.get(item.family);
          if (variant === undefined) {
            const record = await this.tune(
              rankedCase(item, doc.tuning ?? []),
              hooks.signal,
              tuningDeadline,
            );
            doc.tuning?.push(record);
            variant = record.chosen;
            chosen.set(item.family, variant);
          }
          kcase = item.make(variant);
        }
        const row = await this.runCase(kcase as KernelCase, plan.timing, hooks.signal);
        doc.results.push(row);
        // The probes run first, so a GEMV/GEMM row can be placed on the roofline as it arrives.
        annotateRoofline(doc);
        hooks.onResult?.(row);
      } catch (e) {
        const row = kcase
          ? failedRow(kcase, errorMessage(e))
          : failedTunedRow(item as TunedCase, errorMessage(e));
        doc.results.push(row);
        hooks.onResult?.(row);
        if (isGpuError(e, 'cancelled') || isGpuError(e, 'device-lost')) {
          const cancelled = isGpuError(e, 'cancelled');
          doc.stopReason = cancelled ? 'cancelled' : 'device-lost';
          doc.incomplete = cancelled
            ? 'Cancelled by the user.'
            : `Stopped at ${item.label}: ${errorMessage(e)}`;
          break;
        }
      }
    }
    if (doc.stopReason === undefined) await this.runDecodes(plan, doc, hooks);
    const quantum = this.timer.quantumMs();
    if (quantum > 0) doc.timerQuantumMs = quantum;
    return doc;
  }

  /** The plan's decode runs; a cancel or lost device stops them and marks the document. */
  private async runDecodes(plan: Plan, doc: ResultsDocument, hooks: RunHooks): Promise<void> {
    // The Full plan runs one model at three contexts: its first layer is checked once.
    const layerChecks = new Map<string, number>();
    for (const spec of plan.decode ?? []) {
      let run: DecodeRun;
      try {
        run = await runDecode(this.gpu, this.ledger, this.timer, spec, doc, {
          ...(hooks.signal ? { signal: hooks.signal } : {}),
          ...(hooks.onDecodeToken ? { onToken: hooks.onDecodeToken } : {}),
          layerChecks,
        });
      } catch (e) {
        run = failedDecode(spec, errorMessage(e));
        const cancelled = isGpuError(e, 'cancelled');
        doc.stopReason = cancelled ? 'cancelled' : 'device-lost';
        doc.incomplete = cancelled
          ? 'Cancelled by the user.'
          : `Stopped at decode ${spec.model} ${spec.format}: ${errorMessage(e)}`;
      }
      doc.decode = [...(doc.decode ?? []), run];
      hooks.onDecode?.(run);
      if (doc.stopReason !== undefined) break;
    }
  }

  /**
   * Times each variant of a tuned case briefly and returns the verified one with the fastest
   * sample (a median of a few samples swings with whatever else the machine does). Throws
   * when none verifies (the caller records a failed row naming each variant's error).
   */
  private async tune(
    item: TunedCase,
    signal: AbortSignal | undefined,
    budget = { spentMs: 0, budgetMs: Number.POSITIVE_INFINITY },
  ): Promise<TuningRecord> {
    const candidates: TuningRecord['candidates'] = [];
    let bestMs = Number.POSITIVE_INFINITY;
    let skipped: string[] = [];
    for (const [i, variant] of item.variants.entries()) {
      // The first trial is the family's row-to-be; the others fit in what the budget has left.
      if (
        i > 0 &&
        budget.spentMs >= budget.budgetMs &&
        candidates.some((c) => c.minMs !== undefined)
      ) {
        skipped = item.variants.slice(i);
        break;
      }
      const started = performance.now();
      const row = await this.runCase(
        (item.tuneOn ?? item.make)(variant),
        TUNING_TIMING,
        signal,
        ABANDON_FACTOR * bestMs,
      );
      if (i > 0) budget.spentMs += performance.now() - started;
      if (row.verified) bestMs = Math.min(bestMs, row.minMs);
      candidates.push(
        row.verified
          ? { variant, medianMs: row.medianMs, minMs: row.minMs }
          : { variant, error: row.error ?? 'failed' },
      );
    }
    const best = candidates
      .filter((c) => c.minMs !== undefined)
      .sort((a, b) => (a.minMs ?? 0) - (b.minMs ?? 0))[0];
    if (!best) {
      throw new Error(
        `no variant verified: ${candidates.map((c) => `${c.variant}: ${c.error}`).join('; ')}`,
      );
    }
    const label = item.tuneOn ? item.tuneOn(best.variant).label : item.label;
    return {
      family: item.family,
      label,
      chosen: best.variant,
      candidates,
      ...(skipped.length > 0 ? { skipped } : {}),
    };
  }

  destroy(): void {
    this.ledger.destroyAll();
    this.timer.destroy();
  }

  private checkpoint(signal: AbortSignal | undefined, errorsBefore: number): void {
    if (signal?.aborted) throw new GpuError('cancelled');
    this.gpu.assertAlive();
    const stray = this.gpu.uncapturedErrors.slice(errorsBefore);
    if (stray.length > 0) throw new Error(`WebGPU reported an error: ${stray.join('; ')}`);
  }

  private async verify(prepared: PreparedKernel) {
    const device = this.gpu.device;
    const encoder = device.createCommandEncoder({ label: 'verify' });
    const pass = encoder.beginComputePass({ label: 'verify-pass' });
    prepared.encode(pass, 0);
    pass.end();
    device.queue.submit([encoder.finish()]);
    await withTimeout(
      device.queue.onSubmittedWorkDone(),
      this.waitTimeoutMs,
      'verification dispatch',
    );
    return withTimeout(prepared.verify(), this.waitTimeoutMs, 'verification');
  }

  /** Warms up (pipeline compile and first-use costs land here) and finds the per-dispatch time. */
  private async calibrate(prepared: PreparedKernel, timing: TimingOptions): Promise<Calibration> {
    const encode = rotatingEncoder(prepared);
    const run = (reps: number, expectedMs = 0) => this.timer.time(encode(reps), 1, expectedMs);
    await run(1); // warm-up
    let reps = 1;
    let ms = await run(reps);
    // Double until one submit is long enough to time (the timer's step counted: a quantized
    // timer reads a short pass as 0 or one step), without passing the submit budget.
    const long = () => Math.max(CALIBRATION_MS, QUANTA_PER_PASS * this.timer.quantumMs());
    while (
      ms < long() &&
      reps * 2 <= MAX_REPS_PER_SUBMIT &&
      (ms * 2 < timing.submitBudgetMs || ms < QUANTA_PER_PASS * this.timer.quantumMs())
    ) {
      reps *= 2;
      ms = await run(reps, ms * 2);
    }
    return planRepetitions(ms / reps, timing, QUANTA_PER_PASS * this.timer.quantumMs());
  }

  /** The timer's step as the run saw it (ms; 0 before anything was timed). */
  timerQuantumMs(): number {
    return this.timer.quantumMs();
  }

  private async sample(
    prepared: PreparedKernel,
    calibration: Calibration,
    count: number,
    signal: AbortSignal | undefined,
    errorsBefore: number,
  ): Promise<number[]> {
    const { repsPerSubmit, submitsPerSample } = calibration;
    const perDispatch: number[] = [];
    const encode = rotatingEncoder(prepared)(repsPerSubmit);
    const expectedMs = calibration.perDispatchMs * repsPerSubmit * submitsPerSample;
    for (let s = 0; s < count; s++) {
      const ms = await this.timer.time(encode, submitsPerSample, expectedMs);
      this.checkpoint(signal, errorsBefore);
      perDispatch.push(ms / (repsPerSubmit * submitsPerSample));
    }
    return perDispatch;
  }
}

/**
 * Passes of `reps` dispatches of one kernel, numbered on from the last pass's, so that each
 * dispatch takes the next copy of the kernel's rotation.
 */
function rotatingEncoder(prepared: PreparedKernel): (reps: number) => EncodePass {
  let rep = 0;
  return (reps) => (pass) => {
    for (let r = 0; r < reps; r++) prepared.encode(pass, rep++);
  };
}

function baseRow(kcase: KernelCase) {
  return {
    kernel: kcase.kernel,
    variant: kcase.variant,
    format: kcase.format,
    shape: kcase.shape,
    bytes: kcase.bytes,
    flops: kcase.flops,
  };
}

/** Identifies a measurement across runs of one plan: kernel, format and shape. */
const rowKey = (row: Pick<ResultRow, 'kernel' | 'format' | 'shape'>): string =>
  JSON.stringify([row.kernel, row.format, row.shape]);

function itemKey(item: KernelCase | TunedCase): string {
  return rowKey(isTuned(item) ? item.make(item.variants[0] ?? '') : item);
}

/** A failed row for a tuned case whose variants all failed: no variant ran. */
function failedTunedRow(item: TunedCase, error: string): ResultRow {
  const first = item.make(item.variants[0] ?? '');
  return failedRow({ ...first, variant: 'none' }, error);
}

/** Adds intensity and roofline efficiency to GEMV/GEMM rows, against this run's own ceilings. */
export function annotateRoofline(doc: ResultsDocument): void {
  for (const point of fitRoofline(doc).points) {
    point.row.intensity = point.intensity;
    point.row.rooflineEfficiency = point.efficiency;
  }
}

export function failedRow(kcase: KernelCase, error: string): ResultRow {
  return {
    ...baseRow(kcase),
    medianMs: 0,
    p95Ms: 0,
    minMs: 0,
    maxMs: 0,
    samples: 0,
    spread: 0,
    noisy: false,
    gbps: 0,
    gflops: 0,
    verified: false,
    error,
  };
}

function measuredRow(
  kcase: KernelCase,
  stats: SampleStats,
  calibration: Calibration,
  quantumMs: number,
): ResultRow {
  const seconds = stats.median / 1000;
  return {
    ...baseRow(kcase),
    medianMs: stats.median,
    p95Ms: stats.p95,
    minMs: stats.min,
    maxMs: stats.max,
    samples: stats.count,
    spread: stats.spread,
    noisy: isNoisy(stats),
    gbps: seconds > 0 ? kcase.bytes / seconds / 1e9 : 0,
    gflops: seconds > 0 ? kcase.flops / seconds / 1e9 : 0,
    verified: true,
    dispatchesPerSubmit: calibration.repsPerSubmit,
    submitsPerSample: calibration.submitsPerSample,
    ...(quantumMs > 0
      ? { passQuanta: Math.round((calibration.repsPerSubmit * stats.median) / quantumMs) }
      : {}),
  };
}
