// The runner on a real adapter: whole plans, wrong answers, cancel, device loss, out of memory.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeDispatchCost } from '../../src/bench/decode';
import { buildPlan, QUICK_DECODE, QUICK_TIMING } from '../../src/bench/plan';
import { BenchRunner } from '../../src/bench/runner';
import { terminalStatus } from '../../src/cli/render/table';
import { describeShape } from '../../src/core/describe';
import { FORMAT_IDS } from '../../src/core/formats';
import { validateResults } from '../../src/core/results';
import { BufferLedger } from '../../src/gpu/buffers';
import type { GpuContext } from '../../src/gpu/device';
import { GpuError, isGpuError } from '../../src/gpu/errors';
import { createComputePipeline } from '../../src/gpu/pipeline';
import { ClockQuantum, createTimer, type SubmitTimer } from '../../src/gpu/timer';
import { bandwidthCase } from '../../src/kernels/bandwidth';
import { fmaCase } from '../../src/kernels/fma';
import { GEMV_VARIANTS, gemvCase, gemvXForm } from '../../src/kernels/gemv';
import { type KernelCase, variantNamed } from '../../src/kernels/types';
import { summarizeRun } from '../../src/model/measured/run-summary';
import { rowStatus } from '../../src/share/result-columns';
import { FAST_TIMING, testGpu } from './context';

const QUICK_GEMV_ORDER = [
  QUICK_DECODE.format,
  ...FORMAT_IDS.filter((f) => f !== QUICK_DECODE.format),
];

const RUNTIME = { kind: 'node' as const, description: 'vitest' };

let gpu: GpuContext;

beforeAll(async () => {
  gpu = await testGpu();
});

afterAll(() => gpu?.destroy());

/** y = x + 1 on the GPU, while its "reference" expects x + 2: a kernel that is wrong on purpose. */
function brokenKernel(): KernelCase {
  const n = 1024;
  return {
    kernel: 'copy',
    variant: 'deliberately-broken',
    format: 'u32',
    shape: { n },
    bytes: 8 * n,
    flops: 0,
    label: 'broken',
    async prepare({ device, buffers }) {
      const pipeline = await createComputePipeline(device, {
        label: 'broken',
        entryPoint: 'main',
        code: `@group(0) @binding(0) var<storage, read> x: array<u32>;
               @group(0) @binding(1) var<storage, read_write> y: array<u32>;
               @compute @workgroup_size(64) fn main(@builtin(global_invocation_id) g: vec3<u32>) {
                 y[g.x] = x[g.x] + 1u;
               }`,
      });
      const input = Uint32Array.from({ length: n }, (_, i) => i);
      const x = await buffers.createFrom('x', input);
      const y = await buffers.create('y', 4 * n, GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_SRC);
      const bindGroup = device.createBindGroup({
        layout: pipeline.getBindGroupLayout(0),
        entries: [
          { binding: 0, resource: { buffer: x } },
          { binding: 1, resource: { buffer: y } },
        ],
      });
      return {
        encode(pass) {
          pass.setPipeline(pipeline);
          pass.setBindGroup(0, bindGroup);
          pass.dispatchWorkgroups(n / 64);
        },
        async verify() {
          const out = new Uint32Array(await buffers.read(y));
          const bad = out.findIndex((v, i) => v !== i + 2);
          return bad < 0
            ? { ok: true }
            : { ok: false, detail: `[${bad}] got ${out[bad]}, expected ${bad + 2}` };
        },
      };
    },
  };
}

/** The adapter's own timer, each submit's time passed through `change` (the GPU still runs it). */
function realTimerTimes(change: (ms: number) => number): SubmitTimer {
  const real = createTimer(gpu.device, gpu.timing);
  return {
    mode: real.mode,
    time: async (encode, submits, expectedMs) =>
      change(await real.time(encode, submits, expectedMs)),
    quantumMs: () => real.quantumMs(),
    destroy: () => real.destroy(),
  };
}

