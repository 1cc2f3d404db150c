// The peers page: the same GEMV/GEMM shapes through our kernels and through tfjs's WebGPU
// matMul (f32), on the same adapter in the same page, timed the same way. Each side is verified
// before it is timed; the Node driver (run.ts) reads window.__peers and prints the table.
//
// Timing, both sides alike: wall clock around R products issued back to back, then a wait until
// the GPU queue has drained (ours: one compute pass per product, each its own submit, through
// src/gpu/timer's wall-clock timer; tfjs: R tf.matMul calls, its pending commands flushed, then
// onSubmittedWorkDone on its device). Per product = sample / R; the median of S samples per
// side, the samples interleaved (ours, tfjs, ours, …) and the side going first alternating by
// shape.

import type { TimingOptions } from '../../src/bench/plan';
import { BenchRunner } from '../../src/bench/runner';
import { adapterName } from '../../src/core/adapter-name';
import { errorMessage } from '../../src/core/error-message';
import { BufferLedger } from '../../src/gpu/buffers';
import { acquireGpu, type GpuContext } from '../../src/gpu/device';
import { createTimer, type SubmitTimer } from '../../src/gpu/timer';
import { outputsToCheck } from '../../src/kernels/cpu-reference';
import { matrixBytes, randomMatrixWords } from '../../src/kernels/formats';
import { GEMM_VARIANTS, gemmCase } from '../../src/kernels/gemm';
import { GEMV_VARIANTS, gemvCapabilities, gemvCase, gemvVariantsFor } from '../../src/kernels/gemv';
import { activations, copiesFor } from '../../src/kernels/matrix';
import { type PreparedKernel, variantNamed } from '../../src/kernels/types';
import { peerShapes } from './shapes';
import type { Tensor2D, TimingInfo, WebGPUBackend } from './tfjs';
import * as tf from './tfjs';
import type { PeerReport, PeerRow, PeerShape } from './types';

const MiB = 1024 * 1024;
/** tfjs is checked against the f64 CPU reference to this share of Σ|w·x|. */
const TFJS_TOLERANCE = 1e-4;
/** Our runner's per-variant timing, used only to choose our variant (5 samples: one noisy
 *  sample on a loaded 2-core machine must not pick a slower variant). */
const TUNING: TimingOptions = { samples: 5, sampleTargetMs: 5, submitBudgetMs: 40 };
const SEED = 0x5eed;

interface Settings {
  full: boolean;
  /** Each sample lasts about this long on the faster side. */
  sampleTargetMs: number;
  samples: number;
  maxReps: number;
  /** Weight bytes all copies together span, for both sides. */
  rotationBytes: number;
}

/** Errors tfjs's device reported that nobody captured (an invalid submit lands here). */
const tfjsDeviceErrors: string[] = [];

const log = (message: string) => console.log(`[peers] ${message}`);

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? (s[mid] ?? 0) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
};
const spread = (xs: number[]): number => (Math.max(...xs) - Math.min(...xs)) / median(xs);

function ourCase(shape: PeerShape, variant: string, settings: Settings, binding: number) {
  const options = { rotationBytes: settings.rotationBytes, maxBindingBytes: binding, seed: SEED };
  return shape.kernel === 'gemv'
    ? gemvCase('f32', shape.n, shape.k, variantNamed(GEMV_VARIANTS, variant), options)
    : gemmCase('f32', shape.m, shape.n, shape.k, variantNamed(GEMM_VARIANTS, variant), options);
}

/** Our side for one shape: the variant our runner picks, prepared, verified, and timeable. */
class Ours {
  private rep = 0;
  private constructor(
    readonly variant: string,
    readonly runnerMs: number,
    private readonly prepared: PreparedKernel,
    private readonly timer: SubmitTimer,
    private readonly ledger: BufferLedger,
  ) {}

