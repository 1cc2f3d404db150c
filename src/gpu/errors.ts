// Typed GPU errors. Each message says what happened and what the user can do next.

/** Every GPU wait is raced against this; a hung GPU becomes an error, never a frozen page. */
export const GPU_WAIT_TIMEOUT_MS = 60_000;

export type GpuErrorCode =
  | 'no-webgpu'
  | 'no-adapter'
  | 'feature-missing'
  | 'device-lost'
  | 'out-of-memory'
  | 'limit-exceeded'
  | 'validation'
  | 'timeout'
  | 'cancelled';

const ADVICE: Record<GpuErrorCode, string> = {
  'no-webgpu':
    'Use a browser with WebGPU: Chrome or Edge 113+, Safari 26+, or Firefox 141+ (on Linux, Chrome with --enable-unsafe-webgpu). Predictions from a datasheet still work without it.',
  'no-adapter':
    'WebGPU is present but offered no GPU. Check that hardware acceleration is on (chrome://settings/system) and the GPU driver is current; chrome://gpu tells why WebGPU is blocked.',
  'feature-missing':
    'This GPU or browser lacks a feature the benchmark needs; try a newer browser or driver.',
  'device-lost':
    'The GPU device was lost (often out of memory, a driver reset or a GPU watchdog). Results measured before it stay; run again to continue with a new device.',
  'out-of-memory':
    'The GPU ran out of memory. Close other GPU-heavy tabs or programs, or use the Quick plan.',
  'limit-exceeded':
    'The benchmark asked for more than this device allows; the Quick plan needs less. If it persists, please report it with the adapter details.',
  validation: 'WebGPU rejected a command. This is a bug in webgpu-roofline: please report it.',
  timeout:
    'The GPU did not answer in time. It may be overloaded or hung; close other GPU work and run again.',
  cancelled: 'The run was cancelled.',
};

export class GpuError extends Error {
  constructor(
    readonly code: GpuErrorCode,
    detail?: string,
    advice: string = ADVICE[code],
  ) {
    super(detail ? `${detail} ${advice}` : advice);
    this.name = 'GpuError';
  }
}

export function isGpuError(e: unknown, code?: GpuErrorCode): e is GpuError {
  return e instanceof GpuError && (code === undefined || e.code === code);
}

/** Races a GPU promise against a timeout, so no wait can freeze the page. */
export async function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new GpuError('timeout', `${what} did not finish within ${ms / 1000} s.`)),
      ms,
    );
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