/**
 * A GPU timestamp timer quantized as Dawn's and Chrome's are: each submit runs on the GPU, but
 * its pass reads synthetic stamps — a clock that advances `dispatchMs` a dispatch (and an odd
 * 12.345 µs between passes), each stamp rounded down to a multiple of `quantumMs` — and the step
 * is read from them by the real timer's ClockQuantum.
 */
function quantizedTimer(dispatchMs: number, quantumMs: number): SubmitTimer {
  const real = createTimer(gpu.device, gpu.timing);
  const quantum = new ClockQuantum();
  const step = BigInt(Math.round(quantumMs * 1e6));
  let clockNs = 1_000_000_007n;
  return {
    mode: 'timestamp-query',
    time: async (encode, submits) => {
      const perPass: number[] = [];
      await real.time((pass, i) => {
        perPass[i] = 0;
        encode(
          countingPass(pass, () => (perPass[i] = (perPass[i] ?? 0) + 1)),
          i,
        );
      }, submits);
      let totalNs = 0n;
      for (const dispatches of perPass) {
        clockNs += 12_345n;
        const begin = (clockNs / step) * step;
        clockNs += BigInt(Math.round(dispatches * dispatchMs * 1e6));
        const end = (clockNs / step) * step;
        quantum.observe(begin);
        quantum.observe(end);
        totalNs += end - begin;
      }
      return Number(totalNs) / 1e6;
    },
    quantumMs: () => quantum.ms,
    destroy: () => real.destroy(),
  };
}

/** `pass`, calling `onDispatch` at each dispatchWorkgroups. */
function countingPass(pass: GPUComputePassEncoder, onDispatch: () => void): GPUComputePassEncoder {
  return new Proxy(pass, {
    get(target, key) {
      const value = Reflect.get(target, key);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        if (key === 'dispatchWorkgroups') onDispatch();
        return value.apply(target, args);
      };
    },
  });
}

/**
 * A timer that runs each submit on the GPU but reads `ms(dispatches)` for it, the dispatches its
 * passes encoded: times that do not depend on the machine's load.
 */
function dispatchTimer(ms: (dispatches: number) => number): SubmitTimer {
  const real = createTimer(gpu.device, gpu.timing);
  return {
    mode: real.mode,
    time: async (encode, submits) => {
      let dispatches = 0;
      await real.time(
        (pass, i) =>
          encode(
            countingPass(pass, () => dispatches++),
            i,
          ),
        submits,
      );
      return ms(dispatches);
    },
    quantumMs: () => 0,
    destroy: () => real.destroy(),
  };
}