  static async start(
    gpu: GpuContext,
    runner: BenchRunner,
    shape: PeerShape,
    settings: Settings,
  ): Promise<Ours> {
    const variants = (
      shape.kernel === 'gemv' ? gemvVariantsFor('f32', gemvCapabilities(gpu)) : GEMM_VARIANTS
    ).map((v) => v.name);
    const binding = Math.min(
      gpu.grantedLimits.maxStorageBufferBindingSize ?? 128 * MiB,
      gpu.grantedLimits.maxBufferSize ?? 256 * MiB,
    );
    const make = (variant: string) => ourCase(shape, variant, settings, binding);
    // The runner verifies each variant against the CPU reference, then times it briefly.
    const tried: string[] = [];
    let best: { variant: string; ms: number } | null = null;
    for (const variant of variants) {
      const row = await runner.runCase(make(variant), TUNING);
      if (!row.verified) {
        tried.push(`${variant}: ${row.error ?? 'failed'}`);
        continue;
      }
      tried.push(`${variant}: ${row.medianMs.toFixed(3)} ms`);
      if (best === null || row.medianMs < best.ms) best = { variant, ms: row.medianMs };
    }
    log(`  ours tuned: ${tried.join(', ')}`);
    if (best === null) throw new Error(`no variant of ours verified (${tried.join('; ')})`);
    const ledger = new BufferLedger(gpu.device);
    const timer = createTimer(gpu.device, 'wall-clock');
    try {
      const prepared = await make(best.variant).prepare({ device: gpu.device, buffers: ledger });
      // Verified again, on the very buffers the wall-clock samples use.
      await timer.time((pass) => prepared.encode(pass, 0), 1);
      const ours = new Ours(best.variant, best.ms, prepared, timer, ledger);
      await ours.check();
      return ours;
    } catch (e) {
      ledger.destroyAll();
      throw e;
    }
  }

  /** Checks the output of the last product run (after timing: the last timed one). */
  async check(): Promise<void> {
    const outcome = await this.prepared.verify();
    if (!outcome.ok) throw new Error(`ours did not verify: ${outcome.detail}`);
  }

  /** Wall clock per product over `reps` products (one pass and submit each), ms. */
  async sample(reps: number): Promise<number> {
    const ms = await this.timer.time((pass) => this.prepared.encode(pass, this.rep++), reps);
    return ms / reps;
  }

  destroy(): void {
    this.ledger.destroyAll();
    this.timer.destroy();
  }
}

/** The weights as f32, exactly the values our kernels read (same seed, same hash). */
function weightsF32(n: number, k: number): Float32Array {
  const words = randomMatrixWords('f32', n, k, SEED);
  const bits = new Uint32Array(n * k);
  for (let i = 0; i < bits.length; i++) bits[i] = words.word(i);
  return new Float32Array(bits.buffer);
}

/** tfjs's side for one shape: x and `copies` weight tensors on its device. */
class Theirs {
  private rep = 0;
  /** The output of the last timed product, checked once the timing is over. */
  private last: Tensor2D | null = null;
  private constructor(
    private readonly backend: WebGPUBackend,
    private readonly x: Tensor2D,
    private readonly ws: Tensor2D[],
    private readonly reference: { w: Float32Array; x: Float32Array },
  ) {}

  /** What tfjs ran for this product, as tf.time names its programs. */
  program = 'unknown';
  /** Largest |error| / Σ|w·x| seen in the checks so far. */
  worstError = 0;

  static async start(shape: PeerShape, copies: number): Promise<Theirs> {
    const backend = tf.backend();
    const { m, n, k } = shape;
    const w = weightsF32(n, k);
    const xValues = activations(m, k);
    const x = tf.tensor2d(xValues, [m, k]);
    const ws = Array.from({ length: copies }, () => tf.tensor2d(w, [n, k]));
    const theirs = new Theirs(backend, x, ws, { w, x: xValues });
    try {
      const timing = await tf.time(() => tf.matMul(x, ws[0] as Tensor2D, false, true).dispose());
      theirs.program = programNames(timing);
      theirs.last = tf.matMul(x, ws[0] as Tensor2D, false, true);
      await theirs.check(shape);
      return theirs;
    } catch (e) {
      theirs.destroy();
      throw e;
    }
  }

  /** Checks the output of the last product run against the f64 CPU reference. */
  async check(shape: PeerShape): Promise<void> {
    if (!this.last) throw new Error('tfjs has no output to check');
    const { m, n, k } = shape;
    const actual = await this.last.data();
    const worst = checkAgainstReference(actual, this.reference.w, this.reference.x, m, n, k);
    this.worstError = Math.max(this.worstError, worst);
    if (!(worst <= TFJS_TOLERANCE)) {
      throw new Error(
        `tfjs did not verify: worst |error| is ${worst.toExponential(2)} of Σ|w·x| (tolerance ${TFJS_TOLERANCE})`,
      );
    }
  }

