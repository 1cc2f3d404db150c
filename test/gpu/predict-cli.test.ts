// `npm run predict`, built as users run it (vite.cli.config.ts) and spawned. It builds into its
// own folder so it never races test/gpu/cli.test.ts, whose build empties dist-cli/.

import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PredictJson } from '../../src/cli/report-json';
import { CHAPTER_A100_LLAMA3_8B_FP16 } from '../../src/model/chapter';
import { getGpu } from '../../src/model/gpus';
import { sampleDocument } from '../fixtures/results';

const work = mkdtempSync(join(tmpdir(), 'roofline-predict-'));
const outDir = join(work, 'dist-cli');

const run = (args: string[]) =>
  spawnSync(process.execPath, [join(outDir, 'predict.js'), ...args], {
    encoding: 'utf8',
    timeout: 60_000,
  });

const llama8bFp16 = ['--model', 'llama-3-8b', '--weights', 'fp16'];

const file = (name: string, text: string) => {
  const path = join(work, name);
  writeFileSync(path, text);
  return path;
};

/** A failure for the user: exit 1, one line on stderr, nothing on stdout, no stack trace. */
function expectOneLineError(result: ReturnType<typeof run>, pattern: RegExp) {
  expect(result.status).toBe(1);
  expect(result.stdout).toBe('');
  expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
  expect(result.stderr).toMatch(pattern);
  expect(result.stderr).not.toMatch(/^\s+at /m);
}

const isRange = (r: { expected: number; low: number; high: number }) =>
  Number.isFinite(r.expected) && r.low <= r.expected && r.expected <= r.high && r.low > 0;

beforeAll(() => {
  execFileSync('npx', ['vite', 'build', '--config', 'vite.cli.config.ts', '--outDir', outDir], {
    stdio: 'ignore',
  });
});

afterAll(() => rmSync(work, { recursive: true, force: true }));

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
    expect(r.memory).toMatchObject({ capacityBytes: 80e9, fits: true });
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
      /Memory: weights 16\.1 GB .* of 80\.0 GB: fits/,
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
    const browser = JSON.parse(run([...args, '--runtime', 'browser']).stdout) as PredictJson;
    expect(native).toMatchObject({ source: 'spec', runtime: 'native', gpuId: 'datasheet' });
    expect(browser.runtime).toBe('browser');
    expect(browser.decode.msPerToken.expected).toBeGreaterThan(native.decode.msPerToken.expected);
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
      run(['--from', join(work, 'missing.json'), ...llama8bFp16]),
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
    expect(r.decode.msPerToken.expected).toBeGreaterThan(r.decode.floorMsPerToken);
    expect(r.decode.floorMsPerToken).toBeGreaterThan(5000);
    expect(isRange(r.e2eMs)).toBe(true);
    // The A100 is still set beside it.
    expect(r.a100.chapter?.itlMs).toEqual({ min: 22, max: 30 });

    const table = run(['--from', path, ...llama8bFp16]);
    expect(table.status).toBe(0);
    expect(table.stdout).toMatch(/measured mode \(results document\), partly from the roofline/);
    expect(table.stdout).toMatch(/fits: unknown/);
    expect(table.stdout).toMatch(/this prediction \(measured\)/);
  });
});
