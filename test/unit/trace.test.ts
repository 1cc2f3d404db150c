// The address trace's rules on synthetic traces (no GPU): what counts as coalesced, how bytes are
// summed, and how a kernel's WGSL is rewritten for the instrumented build.

import { describe, expect, it } from 'vitest';
import {
  barriersExecuted,
  bytesByBuffer,
  coalescing,
  parseTrace,
  sectorsPerUsefulByte,
  type TracedLoad,
  touchedBytes,
} from '../../src/kernels/trace/analyse';
import {
  instrument,
  type TraceLayout,
  traceBarriers,
  traceBytes,
  traceLoads,
  traceStride,
} from '../../src/kernels/trace/instrument';

const layout: TraceLayout = { workgroupSize: 64, workgroups: 2, loads: 4, buffers: 2 };

/**
 * Trace words as the recorder writes them, for `loadsOf(workgroup, lid)` of each invocation (and
 * the barriers it passed, all and between its first and last load of buffer 0).
 */
function synthetic(
  loadsOf: (wg: number, lid: number) => TracedLoad[],
  l = layout,
  barriersOf: (wg: number, lid: number) => [number, number] = () => [0, 0],
): Uint32Array {
  const stride = traceStride(l);
  const words = new Uint32Array(traceBytes(l) / 4);
  for (let wg = 0; wg < l.workgroups; wg++) {
    for (let lid = 0; lid < l.workgroupSize; lid++) {
      const base = (wg * l.workgroupSize + lid) * stride;
      const loads = loadsOf(wg, lid);
      words[base] = loads.length;
      [words[base + 1 + l.buffers], words[base + 2 + l.buffers]] = barriersOf(wg, lid);
      for (const [j, load] of loads.entries()) {
        words[base + 1 + load.buffer] = (words[base + 1 + load.buffer] ?? 0) + load.width;
        if (j >= l.loads) continue;
        words[base + 3 + l.buffers + 2 * j] = load.buffer | (load.width << 8);
        words[base + 4 + l.buffers + 2 * j] = load.offset;
      }
    }
  }
  return words;
}

const ratio = (words: Uint32Array, only?: (b: number) => boolean) =>
  sectorsPerUsefulByte(coalescing(parseTrace(words, layout), only));

describe('sectors per useful byte', () => {
  it('is 1.0 for neighbouring invocations reading neighbouring 16-byte words', () => {
    const words = synthetic((wg, lid) => [
      { buffer: 0, offset: 16 * (wg * 64 + lid), width: 16 },
      { buffer: 0, offset: 4096 + 16 * (wg * 64 + lid), width: 16 },
    ]);
    expect(ratio(words)).toBe(1);
  });

  it('is 8 for 4-byte loads 128 bytes apart, 2 for 16-byte loads 128 bytes apart', () => {
    expect(ratio(synthetic((_, lid) => [{ buffer: 0, offset: 128 * lid, width: 4 }]))).toBe(8);
    expect(ratio(synthetic((_, lid) => [{ buffer: 0, offset: 128 * lid, width: 16 }]))).toBe(2);
  });

  it('counts a broadcast (every lane the same 16 bytes) as one sector for 16 bytes', () => {
    expect(ratio(synthetic(() => [{ buffer: 1, offset: 64, width: 16 }]))).toBe(2);
  });

  it('groups lanes by 32 within a workgroup, and splits an instruction by buffer', () => {
    // Lanes 0–31 and 32–63 read the same addresses: each warp is perfectly coalesced on its own.
    const sameEachWarp = synthetic((_, lid) => [{ buffer: 0, offset: 4 * (lid % 32), width: 4 }]);
    expect(ratio(sameEachWarp)).toBe(1);
    // Even lanes read buffer 0, odd lanes buffer 1, at the same offsets 8 bytes apart: two
    // accesses of 16 lanes × 4 bytes, each spread over 128 bytes → 4 sectors for 64 bytes = 2.
    const split = synthetic((_, lid) => [{ buffer: lid % 2, offset: 8 * (lid >> 1), width: 4 }]);
    expect(ratio(split)).toBe(2);
    expect(ratio(split, (b) => b === 0)).toBe(2);
  });

  it('uses only the recorded loads, but sums the bytes of every load', () => {
    const many = synthetic(() =>
      Array.from({ length: 10 }, (_, j) => ({ buffer: j % 2, offset: 4 * j, width: 4 })),
    );
    const trace = parseTrace(many, layout);
    expect(trace).toHaveLength(128);
    expect(trace[0]?.loads).toHaveLength(layout.loads);
    expect(trace[0]?.count).toBe(10);
    expect(bytesByBuffer(trace, 2)).toEqual([128 * 20, 128 * 20]);
  });

  it('counts overlapping loads once, and a sector two loads share once', () => {
    const load = (offset: number, width: number) => ({ buffer: 0, offset, width });
    expect(touchedBytes([load(8, 16), load(0, 16), load(40, 4)])).toEqual({
      bytes: 28,
      sectors: 2,
    });
    expect(touchedBytes([load(0, 4), load(28, 8)])).toEqual({ bytes: 12, sectors: 2 });
    expect(touchedBytes([load(64, 16), load(64, 16)])).toEqual({ bytes: 16, sectors: 1 });
  });

  it('skips invocations that loaded nothing (untraced or idle)', () => {
    const idle = synthetic((_, lid) =>
      lid < 40 ? [{ buffer: 0, offset: 4 * lid, width: 4 }] : [],
    );
    expect(parseTrace(idle, layout)).toHaveLength(80);
    expect(ratio(idle)).toBe(1);
  });
});

