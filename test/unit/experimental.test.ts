// --experimental: the flag, Dawn's unsafe-APIs toggle it adds, and nothing without it.

import { describe, expect, it } from 'vitest';
import { BENCH_USAGE, parseBenchArgs } from '../../src/cli/args/bench-args';
import { dawnOptions, UNQUANTIZED_TIMESTAMPS, UNSAFE_APIS } from '../../src/gpu/node';

describe('--experimental', () => {
  it('is read (absent unless given) beside a plan, the trace and --adapter, and documented', () => {
    expect(parseBenchArgs(['--quick', '--experimental'])).toMatchObject({
      plan: 'quick',
      experimental: true,
    });
    expect(parseBenchArgs(['--trace', '--experimental']).experimental).toBe(true);
    expect(parseBenchArgs(['--adapter', '--experimental']).experimental).toBe(true);
    expect(parseBenchArgs(['--quick']).experimental).toBeUndefined();
    expect(() => parseBenchArgs(['--experimental=yes'])).toThrow(/takes no value/);
    expect(BENCH_USAGE).toMatch(/--experimental\s+turn on Dawn's allow_unsafe_apis/);
  });

  it('is refused with --runtime deno: wgpu has no such toggle', () => {
    expect(() => parseBenchArgs(['--runtime', 'deno', '--experimental'])).toThrow(
      /--experimental turns on a Dawn toggle; wgpu/,
    );
  });

  it("adds Dawn's allow_unsafe_apis toggle only when asked, beside the other options", () => {
    expect(UNSAFE_APIS).toBe('enable-dawn-features=allow_unsafe_apis');
    const env = { ROOFLINE_DAWN_BACKEND: 'vulkan' };
    expect(dawnOptions(env)).toEqual([UNQUANTIZED_TIMESTAMPS, 'backend=vulkan']);
    expect(dawnOptions(env, { experimental: false })).not.toContain(UNSAFE_APIS);
    expect(dawnOptions(env, { experimental: true })).toEqual([
      UNQUANTIZED_TIMESTAMPS,
      'backend=vulkan',
      UNSAFE_APIS,
    ]);
    expect(dawnOptions({}, { experimental: true })).toEqual([UNQUANTIZED_TIMESTAMPS, UNSAFE_APIS]);
  });
});
