// Types for tfjs.js: the part of @tensorflow/tfjs-core 4.22 (with the webgpu backend) we use.

export interface Tensor2D {
  dispose(): void;
  /** f32 tensors read back as Float32Array. */
  data(): Promise<Float32Array>;
}

export interface TimingInfo {
  wallMs: number;
  kernelMs: number | { error: string };
  /** The webgpu backend lists each program it ran: "Name: ms, Name: ms". */
  getExtraProfileInfo?(): string;
}

/** tfjs-backend-webgpu's WebGPUBackend, the members used here (all public in 4.22). */
export interface WebGPUBackend {
  device: GPUDevice;
  queue: GPUQueue;
  adapterInfo: { vendor?: string; architecture?: string };
  /** Creates the command encoder if none is pending. */
  ensureCommandEncoderReady(): void;
  /** Ends the open compute pass, if any (tfjs keeps one open across up to 15 dispatches). */
  endComputePassEncoder(): void;
  /** Submits the pending command encoder; the pass must be ended first. */
  submitQueue(): void;
}

export function tensor2d(values: Float32Array, shape: [number, number]): Tensor2D;
export function matMul(
  a: Tensor2D,
  b: Tensor2D,
  transposeA: boolean,
  transposeB: boolean,
): Tensor2D;
export function time(f: () => void): Promise<TimingInfo>;
export function setBackend(name: string): Promise<boolean>;
export function ready(): Promise<void>;
/** The active backend; the webgpu one after setBackend('webgpu'). */
export function backend(): WebGPUBackend;
export function env(): { set(flag: string, value: boolean | number | string): void };
export const version_core: string;