  async sample(reps: number): Promise<number> {
    const start = performance.now();
    for (let r = 0; r < reps; r++) {
      const w = this.ws[this.rep++ % this.ws.length] as Tensor2D;
      this.last?.dispose();
      this.last = tf.matMul(this.x, w, false, true);
    }
    // Flush as tfjs does before its own reads: end the open pass, submit what is pending.
    this.backend.ensureCommandEncoderReady();
    this.backend.endComputePassEncoder();
    this.backend.submitQueue();
    await this.backend.queue.onSubmittedWorkDone();
    return (performance.now() - start) / reps;
  }

  destroy(): void {
    this.last?.dispose();
    this.last = null;
    this.x.dispose();
    for (const t of this.ws) t.dispose();
  }
}

/** "MatMulPackedProgram: 0, …" → "MatMulPackedProgram" (names joined with + when several). */
function programNames(timing: TimingInfo): string {
  const names = (timing.getExtraProfileInfo?.() ?? '')
    .split(',')
    .map((part) => part.split(':')[0]?.trim() ?? '')
    .filter((name) => name.length > 0);
  return names.length > 0 ? names.join('+') : 'unknown';
}

/** Largest |y − y_ref| / Σ|w·x| over the checked outputs (all, or a spread sample); NaN fails. */
function checkAgainstReference(
  actual: Float32Array,
  w: Float32Array,
  x: Float32Array,
  m: number,
  n: number,
  k: number,
): number {
  let worst = 0;
  for (const [r, c] of outputsToCheck(m, n, k)) {
    let expected = 0;
    let magnitude = 0;
    for (let i = 0; i < k; i++) {
      const term = (w[c * k + i] ?? 0) * (x[r * k + i] ?? 0);
      expected += term;
      magnitude += Math.abs(term);
    }
    const got = actual[r * n + c] ?? Number.NaN;
    const error = Math.abs(got - expected) / magnitude;
    if (!(error <= worst)) worst = Number.isNaN(error) ? Number.POSITIVE_INFINITY : error;
  }
  return worst;
}

async function runShape(
  gpu: GpuContext,
  runner: BenchRunner,
  shape: PeerShape,
  index: number,
  settings: Settings,
): Promise<PeerRow> {
  const first = index % 2 === 0 ? 'ours' : 'tfjs';
  const copies = copiesFor(matrixBytes('f32', shape.n, shape.k), settings.rotationBytes);
  const row: PeerRow = {
    shape,
    variant: 'none',
    runnerMs: null,
    tfjsProgram: 'none',
    oursVerified: false,
    tfjsVerified: false,
    oursMs: null,
    tfjsMs: null,
    oursSpread: null,
    tfjsSpread: null,
    reps: 0,
    samples: 0,
    first,
    tfjsWorstError: null,
    copies,
  };
  let ours: Ours | null = null;
  let theirs: Theirs | null = null;
  const errors: string[] = [];
  try {
    try {
      ours = await Ours.start(gpu, runner, shape, settings);
      row.variant = ours.variant;
      row.runnerMs = ours.runnerMs;
      row.oursVerified = true;
    } catch (e) {
      errors.push(`ours: ${errorMessage(e)}`);
    }
    try {
      theirs = await Theirs.start(shape, copies);
      row.tfjsProgram = theirs.program;
      row.tfjsWorstError = theirs.worstError;
      row.tfjsVerified = true;
    } catch (e) {
      errors.push(`tfjs: ${errorMessage(e)}`);
    }
    if (ours && theirs) {
      const oursErrorsBefore = gpu.uncapturedErrors.length;
      const tfjsErrorsBefore = tfjsDeviceErrors.length;
      const sides = first === 'ours' ? [ours, theirs] : [theirs, ours];
      // Warm-up (pipelines, first-use costs, buffer pools), then one product each to size R.
      for (const side of sides) await side.sample(2);
      let fastest = Number.POSITIVE_INFINITY;
      for (const side of sides) fastest = Math.min(fastest, await side.sample(1));
      const reps = Math.max(
        1,
        Math.min(settings.maxReps, Math.ceil(settings.sampleTargetMs / Math.max(fastest, 1e-3))),
      );
      const oursMs: number[] = [];
      const tfjsMs: number[] = [];
      for (let s = 0; s < settings.samples; s++) {
        for (const side of sides) {
          const ms = await side.sample(reps);
          (side === ours ? oursMs : tfjsMs).push(ms);
        }
      }
      row.reps = reps;
      row.samples = settings.samples;
      // The last timed product of each side is checked again: a time counts only if its
      // output was right and its device reported no error while it ran.
      const oursStray = gpu.uncapturedErrors.slice(oursErrorsBefore);
      const tfjsStray = tfjsDeviceErrors.slice(tfjsErrorsBefore);
      try {
        if (oursStray.length > 0) throw new Error(`WebGPU errors: ${oursStray.join('; ')}`);
        await ours.check();
        row.oursMs = median(oursMs);
        row.oursSpread = spread(oursMs);
      } catch (e) {
        row.oursVerified = false;
        errors.push(`ours, after timing: ${errorMessage(e)}`);
      }
      try {
        if (tfjsStray.length > 0) throw new Error(`WebGPU errors: ${tfjsStray.join('; ')}`);
        await theirs.check(shape);
        row.tfjsWorstError = theirs.worstError;
        row.tfjsMs = median(tfjsMs);
        row.tfjsSpread = spread(tfjsMs);
      } catch (e) {
        row.tfjsVerified = false;
        errors.push(`tfjs, after timing: ${errorMessage(e)}`);
      }
    }
  } catch (e) {
    errors.push(errorMessage(e));
  } finally {
    ours?.destroy();
    theirs?.destroy();
  }
  if (errors.length > 0) row.error = errors.join('; ');
  return row;
}