describe('a whole plan', () => {
  it('the Quick plan runs, verifies every kernel and yields a valid document', async () => {
    const plan = buildPlan('quick', {
      limits: gpu.grantedLimits,
      hasF16: gpu.hasF16,
      hasDp4a: gpu.hasDp4a,
    });
    plan.timing = FAST_TIMING;
    const runner = new BenchRunner(gpu);
    const seen: string[] = [];
    const doc = await runner.runPlan(plan, RUNTIME, { onResult: (r) => seen.push(r.kernel) });
    runner.destroy();

    expect(validateResults(JSON.parse(JSON.stringify(doc)))).toEqual(doc);
    expect(doc.incomplete).toBeUndefined();
    expect(doc.results.map((r) => r.kernel)).toEqual(seen);
    expect(doc.results.filter((r) => !r.verified)).toEqual([]);
    for (const kernel of ['read', 'copy', 'write', 'fma', 'gemv', 'gemm'] as const) {
      expect(doc.results.some((r) => r.kernel === kernel)).toBe(true);
    }
    // GEMV/GEMM rows sit on this run's roofline; the variant choice is recorded.
    for (const row of doc.results.filter((r) => r.kernel === 'gemv' || r.kernel === 'gemm')) {
      expect(row.intensity).toBeCloseTo(row.flops / row.bytes, 9);
      expect(row.rooflineEfficiency).toBeGreaterThan(0);
    }
    // Every format tuned apart: GEMV per shape class, GEMM per regime of M.
    expect(doc.tuning?.map((t) => t.family)).toEqual([
      'read',
      // The decode's format first: a short tuning budget is spent on it.
      'gemv int4 small-N',
      ...FORMAT_IDS.filter((f) => f !== 'int4').map((format) => `gemv ${format} small-N`),
      'gemm f32 M≤16',
      'gemm f32 M>16',
      'gemm int4 M≤16',
      'gemm int4 M>16',
      'gemv int4 large-N',
      'gemv int4 large-K',
      'gemv int4 head',
    ]);
    // The whole-model decode run: verified, timed, beside its prediction from these rows.
    expect(doc.decode).toHaveLength(1);
    const run = doc.decode?.[0];
    expect(run?.error).toBeUndefined();
    expect(run?.verified).toBe(true);
    expect(run?.layers).toBe(2);
    expect(run?.totalLayers).toBe(30);
    // Each matrix ran the tuner's winner for int4 and its shape class, and each GEMV row of the
    // decode's matrices ran that same variant.
    const chosen = (c: string) => doc.tuning?.find((t) => t.family === `gemv int4 ${c}`)?.chosen;
    expect(run?.gemvVariants?.map((c) => c.variant)).toEqual(
      run?.gemvVariants?.map((c) => chosen(c.shapeClass)),
    );
    for (const c of run?.gemvVariants ?? []) {
      const row = doc.results.find(
        (r) => r.kernel === 'gemv' && r.format === 'int4' && r.shape.n === c.n && r.shape.k === c.k,
      );
      expect(row?.variant).toBe(c.variant);
    }
    // embed + 2 × (2 norms, 4 GEMVs, RoPE, KV append, 2 attention, SiLU·mul, 2 residuals) +
    // norm, head, argmax (as test/gpu/decode.test.ts counts them), and a dispatch before each
    // GEMV that reads x in f16 or int8.
    const staged = (run?.gemvVariants ?? []).map(
      (c) => gemvXForm(variantNamed(GEMV_VARIANTS, c.variant)) !== 'f32',
    );
    const perLayer = staged.slice(0, 4).filter(Boolean).length;
    expect(run?.dispatchesPerToken).toBe(1 + 2 * (13 + perLayer) + 3 + (staged[4] ? 1 : 0));
    expect(run?.medianMs).toBeGreaterThan(0);
    expect(run?.predictedMs).toBeGreaterThan(0);
    expect(run?.ratio).toBeCloseTo((run?.medianMs ?? 0) / (run?.predictedMs ?? 1), 9);
    expect(run?.floorMs).toBeLessThan(run?.predictedMs ?? 0);
    // The same on minimums: the fastest token, at most the median, beside a prediction from minimums.
    expect(run?.minMs).toBeLessThanOrEqual(run?.medianMs ?? 0);
    expect(run?.predictedMinMs).toBeLessThanOrEqual(run?.predictedMs ?? 0);
    expect(run?.minRatio).toBeCloseTo((run?.minMs ?? 0) / (run?.predictedMinMs ?? 1), 9);
    for (const t of doc.tuning ?? []) {
      expect(t.candidates.map((c) => c.variant)).toContain(t.chosen);
      // The fastest sample decides; every candidate verified and was timed.
      const times = t.candidates.map((c) => c.minMs ?? Number.NaN);
      for (const ms of times) expect(ms).toBeGreaterThan(0);
      expect(t.candidates.find((c) => c.variant === t.chosen)?.minMs).toBe(Math.min(...times));
    }
    // Each read row ran the variant the tuning chose.
    const readChoice = doc.tuning?.find((t) => t.family === 'read')?.chosen;
    for (const row of doc.results.filter((r) => r.kernel === 'read'))
      expect(row.variant).toBe(readChoice);
    const summary = summarizeRun(doc);
    expect(summary.dramReadGbps).toBeGreaterThan(0);
    expect(summary.computePeakGflops.f32).toBeGreaterThan(0);
    expect(runner.ledger.liveCount).toBe(0);
    // The tuner tries every GEMV variant, the tile ones too: minutes on a loaded software adapter.
  }, 300_000);
});

