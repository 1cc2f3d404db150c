// `npm run simulate`, built as users run it (vite.cli.config.ts) and spawned. It builds into its
// own folder so it never races the other CLI tests, whose builds empty dist-cli/.

import { describe, expect, it } from 'vitest';
import type { SimulateJson } from '../../src/cli/render/simulate-report';
import { SLAS } from '../../src/model/predict/chapter';
import { sampleDocument } from '../fixtures/results';
import { builtCli, expectOneLineError } from './built-cli';

const { run, file, path: inWork } = builtCli('simulate');

const a100 = ['--gpu', 'a100', '--model', 'llama-3-8b', '--weights', 'fp16'];

function json(args: string[]): SimulateJson {
  const result = run([...args, '--json']);
  expect(result.stderr).toBe('');
  expect(result.status).toBe(0);
  return JSON.parse(result.stdout) as SimulateJson;
}

describe('npm run simulate', () => {
  it('a 10,000-request --json run: every request accounted for, percentiles ordered, goodput per chapter SLA', () => {
    const r = json([...a100, '--rate', '10', '--requests', '10000']);
    expect(r).toMatchObject({
      model: 'llama-3-8b',
      weights: 'fp16',
      source: 'spec',
      runtime: 'native',
      engine: 'native',
      tp: 1,
      kvBits: 16,
      schedulerLabel: 'continuous batching',
      requests: 10_000,
      load: { kind: 'rate', ratePerS: 10 },
      sweep: null,
    });
    expect(r.counts).toEqual({ arrived: 10_000, finished: 10_000, rejected: 0, unfinished: 0 });
    for (const p of [r.ttftMs, r.itlMs, r.e2eMs]) {
      expect(p.p50).toBeGreaterThan(0);
      expect(p.p50).toBeLessThanOrEqual(p.p95);
      expect(p.p95).toBeLessThanOrEqual(p.p99);
    }
    // At 10 requests/s the server keeps up: ≈ 10 requests/s out, ≈ 10 × 128 tokens/s.
    expect(r.requestsPerS).toBeGreaterThan(9);
    expect(r.requestsPerS).toBeLessThan(11);
    expect(r.outputTokensPerS).toBeGreaterThan(1000);
    expect(r.sla.map((s) => s.sla)).toEqual(SLAS.map((s) => s.id));
    for (const s of r.sla) expect(s.goodputTokensPerS).toBeLessThanOrEqual(r.outputTokensPerS);
    expect(r.kvCapacityTokens).toBeGreaterThan(420_000);
    // The datasheet's "80 GB" is 80 GiB: 85.9 × 10⁹ bytes.
    expect(r.kvNote).toMatch(/85\.9 GB × 0\.9/);
    expect(r.queue.startMs.length).toBeGreaterThan(0);
    expect(r.assumptions.join('\n')).toMatch(/10000 requests, Poisson arrivals at 10 requests\/s/);
  });

  it('a table by default: P50/P95/P99 of TTFT, ITL and E2E, throughput and goodput per SLA', () => {
    const result = run([...a100, '--users', '16', '--requests', '300']);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^Llama 3 8B fp16 on NVIDIA A100/);
    expect(result.stdout).toMatch(/P50\s+P95\s+P99\s+mean/);
    for (const row of [
      'TTFT',
      'ITL',
      'E2E',
      'Throughput:',
      'interactive chat',
      'code completion',
    ]) {
      expect(result.stdout).toContain(row);
    }
    expect(result.stdout).toMatch(/300 requests from 16 users in a closed loop/);
  });

  it('--engine and --tp, as predict takes them: the engine profile and the group’s memory', () => {
    const args = [...a100, '--engine', 'vllm', '--tp', '2', '--rate', '5', '--requests', '100'];
    const r = json(args);
    expect(r).toMatchObject({ engine: 'vllm', runtime: 'native', tp: 2 });
    expect(r.counts.finished).toBe(100);
    // Two GPUs' memory: 2 × 85.9 GB.
    expect(r.kvNote).toMatch(/171\.8 GB × 0\.9/);
    const table = run(args);
    expect(table.stdout).toMatch(/\(spec, vllm engine, 2 GPUs in tensor parallel\)/);
  });

  it('--sweep: the highest λ per SLA, in the table and the JSON', () => {
    const table = run([...a100, '--sweep', '--requests', '300', '--scheduler', 'chunked']);
    expect(table.status).toBe(0);
    expect(table.stdout).toMatch(/λ sweep: saturation \d/);
    expect(table.stdout).toMatch(/Highest λ per SLA/);
    const r = json([...a100, '--sweep', '--requests', '300']);
    const sweep = r.sweep;
    if (sweep === null) throw new Error('no sweep');
    expect(sweep.capacity.map((c) => c.sla)).toEqual(SLAS.map((s) => s.id));
    expect(sweep.points.length).toBeGreaterThanOrEqual(16);
    const offline = sweep.capacity.find((c) => c.sla === 'offline-summary');
    expect(offline).toMatchObject({ finding: 'no-limit', maxRatePerS: sweep.saturationRatePerS });
    expect(sweep.method).toMatch(/bisection/);
  });

  it('--trace replays a file; a bad line is one line naming it, exit 1', () => {
    const trace = file(
      'trace.csv',
      'arrival_s,prompt_tokens,output_tokens\n0,100,20\n0.5,200,10\n',
    );
    const r = json([...a100, '--trace', trace]);
    expect(r.counts.finished).toBe(2);
    const bad = file('bad.csv', '0,100,20\n0.1,abc,3\n');
    expectOneLineError(run([...a100, '--trace', bad]), /bad\.csv: trace line 2: prompt tokens/);
    expectOneLineError(
      run([...a100, '--trace', inWork('none.csv')]),
      /cannot read trace file .*none\.csv: no such file/,
    );
  });

  it('--from a results document: needs the memory or the KV size, then runs measured', () => {
    const path = file('results.json', JSON.stringify(sampleDocument()));
    const from = ['--from', path, '--model', 'llama-3.2-1b', '--weights', 'fp16', '--rate', '1'];
    expectOneLineError(run([...from, '--requests', '50']), /memory .* is unknown.*--memory-gb/);
    const r = json([...from, '--requests', '50', '--kv-tokens', '100000']);
    expect(r).toMatchObject({
      source: 'measured',
      runtime: null,
      engine: null,
      kvCapacityTokens: 100_000,
    });
    expect(r.counts.finished).toBe(50);
  });

  it('usage errors: exit 2 with the reason and the usage text', () => {
    for (const [args, reason] of [
      [[...a100], /Say how requests arrive/],
      [[...a100, '--rate', '-1'], /--rate must be a number/],
      [[...a100, '--rate', '1', '--scheduler', 'fifo'], /--scheduler must be static/],
      [
        [...a100, '--rate', '1', '--output-dist', 'lognormal:128:5000'],
        /--output-dist: no lognormal/,
      ],
    ] as const) {
      const result = run([...args]);
      expect(result.status).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr).toMatch(reason);
      expect(result.stderr).toMatch(/Usage: npm run simulate/);
    }
    const help = run(['--help']);
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/--prompt-dist D/);
  });
});
