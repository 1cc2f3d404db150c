// tfjs's side for one shape (f32 only): x and `copies` weight tensors on its device, the same
// weights our kernels read; tf.matMul(x, w, false, true), checked before and after timing.

import { randomMatrixWords } from '../../src/kernels/formats';
import { activations } from '../../src/kernels/matrix';
import { worstError } from './reference';
import type { Tensor2D, TimingInfo, WebGPUBackend } from './tfjs';
import * as tf from './tfjs';
import type { PeerShape } from './types';

/** tfjs is checked against the f64 CPU reference to this share of Σ|w·x|. */
export const TFJS_TOLERANCE = 1e-4;

/** Errors tfjs's device reported that nobody captured (an invalid submit lands here). */
export const tfjsDeviceErrors: string[] = [];

/** Starts tfjs's webgpu backend; returns its adapter's vendor and architecture. */
export async function startTfjs(): Promise<{ vendor: string; architecture: string }> {
  tf.env().set('WEBGPU_CPU_FORWARD', false);
  if (!(await tf.setBackend('webgpu'))) throw new Error('tfjs could not start its webgpu backend');
  await tf.ready();
  const backend = tf.backend();
  backend.device.addEventListener('uncapturederror', (event) => {
    tfjsDeviceErrors.push((event as GPUUncapturedErrorEvent).error.message);
  });
  const info = backend.adapterInfo;
  return { vendor: info.vendor ?? '', architecture: info.architecture ?? '' };
}

/** The weights as f32, exactly the values our kernels read (same seed, same hash). */
function weightsF32(n: number, k: number, seed: number): Float32Array {
  const words = randomMatrixWords('f32', n, k, seed);
  const bits = new Uint32Array(n * k);
  for (let i = 0; i < bits.length; i++) bits[i] = words.word(i);
  return new Float32Array(bits.buffer);
}

export class TfjsSide {
  private rep = 0;
  /** The output of the last timed product, checked once the timing is over. */
  private last: Tensor2D | null = null;
  /** What tfjs ran for this product, as tf.time names its programs. */
  program = 'unknown';
  /** Largest |error| / Σ|w·x| seen in the checks so far. */
  worstError = 0;
  private constructor(
    private readonly backend: WebGPUBackend,
    private readonly shape: PeerShape,
    private readonly x: Tensor2D,
    private readonly ws: Tensor2D[],
    private readonly reference: { w: Float32Array; x: Float32Array },
  ) {}

  static async start(shape: PeerShape, copies: number, seed: number): Promise<TfjsSide> {
    const { m, n, k } = shape;
    const w = weightsF32(n, k, seed);
    const xValues = activations(m, k);
    const x = tf.tensor2d(xValues, [m, k]);
    const ws = Array.from({ length: copies }, () => tf.tensor2d(w, [n, k]));
    const side = new TfjsSide(tf.backend(), shape, x, ws, { w, x: xValues });
    try {
      const timing = await tf.time(() => tf.matMul(x, ws[0] as Tensor2D, false, true).dispose());
      side.program = programNames(timing);
      side.last = tf.matMul(x, ws[0] as Tensor2D, false, true);
      await side.verify();
      return side;
    } catch (e) {
      side.destroy();
      throw e;
    }
  }

  /** Checks the output of the last product run against the f64 CPU reference. */
  async verify(): Promise<void> {
    if (!this.last) throw new Error('tfjs has no output to check');
    const { m, n, k } = this.shape;
    const { w, x } = this.reference;
    const worst = worstError(await this.last.data(), (r, c) => w[r * k + c] ?? 0, x, m, n, k);
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