describe('tuning', () => {
  it('stops sampling a case already slower than abandonAboveMs, after verifying it', async () => {
    const runner = new BenchRunner(gpu);
    const kcase = bandwidthCase('read', 256 * 1024, { targetBytesPerDispatch: 1 << 20 });
    const full = await runner.runCase(kcase, FAST_TIMING);
    const cut = await runner.runCase(kcase, FAST_TIMING, undefined, full.minMs / 100);
    const broken = await runner.runCase(brokenKernel(), FAST_TIMING, undefined, 0);
    runner.destroy();
    expect(full.samples).toBeGreaterThanOrEqual(FAST_TIMING.samples);
    expect(cut.verified).toBe(true);
    expect(cut.samples).toBe(1);
    expect(cut.minMs).toBe(cut.medianMs);
    expect(cut.minMs).toBeGreaterThan(0);
    // Verification still comes first: a wrong kernel is a failed row, not a time.
    expect(broken.verified).toBe(false);
  });

  it('looks again, warm, before abandoning a case whose first timed dispatches were cold', async () => {
    // 1 ms a dispatch, whatever the machine's load, and 50× that in the first two submits (the
    // warm-up and the first timed one), as a CPU adapter's are while it faults in the rotation's
    // copies: the first look reads 5× the bar of 10 ms, the second 1 ms.
    let calls = 0;
    const coldStart = dispatchTimer((dispatches) => dispatches * (++calls <= 2 ? 50 : 1));
    const kcase = bandwidthCase('read', 256 * 1024, { targetBytesPerDispatch: 1 << 20 });
    const runner = new BenchRunner(gpu, { timer: coldStart });
    const row = await runner.runCase(kcase, FAST_TIMING, undefined, 10);
    runner.destroy();
    expect(calls).toBeGreaterThan(4); // two looks, then samples
    expect(row.verified).toBe(true);
    expect(row.samples).toBeGreaterThanOrEqual(FAST_TIMING.samples); // sampled, not abandoned
    expect(row.minMs).toBe(1);
  });

  it('abandons after one look a case slower than any cold start explains', async () => {
    // Every submit reads 1000 ms: long enough that one timed submit ends a look's calibration,
    // whatever this machine's load, so each look is two submits (its warm-up and one timed).
    let calls = 0;
    const second = realTimerTimes(() => {
      calls++;
      return 1000;
    });
    const kcase = bandwidthCase('read', 64 * 1024, { targetBytesPerDispatch: 1 << 18 });
    const runner = new BenchRunner(gpu, { timer: second });
    // 100× its bar: one look; 4× its bar, within what a cold start can be: a second, warm look
    const far = await runner.runCase(kcase, FAST_TIMING, undefined, 10);
    const farCalls = calls;
    calls = 0;
    const near = await runner.runCase(kcase, FAST_TIMING, undefined, 250);
    runner.destroy();
    expect([far.verified, near.verified]).toEqual([true, true]);
    expect([far.samples, near.samples]).toEqual([1, 1]);
    expect([farCalls, calls]).toEqual([2, 4]);
  });
});

