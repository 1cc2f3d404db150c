// Times a batch of submits: GPU timestamps around each compute pass where `timestamp-query` is
// granted, wall clock from first submit to onSubmittedWorkDone otherwise.

import type { TimingMode } from '../core/results';
import { GPU_WAIT_TIMEOUT_MS, withTimeout } from './errors';

/**
 * Each timed pass lasts at least this many of the timer's steps: a pass is read to within one
 * step, so 100 keep its error under 1 % (Dawn's 65.5 µs quantum: 6.6 ms a pass).
 */
export const QUANTA_PER_PASS = 100;

/** Records the commands of one compute pass (one submit). */
export type EncodePass = (pass: GPUComputePassEncoder, submitIndex: number) => void;

export interface SubmitTimer {
  readonly mode: TimingMode;
  /**
   * Runs `submits` passes, one submit each, and returns their total GPU time in ms.
   * `expectedMs`: about how long they take (an earlier look), so that the wait can idle.
   */
  time(encode: EncodePass, submits: number, expectedMs?: number): Promise<number>;
  /**
   * The timer's step in ms: the smallest time it tells from zero. Browsers and Dawn quantize GPU
   * timestamps (Dawn to 2¹⁶ ns, Chrome to about 100 µs) and coarsen the wall clock; read from
   * the stamps seen so far (their greatest common divisor), 0 before the first.
   */
  quantumMs(): number;
  destroy(): void;
}

/**
 * The step of a quantized clock, from its readings: every reading of a clock quantized to q is a
 * multiple of q, so their greatest common divisor is q (or a multiple of it, early on); readings
 * at full resolution bring it down to a few ns within a handful.
 */
export class ClockQuantum {
  private gcd = 0n;

  observe(stampNs: bigint): void {
    let [a, b] = [this.gcd, stampNs < 0n ? -stampNs : stampNs];
    while (b > 0n) [a, b] = [b, a % b];
    this.gcd = a;
  }

  get ms(): number {
    return Number(this.gcd) / 1e6;
  }
}

/**
 * Waits most of a timed batch out on a timer before asking for its result. While any GPU promise
 * is pending, Dawn's Node binding polls the device from setImmediate, busy, on the thread that
 * waits; on a CPU adapter that poll takes a core from the adapter being measured (on this
 * project's 2-core machine, half of it). Idling instead changes nothing a GPU timestamp reads;
 * the wall clock, which would read the idle time, never idles.
 */
const IDLE_SHARE = 0.8;
/** Below this a timer's own granularity (browsers clamp nested timeouts to 4 ms) is the cost. */
const IDLE_MIN_MS = 8;

async function idleThrough(expectedMs: number): Promise<void> {
  if (expectedMs < IDLE_MIN_MS) return;
  await new Promise((done) => setTimeout(done, expectedMs * IDLE_SHARE));
}

const now = () => performance.now();

export function createTimer(device: GPUDevice, mode: TimingMode, maxSubmits = 64): SubmitTimer {
  return mode === 'timestamp-query'
    ? new TimestampTimer(device, maxSubmits)
    : new WallClockTimer(device);
}

/** The wall clock's step: the smallest change between successive readings, over a few. */
function wallClockStepMs(): number {
  let step = Number.POSITIVE_INFINITY;
  let last = now();
  for (let changes = 0, reads = 0; changes < 5 && reads < 1_000_000; reads++) {
    const t = now();
    if (t > last) {
      step = Math.min(step, t - last);
      changes++;
      last = t;
    }
  }
  return Number.isFinite(step) ? step : 0;
}

class WallClockTimer implements SubmitTimer {
  readonly mode = 'wall-clock' as const;
  private readonly step = wallClockStepMs();
  constructor(private readonly device: GPUDevice) {}

  quantumMs(): number {
    return this.step;
  }

  async time(encode: EncodePass, submits: number): Promise<number> {
    const start = now();
    for (let s = 0; s < submits; s++) {
      const encoder = this.device.createCommandEncoder({ label: 'timed' });
      const pass = encoder.beginComputePass({ label: 'timed-pass' });
      encode(pass, s);
      pass.end();
      this.device.queue.submit([encoder.finish()]);
    }
    await withTimeout(
      this.device.queue.onSubmittedWorkDone(),
      GPU_WAIT_TIMEOUT_MS,
      'onSubmittedWorkDone',
    );
    return now() - start;
  }

  destroy(): void {}
}

class TimestampTimer implements SubmitTimer {
  readonly mode = 'timestamp-query' as const;
  private readonly querySet: GPUQuerySet;
  private readonly resolveBuffer: GPUBuffer;
  private readonly readBuffer: GPUBuffer;
  private readonly quantum = new ClockQuantum();

  constructor(
    private readonly device: GPUDevice,
    private readonly maxSubmits: number,
  ) {
    const count = 2 * maxSubmits;
    this.querySet = device.createQuerySet({ label: 'timestamps', type: 'timestamp', count });
    this.resolveBuffer = device.createBuffer({
      label: 'timestamps-resolve',
      size: count * 8,
      usage: GPUBufferUsage.QUERY_RESOLVE | GPUBufferUsage.COPY_SRC,
    });
    this.readBuffer = device.createBuffer({
      label: 'timestamps-read',
      size: count * 8,
      usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST,
    });
  }

  async time(encode: EncodePass, submits: number, expectedMs = 0): Promise<number> {
    if (submits > this.maxSubmits)
      throw new RangeError(`at most ${this.maxSubmits} submits per sample`);
    for (let s = 0; s < submits; s++) {
      const encoder = this.device.createCommandEncoder({ label: 'timed' });
      const pass = encoder.beginComputePass({
        label: 'timed-pass',
        timestampWrites: {
          querySet: this.querySet,
          beginningOfPassWriteIndex: 2 * s,
          endOfPassWriteIndex: 2 * s + 1,
        },
      });
      encode(pass, s);
      pass.end();
      if (s === submits - 1) {
        encoder.resolveQuerySet(this.querySet, 0, 2 * submits, this.resolveBuffer, 0);
        encoder.copyBufferToBuffer(this.resolveBuffer, 0, this.readBuffer, 0, 16 * submits);
      }
      this.device.queue.submit([encoder.finish()]);
    }
    await idleThrough(expectedMs);
    await withTimeout(this.readBuffer.mapAsync(GPUMapMode.READ), GPU_WAIT_TIMEOUT_MS, 'mapAsync');
    const stamps = new BigUint64Array(this.readBuffer.getMappedRange(0, 16 * submits).slice(0));
    this.readBuffer.unmap();
    let totalNs = 0;
    for (let s = 0; s < submits; s++) {
      const begin = stamps[2 * s] ?? 0n;
      const end = stamps[2 * s + 1] ?? 0n;
      this.quantum.observe(begin);
      this.quantum.observe(end);
      // A pass whose end stamp precedes its begin (seen on some drivers) reads as zero.
      if (end > begin) totalNs += Number(end - begin);
    }
    return totalNs / 1e6;
  }

  quantumMs(): number {
    return this.quantum.ms;
  }

  destroy(): void {
    this.querySet.destroy();
    this.resolveBuffer.destroy();
    this.readBuffer.destroy();
  }
}
