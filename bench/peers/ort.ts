// onnxruntime-web's side: one of its two WebGPU backends per page load, one-node models built at
// run time (ort-models.ts), X and Y kept on the GPU, every row checked before and after timing.
//
//   ort-webgpu  onnxruntime-web/webgpu: the C++ WebGPU execution provider compiled to wasm
//   ort-jsep    onnxruntime-web: the JSEP 'webgpu' provider (kernels in TypeScript)
//
// The wasm comes from node_modules through Vite (`?url` imports of the package's own exports),
// served by the same origin; env.wasm.wasmPaths points at it, so nothing is fetched elsewhere.
// Threads: env.wasm.numThreads = 1. The page is not cross-origin isolated (no COOP/COEP), so
// SharedArrayBuffer and wasm threads are unavailable anyway; and every node must run on WebGPU,
// so wasm threads would have no work here — on a CPU adapter they would only compete with it.
//
// Placement: session option session.disable_cpu_ep_fallback = 1 makes session creation fail
// when any node would be placed on the CPU (wasm) EP instead of WebGPU; that failure is a
// refused row. The run's first output is also read back and checked, and the "Node placements"
// lines of ORT's verbose log, captured at session creation, are kept in the row as evidence.

import type * as OrtModule from 'onnxruntime-web';
import webgpuEpWasm from 'onnxruntime-web/ort-wasm-simd-threaded.asyncify.wasm?url';
import jsepWasm from 'onnxruntime-web/ort-wasm-simd-threaded.jsep.wasm?url';
import { fromHalfBits } from '../../src/core/half';
import { buildOrtModel, ORT_FORMATS, type OrtFormat, type Tamper } from './ort-models';
import { worstError } from './reference';
import type { PeerName, PeerShape } from './types';

type Ort = typeof OrtModule;
type Session = OrtModule.InferenceSession;
type Tensor = OrtModule.Tensor;

export type OrtBackend = Exclude<PeerName, 'tfjs'>;

export interface LoadedOrt {
  ort: Ort;
  backend: OrtBackend;
  device: GPUDevice;
  /** ORT's verbose log lines naming node placements, most recent last. */
  placements: string[];
  /**
   * A tiny session kept open for the page's life: the WebGPU EP releases its device with its
   * last session, and X's buffers must stay on the device the sessions use.
   */
  keepAlive: Session;
}

/** Loads one bundle, points it at the local wasm, and starts its WebGPU device. */
export async function loadOrt(backend: OrtBackend): Promise<LoadedOrt> {
  // Before the import: the wasm glue may bind console's methods when it loads.
  const placements = capturePlacements();
  const ort: Ort =
    backend === 'ort-webgpu'
      ? await import('onnxruntime-web/webgpu')
      : await import('onnxruntime-web');
  ort.env.wasm.numThreads = 1;
  ort.env.wasm.proxy = false;
  const wasm = backend === 'ort-webgpu' ? webgpuEpWasm : jsepWasm;
  ort.env.wasm.wasmPaths = { wasm: new URL(wasm, location.href).href };
  ort.env.logLevel = 'warning';
  // A first tiny session starts the backend (wasm, adapter, device).
  const keepAlive = await createSession(ort, buildOrtModel('f32', 1, 32, 32, 1).bytes);
  const device = await ort.env.webgpu.device;
  return { ort, backend, device, placements, keepAlive };
}

/** Keeps ORT's "Node placements" / "placed on" log lines (it logs through console). */
function capturePlacements(): string[] {
  const lines: string[] = [];
  for (const level of ['log', 'info', 'warn', 'error', 'debug'] as const) {
    const original = console[level].bind(console);
    console[level] = (...args: unknown[]) => {
      const text = args.map(String).join(' ');
      if (/placed on|assigned to/i.test(text)) lines.push(text.replace(/^.*?AnEp\]\s*/, ''));
      original(...args);
    };
  }
  return lines;
}

function createSession(ort: Ort, model: Uint8Array, verbose = false): Promise<Session> {
  return ort.InferenceSession.create(model, {
    executionProviders: ['webgpu'],
    graphOptimizationLevel: 'all',
    preferredOutputLocation: 'gpu-buffer',
    logSeverityLevel: verbose ? 0 : 2,
    extra: { session: { disable_cpu_ep_fallback: '1' } },
  });
}

const toNumbers = (data: unknown): ArrayLike<number> =>
  data instanceof Uint16Array ? Array.from(data, fromHalfBits) : (data as ArrayLike<number>);

