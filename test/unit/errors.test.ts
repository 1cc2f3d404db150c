import { describe, expect, it, vi } from 'vitest';
import { errorMessage } from '../../src/core/error-message';
import { GpuError, isGpuError, withTimeout } from '../../src/gpu/errors';

describe('GPU errors', () => {
  it('say what happened and what to do', () => {
    const e = new GpuError('no-webgpu', 'navigator.gpu is missing.');
    expect(e.message).toMatch(/^navigator\.gpu is missing\. Use a browser with WebGPU/);
    expect(new GpuError('device-lost').message).toMatch(/Results measured before it stay/);
    expect(new GpuError('no-adapter', 'No driver.', 'Install one.').message).toBe(
      'No driver. Install one.',
    );
    expect(isGpuError(e, 'no-webgpu')).toBe(true);
    expect(isGpuError(e, 'timeout')).toBe(false);
    expect(isGpuError(new Error('x'))).toBe(false);
    expect(errorMessage('plain')).toBe('plain');
  });
});

describe('withTimeout', () => {
  it('turns a GPU wait that never ends into a timeout error instead of a hang', async () => {
    vi.useFakeTimers();
    try {
      const never = new Promise<void>(() => {});
      const raced = withTimeout(never, 60_000, 'mapAsync');
      vi.advanceTimersByTime(60_000);
      await expect(raced).rejects.toSatisfy((e) => isGpuError(e, 'timeout'));
      await expect(raced).rejects.toThrow(/mapAsync did not finish within 60 s/);
    } finally {
      vi.useRealTimers();
    }
  });

  it('passes a result through and leaves no timer behind', async () => {
    vi.useFakeTimers();
    try {
      await expect(withTimeout(Promise.resolve(7), 1000, 'x')).resolves.toBe(7);
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});