async function main(): Promise<void> {
  const full = new URLSearchParams(location.search).get('full') === '1';
  const settings: Settings = full
    ? { full, sampleTargetMs: 50, samples: 9, maxReps: 512, rotationBytes: 512 * MiB }
    : { full, sampleTargetMs: 60, samples: 7, maxReps: 64, rotationBytes: 32 * MiB };
  const report: PeerReport = {
    done: false,
    full,
    versions: { tfjsCore: tf.version_core, tfjsBackendWebgpu: '' },
    adapter: { ours: '', tfjs: '', isSoftware: false },
    runnerTiming: '',
    method:
      `wall clock per product: R products issued back to back, then wait for the GPU queue to ` +
      `drain (ours: one compute pass + submit per product, then onSubmittedWorkDone; tfjs: R ` +
      `tf.matMul calls, flush, then onSubmittedWorkDone); median of ${settings.samples} ` +
      `samples per side, interleaved, first side alternating by shape`,
    rows: [],
  };
  window.__peers = report;
  try {
    const gpu = await acquireGpu(navigator.gpu);
    const d = gpu.description;
    report.adapter.ours = adapterName(d, { fallback: 'unknown' });
    report.adapter.isSoftware = d.isSoftware;
    const runner = new BenchRunner(gpu);
    report.runnerTiming = gpu.timing;

    tf.env().set('WEBGPU_CPU_FORWARD', false);
    if (!(await tf.setBackend('webgpu')))
      throw new Error('tfjs could not start its webgpu backend');
    await tf.ready();
    const backend = tf.backend();
    backend.device.addEventListener('uncapturederror', (event) => {
      tfjsDeviceErrors.push((event as GPUUncapturedErrorEvent).error.message);
    });
    const info = backend.adapterInfo;
    report.adapter.tfjs = adapterName(
      { vendor: info.vendor ?? '', architecture: info.architecture ?? '', description: '' },
      { fallback: 'unknown' },
    );

    const shapes = peerShapes(full);
    for (const [i, shape] of shapes.entries()) {
      log(`${i + 1}/${shapes.length} ${shape.kernel} M=${shape.m} ${shape.n}×${shape.k}`);
      const row = await runShape(gpu, runner, shape, i, settings);
      report.rows.push(row);
      const ratio =
        row.oursMs !== null && row.tfjsMs !== null ? (row.oursMs / row.tfjsMs).toFixed(2) : '–';
      log(
        `  ours ${row.oursMs?.toFixed(3) ?? '–'} ms (${row.variant}), tfjs ` +
          `${row.tfjsMs?.toFixed(3) ?? '–'} ms (${row.tfjsProgram}), ratio ${ratio}` +
          (row.error ? ` — ${row.error}` : ''),
      );
    }
    runner.destroy();
    gpu.destroy();
  } catch (e) {
    report.fatal = errorMessage(e);
  }
  report.done = true;
}

void main();