describe('timers', () => {
  it('idle through the time they are told to expect on GPU timestamps, never on the wall clock', async () => {
    // An empty pass: its GPU time is next to nothing, so any idle counted in it would show.
    const emptyPass = () => {};
    const wallTime = async (timer: SubmitTimer, expectedMs: number) => {
      const t0 = performance.now();
      const gpuMs = await timer.time(emptyPass, 1, expectedMs);
      return { gpuMs, wallMs: performance.now() - t0 };
    };
    expect(gpu.timing).toBe('timestamp-query');
    const stamps = createTimer(gpu.device, 'timestamp-query');
    const wall = createTimer(gpu.device, 'wall-clock');
    const idled = await wallTime(stamps, 400);
    const clock = await wallTime(wall, 400);
    stamps.destroy();
    wall.destroy();
    // waited on a timer for most of what it was told…
    expect(idled.wallMs).toBeGreaterThanOrEqual(0.8 * 400 - 5);
    // …and read only the GPU's time, not the wait
    expect(idled.gpuMs).toBeLessThan(100);
    // the wall clock reads its own wait, so it never idles
    expect(clock.gpuMs).toBeLessThan(100);
  });

  it('read their own step: the stamps’ common divisor, the wall clock’s resolution', async () => {
    const stamps = createTimer(gpu.device, 'timestamp-query');
    for (let i = 0; i < 4; i++) await stamps.time(() => {}, 2);
    // Dawn in Node runs with timestamp quantization off (src/gpu/node.ts): ns, not 65.5 µs.
    expect(stamps.quantumMs()).toBeGreaterThan(0);
    expect(stamps.quantumMs()).toBeLessThan(0.01);
    stamps.destroy();
    const wall = createTimer(gpu.device, 'wall-clock');
    expect(wall.quantumMs()).toBeGreaterThan(0);
    expect(wall.quantumMs()).toBeLessThan(0.1);
    wall.destroy();
    const q = new ClockQuantum();
    for (const ns of [65_536n * 7n, 65_536n * 12n, 65_536n * 1_000_003n]) q.observe(ns);
    expect(q.ms).toBe(0.065536);
  });

  it('a timer quantized to 100 µs still gives 5 µs dispatches and the dispatch cost within 2 %', async () => {
    const timer = quantizedTimer(0.005, 0.1);
    const runner = new BenchRunner(gpu, { timer });
    const kcase = gemvCase('f32', 64, 128, variantNamed(GEMV_VARIANTS, 'rows4-wg64'), {
      rotationBytes: 0,
      maxBindingBytes: 1 << 30,
    });
    const row = await runner.runCase(kcase, FAST_TIMING);
    expect(row.verified).toBe(true);
    expect(Math.abs(row.medianMs / 0.005 - 1)).toBeLessThan(0.02);
    // Each timed pass is at least 100 of the timer's steps, and the row says how many.
    expect(row.passQuanta).toBeGreaterThanOrEqual(100);
    expect(runner.timerQuantumMs()).toBeCloseTo(0.1, 9);
    // The decode run's dispatch probe: 64 dispatches (0.32 ms) would read 0.3 or 0.4 ms.
    const prepared = await kcase.prepare({ device: gpu.device, buffers: runner.ledger });
    const program = async (count: number) => ({
      dispatches: count,
      encode(pass: GPUComputePassEncoder) {
        for (let i = 0; i < count; i++) prepared.encode(pass, 0);
      },
    });
    const probe = await probeDispatchCost(timer, program);
    expect(probe.dispatches * 0.005).toBeGreaterThanOrEqual(100 * 0.1);
    for (const ms of probe.perDispatchMs) expect(Math.abs(ms / 0.005 - 1)).toBeLessThan(0.02);
    runner.destroy();
  });
});

describe('repeated runs', () => {
  const RUNS = 10;

  // Each submit runs on the GPU but reads 1 ms per dispatch it encoded: whatever the machine's
  // load, a run whose bookkeeping is right reports exactly 1 ms per dispatch, every time. (How
  // much real medians agree run to run is the benches' question: bench:against, docs/MEASURING.md.)
  it('ten runs in a row leave no buffer behind and report each dispatch’s own time', async () => {
    const plan = {
      name: 'quick' as const,
      timing: QUICK_TIMING,
      cases: [
        bandwidthCase('read', 256 * 1024, { targetBytesPerDispatch: 1 << 20 }),
        fmaCase('f32', 4096, 64),
      ],
    };
    for (let run = 0; run < RUNS; run++) {
      const runner = new BenchRunner(gpu, { timer: dispatchTimer((dispatches) => dispatches) });
      const doc = await runner.runPlan(plan, RUNTIME);
      runner.destroy();
      expect(runner.ledger.liveCount).toBe(0);
      expect(runner.ledger.created).toBe(runner.ledger.destroyed);
      expect(doc.results).toHaveLength(plan.cases.length);
      for (const row of doc.results) {
        expect(row.verified).toBe(true);
        expect(row.medianMs).toBeCloseTo(1, 9);
        expect(row.minMs).toBeCloseTo(1, 9);
        expect(row.maxMs).toBeCloseTo(1, 9);
        expect(row.noisy).toBe(false);
        expect(row.samples).toBe(QUICK_TIMING.samples);
      }
    }
  });
});