/** One ORT row: `copies` sessions of the same model (distinct weight buffers), X on the GPU. */
export class OrtSide {
  private rep = 0;
  private last: Tensor | null = null;
  /** Largest |error| / Σ|w·x| seen so far. */
  worstError = 0;
  private constructor(
    private readonly loaded: LoadedOrt,
    private readonly sessions: Session[],
    private readonly x: Tensor,
    private readonly xBuffer: GPUBuffer,
    private readonly check: (y: ArrayLike<number>) => number,
    readonly tolerance: number,
    /** The placement log lines this row's first session produced. */
    readonly placement: string,
  ) {}

  static async start(
    loaded: LoadedOrt,
    shape: PeerShape,
    format: OrtFormat,
    copies: number,
    seed: number,
    tamper?: Tamper,
  ): Promise<OrtSide> {
    const { ort, device } = loaded;
    const { m, n, k } = shape;
    const model = buildOrtModel(format, m, n, k, seed, tamper);
    const sessions: Session[] = [];
    let xBuffer: GPUBuffer | null = null;
    try {
      const logged = loaded.placements.length;
      sessions.push(await createSession(ort, model.bytes, true));
      const placement = loaded.placements.slice(logged).join(' | ');
      // Belt and braces beside disable_cpu_ep_fallback: the log must name no other provider.
      if (/CPUExecutionProvider/.test(placement))
        throw new Error(`placed off WebGPU: ${placement}`);
      for (let c = 1; c < copies; c++) sessions.push(await createSession(ort, model.bytes));
      const data = model.x.data;
      xBuffer = device.createBuffer({
        size: Math.ceil(data.byteLength / 4) * 4,
        usage: GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_DST | GPUBufferUsage.COPY_SRC,
      });
      device.queue.writeBuffer(xBuffer, 0, data.buffer, data.byteOffset, data.byteLength);
      const dataType = ORT_FORMATS[format].io === 'float16' ? 'float16' : 'float32';
      const x = ort.Tensor.fromGpuBuffer(xBuffer, { dataType, dims: [m, k] });
      const check = (y: ArrayLike<number>) =>
        worstError(y, model.weightAt, model.x.values, m, n, k);
      const side = new OrtSide(
        loaded,
        sessions,
        x as Tensor,
        xBuffer,
        check,
        ORT_FORMATS[format].tolerance,
        placement,
      );
      await side.sample(1);
      await side.verify();
      return side;
    } catch (e) {
      for (const s of sessions) await s.release();
      xBuffer?.destroy();
      throw e;
    }
  }

  /** Reads back the last output and checks it against the f64 CPU reference. */
  async verify(): Promise<void> {
    if (!this.last) throw new Error('no output to check');
    const worst = this.check(toNumbers(await this.last.getData()));
    this.worstError = Math.max(this.worstError, worst);
    if (!(worst <= this.tolerance)) {
      throw new WrongResult(
        `worst |error| is ${worst.toExponential(2)} of Σ|w·x| (tolerance ${this.tolerance})`,
      );
    }
  }

  /**
   * `reps` session.run calls back to back (each awaited: ORT's per-run cost is part of its time),
   * rotating over the sessions, then the last output downloaded: ORT flushes its pending
   * commands for the copy and the map waits until the queue has drained.
   */
  async sample(reps: number): Promise<number> {
    const start = performance.now();
    for (let r = 0; r < reps; r++) {
      const session = this.sessions[this.rep++ % this.sessions.length] as Session;
      const out = await session.run({ x: this.x });
      this.last?.dispose();
      this.last = out.y ?? null;
    }
    await this.last?.getData();
    return (performance.now() - start) / reps;
  }

  async destroy(): Promise<void> {
    this.last?.dispose();
    this.last = null;
    for (const s of this.sessions) await s.release();
    this.x.dispose();
    this.xBuffer.destroy();
    void this.loaded;
  }
}

/** An output that did not match the reference (as opposed to a refusal). */
export class WrongResult extends Error {
  override name = 'WrongResult';
}

/** ORT's cost per session.run on a tiny product (M=1, 32×32): median of `samples` of `reps`. */
export async function perRunOverhead(loaded: LoadedOrt, samples = 7, reps = 20): Promise<number> {
  const side = await OrtSide.start(
    loaded,
    { kernel: 'gemv', m: 1, n: 32, k: 32, note: '' },
    'f32',
    1,
    7,
  );
  try {
    const ms: number[] = [];
    for (let s = 0; s < samples; s++) ms.push(await side.sample(reps));
    ms.sort((a, b) => a - b);
    return ms[ms.length >> 1] ?? Number.NaN;
  } finally {
    await side.destroy();
  }
}
