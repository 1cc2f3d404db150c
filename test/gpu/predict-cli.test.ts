// `npm run predict`, built as users run it (vite.cli.config.ts, once per test run) and spawned.

import { describe, expect, it } from 'vitest';
import type { PredictJson } from '../../src/cli/render/report-json';
import { getGpu } from '../../src/model/hardware/gpus';
import { CHAPTER_A100_LLAMA3_8B_FP16 } from '../../src/model/predict/chapter';
import { sampleDocument } from '../fixtures/results';
import { builtCli, expectOneLineError } from './built-cli';

const { run, file, path: inWork } = builtCli('predict');

const llama8bFp16 = ['--model', 'llama-3-8b', '--weights', 'fp16'];

const isRange = (r: { expected: number; low: number; high: number }) =>
  Number.isFinite(r.expected) && r.low <= r.expected && r.expected <= r.high && r.low > 0;

describe('npm run predict', () => {
  it('--gpu a100 llama-3-8b fp16 --json: decode between the A100 bandwidth floor and the chapter’s 30 ms', () => {
    const result = run(['--gpu', 'a100', ...llama8bFp16, '--json']);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    const r = JSON.parse(result.stdout) as PredictJson;
    expect(r).toMatchObject({
      model: 'llama-3-8b',
      weights: 'fp16',
      bitsPerWeight: 16,
      source: 'spec',
      runtime: 'native',
      gpuId: 'a100-80g-sxm',
      promptTokens: 512,
      outputTokens: 256,
      batch: 1,
    });
    if (r.decode === null || r.prefill === null || r.e2eMs === null || r.verdicts === null) {
      throw new Error('an 8B model fits an A100: times expected');
    }
    // 8.03 B parameters, 2 bytes each.
    expect(r.weightBytes / 1e9).toBeCloseTo(16.06, 1);
    expect(r.kvBytes).toBeGreaterThan(0);
    for (const range of [
      r.decode.msPerToken,
      r.decode.tokensPerSecond,
      r.prefill.ttftMs,
      r.prefill.tokensPerSecond,
      r.e2eMs,
    ]) {
      expect(isRange(range), JSON.stringify(range)).toBe(true);
    }
    const floorMs = r.weightBytes / (getGpu('a100').bandwidthGBps * 1e6);
    expect(r.a100.floorMsPerToken).toBeGreaterThan(floorMs * 0.9);
    const chapterMax = CHAPTER_A100_LLAMA3_8B_FP16.scenarios[0]?.itlMs.max;
    expect(chapterMax).toBe(30);
    expect(r.decode.msPerToken.expected).toBeGreaterThan(r.a100.floorMsPerToken);
    expect(r.decode.msPerToken.expected).toBeLessThan(30);
    expect(r.decode.tokensPerSecond.expected).toBeCloseTo(1000 / r.decode.msPerToken.expected, 6);
    // E2E is the chapter's formula.
    expect(r.e2eMs.expected).toBeCloseTo(
      r.prefill.ttftMs.expected + 255 * r.decode.msPerToken.expected,
      6,
    );
    // An "80 GB" A100 holds 80 GiB.
    expect(r.memory).toMatchObject({ capacityBytes: 80 * 2 ** 30, fits: true });
    // The engine fields: the engine, TP, whether it fits, and the engine's held-out figures.
    expect(r).toMatchObject({ engine: 'native', tp: 1, fits: true, doesNotFit: null });
    expect(r.needGB).toBeCloseTo(r.memory.totalBytes / 2 ** 30, 6);
    expect(r.calibration?.n).toBeGreaterThan(10);
    for (const k of ['mape', 'coverage', 'width'] as const) {
      expect(Number.isFinite(r.calibration?.[k]), k).toBe(true);
    }
    expect(r.a100.chapter).toMatchObject({ itlMs: { min: 22, max: 30 } });
    expect(r.a100.chapter?.label).toMatch(/chapter/);
    expect(r.a100.explanation).toMatch(/22–30 ms\/token/);
    expect(r.verdicts.sla.find((v) => v.id === 'chat')?.overall).toBe('meets');
    expect(r.assumptions.length).toBeGreaterThan(2);
    expect(r.assumptions.every((a) => typeof a === 'string' && a.length > 0)).toBe(true);
  });

  it('prints a readable table by default, with the chapter’s numbers labelled as the chapter’s', () => {
    const result = run(['--gpu', 'a100', ...llama8bFp16]);
    expect(result.status).toBe(0);
    const out = result.stdout;
    for (const pattern of [
      /^Llama 3 8B · fp16 \(16 bits\/weight\) on NVIDIA A100 80GB SXM$/m,
      /decode ITL\s+\d+\.\d+ ms\/token \(/,
      /decode rate\s+\d+\.\d+ tokens\/s/,
      /TTFT\s+\d/,
      /E2E\s+\d/,
      /Memory: weights 15\.0 GB .* of 80\.0 GB \(GB as on the label, GiB\): fits/,
      /spec mode \(datasheet\), engine "native" \(native\)/,
      /calibration \(held out by source and GPU family: [^)]*\): decode MAPE \d+ %/,
      /Latency–throughput/,
      /ITL as the context grows/,
      /interactive chat\s+< 500 ms\s+< 50 ms/,
      /code completion\s+< 200 ms\s+< 30 ms/,
      /Perception .*first token/,
      /A100 bandwidth floor\s+7\.\d+/,
      /A100 as the chapter reports it \(single user, batch = 1\)\s+22–30\s+120–200 ms/,
      /reported by the chapter/,
      /The chapter's 22–30 ms\/token is .* both are shown\./,
      /Assumptions:/,
    ]) {
      expect(out).toMatch(pattern);
    }
  });

  it('a datasheet and the browser runtime: slower than native on the same numbers, capacity unknown', () => {
    const sheet = ['--bandwidth-gbps', '400', '--tflops', '14.2', '--weights', 'int4'];
    const args = ['--model', 'llama-3-8b', ...sheet, '--json'];
    const native = JSON.parse(run(args).stdout) as PredictJson;
    const browser = JSON.parse(
      run([...args, '--runtime', 'browser', '--fp32-tflops', '14.2']).stdout,
    ) as PredictJson;
    expect(native).toMatchObject({ source: 'spec', runtime: 'native', gpuId: 'datasheet' });
    expect(browser).toMatchObject({ runtime: 'browser', engine: 'browser' });
    expect(browser.decode?.msPerToken.expected).toBeGreaterThan(
      native.decode?.msPerToken.expected ?? Number.POSITIVE_INFINITY,
    );
    expect(native.memory.fits).toBeNull();
    // The chapter's int4 row is AWQ; it is shown, labelled, as the nearest it gives.
    expect(native.a100.chapter?.itlMs).toEqual({ min: 19, max: 22 });
  });

  it('--gpu bogus exits 2 and lists the choices, without a stack trace', () => {
    const result = run(['--gpu', 'bogus', ...llama8bFp16]);
    expect(result.status).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/Unknown GPU "bogus"; choose one of a100-80g-sxm, .*rtx-4090/);
    expect(result.stderr).toMatch(/Usage: npm run predict --/);
    expect(result.stderr).not.toMatch(/^\s+at /m);
  });

  it('--from a malformed JSON file: one line, exit 1', () => {
    const path = file('malformed.json', '{"schemaVersion": 1, ');
    expectOneLineError(run(['--from', path, ...llama8bFp16]), /results file .* is not valid JSON/);
  });

  it('--from a document with the wrong schemaVersion: one line naming the problem, exit 1', () => {
    const path = file('v99.json', JSON.stringify({ ...sampleDocument(), schemaVersion: 99 }));
    expectOneLineError(
      run(['--from', path, ...llama8bFp16]),
      /Not a valid webgpu-roofline results document: document\.schemaVersion is 99/,
    );
  });

  it('--from a missing file: one line, exit 1', () => {
    expectOneLineError(
      run(['--from', inWork('missing.json'), ...llama8bFp16]),
      /^error: cannot read results file .*missing\.json: no such file\n$/,
    );
  });

  it('--from a valid document without GEMV rows: source "measured", with the roofline fallback said', () => {
    const path = file('results.json', JSON.stringify(sampleDocument()));
    const result = run(['--from', path, ...llama8bFp16, '--json']);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    const r = JSON.parse(result.stdout) as PredictJson;
    expect(r).toMatchObject({ source: 'measured', rooflineFallback: true, runtime: null });
    expect(r.gpu).toMatch(/SwiftShader/);
    expect(r.assumptions.join('\n')).toMatch(/fell back to the roofline/);
    expect(r.assumptions.join('\n')).toMatch(/software adapter .* a CPU's numbers/);
    expect(r.notes.join('\n')).toMatch(/no verified GEMV rows for fp16 at M=1/);
    expect(r.memory.fits).toBeNull();
    expect(r.memory.note).toMatch(/WebGPU does not report/);
    // β = 2 GB/s in the fixture: reading 15 GB of weights takes seconds, not milliseconds.
    if (r.decode === null || r.e2eMs === null) throw new Error('capacity unknown: times expected');
    expect(r.decode.msPerToken.expected).toBeGreaterThan(r.decode.floorMsPerToken);
    expect(r.decode.floorMsPerToken).toBeGreaterThan(5000);
    expect(isRange(r.e2eMs)).toBe(true);
    // The batch curve never gets faster per step, and says which points are the roofline's.
    const curve = r.latencyThroughput;
    for (let i = 1; i < curve.length; i++) {
      expect(curve[i]?.msPerToken.expected).toBeGreaterThanOrEqual(
        curve[i - 1]?.msPerToken.expected ?? 0,
      );
    }
    expect(curve.some((c) => c.source === 'roofline')).toBe(true);
    // The A100 is still set beside it.
    expect(r.a100.chapter?.itlMs).toEqual({ min: 22, max: 30 });

    const table = run(['--from', path, ...llama8bFp16]);
    expect(table.status).toBe(0);
    expect(table.stdout).toMatch(/measured mode \(results document\), partly from the roofline/);
    expect(table.stdout).toMatch(/fits: unknown/);
    expect(table.stdout).toMatch(/this prediction \(measured\)/);
  });

  it('--engine, --tp and --json: Llama-3-70B fp16 does not fit one A100, fits at --tp 2', () => {
    const args = ['--model', 'llama-3-70b', '--weights', 'fp16', '--gpu', 'a100', '--json'];
    const one = JSON.parse(run([...args, '--engine', 'vllm']).stdout) as PredictJson;
    expect(one).toMatchObject({ engine: 'vllm', tp: 1, fits: false, decode: null, verdicts: null });
    expect(one.needGB).toBeGreaterThan(80);
    expect(one.doesNotFit).toMatchObject({ fitsAtTp: 2, fitsAsFormat: 'int8' });
    expect(one.doesNotFit?.text).toMatch(
      /^does not fit: needs 1\d\d\.\d GB of 80 GB \(2 GPUs at --tp 2, or format int8\)$/,
    );
    const two = JSON.parse(run([...args, '--engine', 'vllm', '--tp', '2']).stdout) as PredictJson;
    expect(two).toMatchObject({ engine: 'vllm', tp: 2, fits: true, doesNotFit: null });
    expect(isRange(two.decode?.msPerToken ?? { expected: 0, low: 0, high: 0 })).toBe(true);
    // The A100 contrast is the chapter's 8×A100 TP = 8 row, beside an 8×A100 prediction.
    expect(two.a100).toMatchObject({ tp: 8, chapter: { itlMs: { min: 80, max: 120 }, tp: 8 } });
    expect(two.a100.chapter?.label).toMatch(/70B, 8× A100, TP = 8/);

    const table = run(['--model', 'llama-3-70b', '--weights', 'fp16', '--gpu', 'a100']);
    expect(table.status).toBe(0);
    expect(table.stdout).toMatch(/^does not fit: needs .* \(2 GPUs at --tp 2, or format int8\)$/m);
    expect(table.stdout).toMatch(/No SLA verdicts: the model does not fit/);
    expect(table.stdout).toMatch(/8× A100 as the chapter reports it\s+80–120/);
  });

  it('usage errors exit 2: a TP that does not split the heads, a prompt beyond the context limit', () => {
    const tp3 = run([...llama8bFp16, '--gpu', 'a100', '--tp', '3']);
    expect(tp3.status).toBe(2);
    expect(tp3.stderr).toMatch(
      /^--tp 3: Llama 3 8B's 32 attention heads do not split evenly over 3 GPUs\./,
    );
    const long = run([...llama8bFp16, '--gpu', 'a100', '--prompt', '8192']);
    expect(long.status).toBe(2);
    expect(long.stderr).toMatch(/exceed Llama 3 8B's context limit of 8192 tokens/);
    expect(long.stdout).toBe('');
  });
});