describe('watchdog safety', () => {
  it('a slow kernel is split into one dispatch per submit; a fast one is packed within the budget', async () => {
    const runner = new BenchRunner(gpu);
    // 268 M FLOPs per dispatch: longer than a 2 ms submit budget on these CPU adapters, and well
    // under a second even on a loaded machine, so a 1 s sample takes several submits.
    const timing = { samples: 2, sampleTargetMs: 1000, submitBudgetMs: 2 };
    const slow = await runner.runCase(fmaCase('f32', 1 << 15, 512), timing);
    expect(slow.verified).toBe(true);
    expect(slow.medianMs).toBeGreaterThan(timing.submitBudgetMs);
    expect(slow.dispatchesPerSubmit).toBe(1);
    expect(slow.submitsPerSample).toBeGreaterThan(1);
    const roomy = { ...timing, submitBudgetMs: 40 };
    const fast = await runner.runCase(
      bandwidthCase('read', 64 * 1024, { targetBytesPerDispatch: 64 * 1024 }),
      roomy,
    );
    expect(fast.verified).toBe(true);
    expect(fast.dispatchesPerSubmit).toBeGreaterThan(1);
    // How many fit is planRepetitions' job (unit-tested); timing here would make this flaky.
    runner.destroy();
  });
});

describe('failures', () => {
  it('a kernel whose output is wrong is reported as failed and never timed', async () => {
    const runner = new BenchRunner(gpu);
    const row = await runner.runCase(brokenKernel(), FAST_TIMING);
    runner.destroy();
    expect(row.verified).toBe(false);
    expect(row.error).toMatch(/did not match the CPU reference.*got 1, expected 2/);
    expect(row.medianMs).toBe(0);
    expect(row.gbps).toBe(0);
    expect(row.samples).toBe(0);
  });

  it('a noisy result is sampled again, then flagged noisy', async () => {
    // A timer whose samples swing ×3 (the kernel still runs on the GPU for each one).
    let calls = 0;
    const swinging = realTimerTimes((ms) => (++calls % 2 === 0 ? ms * 3 : ms));
    const runner = new BenchRunner(gpu, { timer: swinging });
    const row = await runner.runCase(
      bandwidthCase('read', 64 * 1024, { targetBytesPerDispatch: 1 << 20 }),
      FAST_TIMING,
    );
    expect(row.verified).toBe(true);
    expect(row.samples).toBe(2 * FAST_TIMING.samples);
    expect(row.noisy).toBe(true);
    expect(terminalStatus(rowStatus(row))).toMatch(/noisy, spread \d+ %/);
    runner.destroy();
  });

  it('a kernel that never finishes is a failed row after the timeout, and the next one runs', async () => {
    const runner = new BenchRunner(gpu, { waitTimeoutMs: 300 });
    const hung = { ...brokenKernel(), label: 'hung' };
    const real = hung.prepare;
    hung.prepare = async (env) => ({ ...(await real(env)), verify: () => new Promise(() => {}) });
    const row = await runner.runCase(hung, FAST_TIMING);
    expect(row.verified).toBe(false);
    expect(row.error).toMatch(/verification did not finish within 0\.3 s/);
    const next = await runner.runCase(
      bandwidthCase('read', 64 * 1024, { targetBytesPerDispatch: 1 << 20 }),
      FAST_TIMING,
    );
    expect(next.verified).toBe(true);
    expect(runner.ledger.liveCount).toBe(0);
    runner.destroy();
  });

  /** A case whose prepare compiles `code` (and would go on to nothing). */
  const compiling = (code: string) => {
    const kcase = { ...brokenKernel(), label: 'bad-wgsl' };
    kcase.prepare = async ({ device }) => {
      await createComputePipeline(device, { label: 'bad-wgsl', code, entryPoint: 'main' });
      throw new Error('unreachable');
    };
    return kcase;
  };

  it('a shader that does not compile is a failed row with the compiler message', async () => {
    const runner = new BenchRunner(gpu);
    const code = '@compute @workgroup_size(1) fn main() { let x: u32 = not_declared; }';
    const row = await runner.runCase(compiling(code), FAST_TIMING);
    runner.destroy();
    expect(row.verified).toBe(false);
    expect(row.error).toMatch(/bad-wgsl failed to compile: .*not_declared/);
  });

  it('text that is not a WGSL module is a failed row, and reaches no compiler', async () => {
    const runner = new BenchRunner(gpu);
    const row = await runner.runCase(compiling('fn main( {'), FAST_TIMING);
    runner.destroy();
    expect(row.error).toMatch(/bad-wgsl failed to compile: WGSL: a \{ is never closed/);
  });

  it('a module that enables what the device lacks is refused before compiling, saying what', async () => {
    const runner = new BenchRunner(gpu);
    // Neither software adapter here grants chromium-experimental-subgroup-matrix.
    const code =
      'enable chromium_experimental_subgroup_matrix;\n@compute @workgroup_size(1) fn main() {}';
    const row = await runner.runCase(compiling(code), FAST_TIMING);
    runner.destroy();
    expect(row.error).toMatch(
      /bad-wgsl needs the feature chromium-experimental-subgroup-matrix, which this device does not grant/,
    );
  });

  it('cancel stops the run, keeps what was measured, and frees every buffer', async () => {
    const plan = buildPlan('quick', { limits: gpu.grantedLimits, hasF16: false });
    plan.timing = FAST_TIMING;
    const runner = new BenchRunner(gpu);
    const abort = new AbortController();
    const doc = await runner.runPlan(plan, RUNTIME, {
      signal: abort.signal,
      onResult: (row) => {
        if (row.kernel === 'copy') abort.abort();
      },
    });
    expect(doc.incomplete).toBe('Cancelled by the user.');
    expect(doc.stopReason).toBe('cancelled');
    const kept = doc.results.filter((r) => r.verified);
    expect(kept.length).toBe(plan.cases.findIndex((c) => c.kernel === 'copy') + 1);
    expect(kept.every((r) => r.kernel === 'read' || r.kernel === 'copy')).toBe(true);
    expect(doc.results.length).toBeLessThan(plan.cases.length);
    expect(runner.ledger.liveCount).toBe(0);
    runner.destroy();
  });

  it('non-default settings: the wall clock, a capped sweep and a pinned variant, recorded', async () => {
    const settings = {
      timer: 'wall-clock',
      maxWorkingSetMiB: 1,
      gemvVariant: 'team8-wg64',
    } as const;
    // No decode run (its model's GEMV rows would join the square ones).
    const plan = buildPlan('quick', { limits: gpu.grantedLimits, hasF16: false }, settings, []);
    plan.timing = FAST_TIMING;
    // Probes and the GEMVs are enough to see each setting at work.
    plan.cases = plan.cases.filter((c) => c.kernel !== 'gemm' && c.kernel !== 'fma');
    const runner = new BenchRunner(gpu, { timing: settings.timer });
    const doc = validateResults(await runner.runPlan(plan, RUNTIME));
    runner.destroy();
    expect(doc.settings).toEqual(settings);
    expect(doc.timing).toBe('wall-clock');
    const reads = doc.results.filter((r) => r.kernel === 'read');
    expect(Math.max(...reads.map((r) => r.shape.workingSetBytes ?? 0))).toBe(1 << 20);
    const gemv = doc.results.filter((r) => r.kernel === 'gemv');
    // The decode run's format first (its tuning gets the budget), then the registry's order.
    expect(gemv.map((r) => r.format)).toEqual(QUICK_GEMV_ORDER);
    expect(gemv.every((r) => r.verified && r.variant === 'team8-wg64')).toBe(true);
  });

  it('out of memory: retried on half the working set until it fits, and the size used is recorded', async () => {
    // An allocator that refuses anything over `limit`, with the error BufferLedger.create raises
    // for an out-of-memory error scope (a real one cannot be provoked on a 24 GB CPU adapter).
    const limited = (c: KernelCase, limit: number): KernelCase => ({
      ...c,
      prepare: async (env) => {
        const size = c.shape.workingSetBytes ?? 0;
        if (size > limit)
          throw new GpuError('out-of-memory', `Could not allocate read-src (${size} bytes).`);
        return c.prepare(env);
      },
      smaller: () => {
        const next = c.smaller?.();
        return next ? limited(next, limit) : null;
      },
    });
    const read = (bytes: number) =>
      bandwidthCase('read', bytes, { targetBytesPerDispatch: 1 << 20 });
    const runner = new BenchRunner(gpu);
    const row = await runner.runCase(limited(read(1 << 20), 256 * 1024), FAST_TIMING);
    expect(row.verified).toBe(true);
    expect(row.shape).toMatchObject({
      workingSetBytes: 256 * 1024,
      requestedWorkingSetBytes: 1 << 20,
    });
    expect(describeShape(row)).toBe('256 KiB (1 MiB ran out of memory)');
    // Nothing fits: halved down to the 64 KiB floor, then a failed row naming the problem.
    const none = await runner.runCase(limited(read(256 * 1024), 0), FAST_TIMING);
    expect(none.verified).toBe(false);
    expect(none.error).toMatch(/Could not allocate read-src \(65536 bytes\)/);
    expect(runner.ledger.liveCount).toBe(0);
    runner.destroy();
  });

  it('an allocation beyond the limits is a clear error, not a crash', async () => {
    const ledger = new BufferLedger(gpu.device);
    const huge = (gpu.grantedLimits.maxBufferSize ?? 0) * 4 + 4;
    const attempt = ledger.create('huge', huge, GPUBufferUsage.STORAGE);
    await expect(attempt).rejects.toSatisfy((e) => isGpuError(e, 'limit-exceeded'));
    await expect(attempt).rejects.toThrow(
      /huge needs \d+ bytes; this device's maxBufferSize is \d+/,
    );
    expect(ledger.liveCount).toBe(0);
  });

  it('a device lost mid-run keeps the rows measured before it and says why it stopped', async () => {
    // A device of its own, so the other tests keep theirs.
    const own = await testGpu();
    const runner = new BenchRunner(own);
    const cases = [256, 512, 1024].map((kib) =>
      bandwidthCase('read', kib * 1024, { targetBytesPerDispatch: 1 << 20 }),
    );
    const doc = await runner.runPlan({ name: 'quick', timing: FAST_TIMING, cases }, RUNTIME, {
      onResult: (row) => {
        if (row.shape.workingSetBytes === 256 * 1024) own.device.destroy();
      },
    });
    expect(doc.results[0]?.verified).toBe(true);
    expect(doc.results[1]?.verified).toBe(false);
    expect(doc.results[1]?.error).toMatch(/lost/i);
    expect(doc.results).toHaveLength(2);
    expect(doc.incomplete).toMatch(/Stopped at read 512 KiB.*lost/);
    expect(doc.stopReason).toBe('device-lost');
    expect(validateResults(doc)).toBe(doc);

    // Resumed on a new device: the row measured before is kept as it was, the rest is measured.
    const fresh = await testGpu();
    const again = new BenchRunner(fresh);
    const resumed = await again.runPlan(
      { name: 'quick', timing: FAST_TIMING, cases },
      RUNTIME,
      {},
      doc,
    );
    expect(resumed.incomplete).toBeUndefined();
    expect(resumed.stopReason).toBeUndefined();
    expect(resumed.results).toHaveLength(3);
    expect(resumed.results.every((r) => r.verified)).toBe(true);
    expect(resumed.results[0]).toBe(doc.results[0]);
    again.destroy();
    fresh.destroy();
  });
});