describe('barriers', () => {
  it('counts each workgroup once (its invocation that passed the most), all and in the loop', () => {
    // Workgroup 0: 14 barriers, 6 between weight loads (lane 63 passed one fewer in the loop);
    // workgroup 1: 6 and 0, as a kernel that reduces once after its loop.
    const words = synthetic(
      (_, lid) => [{ buffer: 0, offset: 16 * lid, width: 16 }],
      layout,
      (wg, lid) => (wg === 0 ? [14, lid === 63 ? 5 : 6] : [6, 0]),
    );
    const trace = parseTrace(words, layout);
    expect(trace[0]?.barriers).toBe(14);
    expect(trace[0]?.loopBarriers).toBe(6);
    expect(barriersExecuted(trace)).toEqual({ all: 20, loop: 6 });
  });

  it('puts trace_barrier() before every workgroupBarrier() statement', () => {
    const code = 'if (a) {\n  workgroupBarrier();\n}\nworkgroupBarrier ( ) ;\nstorageBarrier();';
    expect(traceBarriers(code)).toBe(
      'if (a) {\n  trace_barrier(); workgroupBarrier();\n}\ntrace_barrier(); workgroupBarrier();\nstorageBarrier();',
    );
  });
});

describe('the instrumented build', () => {
  const buffers = [
    { name: 'weights', id: 0, elementBytes: 16, componentBytes: 4 },
    { name: 'x', id: 1, elementBytes: 16 },
  ];

  it('routes every load of a traced buffer through trace_at, component loads included', () => {
    const code = 'let a = weights[i + x[j].x][c]; let b = xq[2u]; let d = max_x[1u];';
    const out = traceLoads(code, buffers);
    expect(out).toBe(
      'let a = weights[trace_at_component(0u, i + x[trace_at(1u, j, 16u)].x, 16u, c, 4u)][c]; let b = xq[2u]; let d = max_x[1u];',
    );
  });

  it('adds the builtins the entry point lacks, calls trace_begin first, keeps directives first', () => {
    const code = `enable f16;
// a comment with an unbalanced x[
@compute @workgroup_size(64)
fn main(@builtin(workgroup_id) wid: vec3<u32>) {
  y[0] = x[1u].x;
}`;
    const out = instrument(code, 'main', [{ name: 'x', id: 0, elementBytes: 16 }], {
      ...layout,
      buffers: 1,
    });
    expect(out.startsWith('enable f16;')).toBe(true);
    // 1 load count + 1 buffer's bytes + 2 barrier counts + 4 loads × 2 words.
    expect(out).toContain('const TRACE_STRIDE: u32 = 12u;');
    expect(out).toContain('@builtin(local_invocation_index) trace_lid: u32');
    expect(out).toContain('@builtin(num_workgroups) trace_nwg: vec3<u32>');
    expect(out).toContain(
      'trace_begin(wid.x + wid.y * trace_nwg.x + wid.z * trace_nwg.x * trace_nwg.y, trace_lid);',
    );
    expect(out).toContain('y[0] = x[trace_at(0u, 1u, 16u)].x;');
  });

  it('refuses buffer ids that are not 0 … buffers − 1', () => {
    expect(() =>
      instrument('fn main() {}', 'main', [{ name: 'x', id: 1, elementBytes: 4 }], {
        ...layout,
        buffers: 1,
      }),
    ).toThrow(/ids/);
  });
});
