// Every kernel, format, variant and KV-cache encoding the adapter is offered, run by wgpu in Deno
// and checked against the CPU reference, as the Dawn GPU layer does (test/gpu/). On lavapipe:
// the driver that grants shader-f16 and DP4A, so their variants run too.

import { describe, expect, inject, it } from 'vitest';
import { runChecks, WGPU_DRIVERS } from './deno';

const child = inject('wgpuChild');

describe('every offered kernel on wgpu (Deno)', () => {
  const [driver, icd] = WGPU_DRIVERS[0] ?? ['none', ''];
  it(`${driver}: every case verifies against the CPU reference`, () => {
    const run = runChecks(child, icd, 'kernels');
    expect(run.crashes).toEqual([]);
    expect(run.outcomes.filter((o) => !o.ok)).toEqual([]);
    const labels = run.outcomes.map((o) => o.label).join('\n');
    for (const kernel of ['read', 'copy', 'write', 'fma', 'gemv', 'gemm', 'attention', 'decode']) {
      expect(labels).toContain(kernel);
    }
    // Where the adapter grants them, the f16 and DP4A forms ran too.
    if (run.features.includes('shader-f16')) expect(labels).toMatch(/-f16\)/);
    if (run.wgslLanguageFeatures.includes('packed_4x8_integer_dot_product')) {
      expect(labels).toMatch(/-dp4a\)/);
    }
  }, 900_000);
});
