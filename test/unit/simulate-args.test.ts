import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/cli/args/flags';
import {
  parseLengthDist,
  parseSimulateArgs,
  type SimulateArgs,
} from '../../src/cli/args/simulate-args';
import {
  CHAPTER_OUTPUT_LENGTHS,
  CHAPTER_PROMPT_LENGTHS,
} from '../../src/model/serving/requests/lengths';

const hw = ['--model', 'llama-3-8b', '--weights', 'fp16', '--gpu', 'a100'];

function parse(argv: readonly string[]): SimulateArgs {
  const r = parseSimulateArgs(argv);
  if (r.help) throw new Error('unexpected --help');
  return r;
}

/** The UsageError's first line (the simulate usage text follows it). */
function usageError(argv: readonly string[]): string {
  try {
    parseSimulateArgs(argv);
  } catch (e) {
    expect(e).toBeInstanceOf(UsageError);
    expect((e as Error).message).toMatch(/\n\nUsage: npm run simulate -- --model ID/);
    return (e as Error).message.split('\n')[0] ?? '';
  }
  throw new Error(`no error for ${argv.join(' ')}`);
}

describe('simulate flags: what each one sets', () => {
  it('--rate with defaults: the chapter’s lengths, continuous batching of 256, seed 1, 1000 requests', () => {
    const a = parse([...hw, '--rate', '5']);
    expect(a.model.id).toBe('llama-3-8b');
    expect(a.format.id).toBe('fp16');
    expect(a.source.kind === 'gpu' && a.source.gpu.id).toBe('a100-80g-sxm');
    expect(a).toMatchObject({
      runtime: 'native',
      load: { kind: 'rate', ratePerS: 5 },
      requests: 1000,
      prompt: CHAPTER_PROMPT_LENGTHS,
      output: CHAPTER_OUTPUT_LENGTHS,
      scheduler: { kind: 'continuous', maxBatch: 256, maxPrefillTokens: 8192 },
      kvTokens: undefined,
      memoryBytes: undefined,
      seed: 1,
      json: false,
    });
  });

  it('--users with --think-ms, --trace and --sweep', () => {
    expect(parse([...hw, '--users', '100', '--think-ms', '2000']).load).toEqual({
      kind: 'users',
      users: 100,
      thinkMs: 2000,
    });
    expect(parse([...hw, '--users=16']).load).toEqual({ kind: 'users', users: 16, thinkMs: 0 });
    expect(parse([...hw, '--users', '4', '--think-ms', '0']).load).toMatchObject({ thinkMs: 0 });
    expect(parse([...hw, '--trace', 't.csv']).load).toEqual({ kind: 'trace', path: 't.csv' });
    expect(parse([...hw, '--sweep']).load).toEqual({ kind: 'sweep' });
  });

  it('lengths, scheduler, batch, KV, memory, seed, runtime, datasheet and --json', () => {
    const a = parse([
      '--model',
      'llama-3-8b',
      '--weights',
      'int4',
      '--bandwidth-gbps',
      '400',
      '--tflops',
      '14',
      '--fp32-tflops',
      '14',
      '--runtime',
      'browser',
      '--rate',
      '0.5',
      '--requests',
      '10000',
      '--prompt-dist',
      'exp:300',
      '--output-dist=fixed:64',
      '--scheduler',
      'chunked',
      '--max-batch',
      '32',
      '--kv-tokens',
      '50000',
      '--seed',
      '7',
      '--json',
    ]);
    expect(a).toMatchObject({
      runtime: 'browser',
      engine: 'browser',
      source: { kind: 'datasheet', bandwidthGBps: 400, tflops: 14, fp32Tflops: 14 },
      requests: 10_000,
      prompt: { kind: 'exponential', mean: 300 },
      output: { kind: 'fixed', tokens: 64 },
      scheduler: { kind: 'chunked', maxBatch: 32, tokenBudget: 2048 },
      kvTokens: 50_000,
      seed: 7,
      json: true,
    });
    expect(parse([...hw, '--rate', '1', '--scheduler', 'static']).scheduler.kind).toBe('static');
    expect(
      parse([...hw.slice(0, 4), '--from', 'r.json', '--rate', '1', '--memory-gb', '16']),
    ).toMatchObject({ source: { kind: 'results', path: 'r.json' }, memoryBytes: 16 * 2 ** 30 });
  });

  it('the engine flags are predict’s: --engine, --tp, a datasheet’s vendor and memory, --kv-bits', () => {
    const a = parse([...hw, '--engine', 'vllm', '--tp', '2', '--kv-bits', '8', '--rate', '1']);
    expect(a).toMatchObject({ engine: 'vllm', runtime: 'native', tp: 2, kvBits: 8 });
    expect(parse([...hw, '--rate', '1'])).toMatchObject({ engine: 'native', tp: 1 });
    expect(parse([...hw, '--runtime', 'browser', '--rate', '1']).engine).toBe('browser');
    const sheet = parse([
      ...hw.slice(0, 4),
      '--bandwidth-gbps',
      '800',
      '--tflops',
      '100',
      '--engine',
      'mlx',
      '--memory-gb',
      '64',
      '--rate',
      '1',
    ]);
    // A datasheet's memory goes into its spec (the KV size follows from it), not memoryBytes.
    expect(sheet).toMatchObject({ engine: 'mlx', vendor: 'apple', memoryGB: 64 });
    expect(sheet.memoryBytes).toBeUndefined();
  });

  it('length distributions: fixed, exp, lognormal by mean and P99', () => {
    expect(parseLengthDist('--x', 'fixed:512')).toEqual({ kind: 'fixed', tokens: 512 });
    expect(parseLengthDist('--x', 'exp:128')).toEqual({ kind: 'exponential', mean: 128 });
    expect(parseLengthDist('--x', 'lognormal:128:512')).toEqual(CHAPTER_OUTPUT_LENGTHS);
  });

  it('--help and -h win over everything else', () => {
    expect(parseSimulateArgs(['--help'])).toEqual({ help: true });
    expect(parseSimulateArgs(['-h', '--rate', 'x'])).toEqual({ help: true });
  });
});

describe('simulate flags: every error names the flag', () => {
  it('the hardware flags are predict’s, worded for simulate', () => {
    expect(usageError(['--weights', 'fp16', '--gpu', 'a100', '--rate', '1'])).toBe(
      '--model is required.',
    );
    expect(usageError([...hw.slice(0, 4), '--rate', '1'])).toBe(
      'Say what to simulate for: --gpu ID, --bandwidth-gbps B with --tflops T, or --from RESULTS.json.',
    );
    expect(usageError([...hw.slice(0, 4), '--gpu', 'bogus', '--rate', '1'])).toMatch(/^--gpu: /);
  });

  it('the engine flags’ errors are predict’s, worded for simulate', () => {
    expect(usageError([...hw, '--engine', 'ollama-turbo', '--rate', '1'])).toMatch(
      /^--engine: Unknown engine "ollama-turbo"; choose one of llama\.cpp-cuda, /,
    );
    expect(usageError([...hw, '--engine', 'vllm', '--runtime', 'native', '--rate', '1'])).toBe(
      'Give --engine or --runtime, not both (--runtime native|browser is --engine native|browser).',
    );
    expect(usageError([...hw.slice(0, 4), '--from', 'r.json', '--tp', '2', '--rate', '1'])).toBe(
      '--tp applies to --gpu and --bandwidth-gbps/--tflops; --from predicts from the kernels as measured, on one GPU.',
    );
    expect(usageError([...hw, '--memory-gb', '40', '--rate', '1'])).toBe(
      '--memory-gb describes a datasheet given with --bandwidth-gbps/--tflops; --gpu has its own.',
    );
    expect(usageError([...hw, '--kv-bits', '3', '--rate', '1'])).toBe(
      '--kv-bits must be 16, 8 or 4, got "3".',
    );
    expect(
      usageError([
        '--model',
        'llama-2-7b',
        '--weights',
        'fp16',
        '--gpu',
        'a100',
        '--rate',
        '1',
        '--prompt-dist',
        'fixed:4000',
        '--output-dist',
        'fixed:256',
      ]),
    ).toBe(
      "--prompt-dist/--output-dist: fixed lengths of 4256 tokens exceed Llama 2 7B's context limit of 4096 tokens (max_position_embeddings).",
    );
  });

  it('exactly one way for requests to arrive', () => {
    expect(usageError(hw)).toBe(
      'Say how requests arrive: --rate λ, --users N, --trace FILE or --sweep.',
    );
    expect(usageError([...hw, '--rate', '1', '--users', '2'])).toBe(
      'Give only one of --rate, --users, --trace and --sweep (got --rate and --users).',
    );
    expect(usageError([...hw, '--sweep', '--trace', 'x'])).toMatch(/got --trace and --sweep/);
    expect(usageError([...hw, '--rate', '1', '--think-ms', '5'])).toBe(
      '--think-ms goes with --users.',
    );
    expect(usageError([...hw, '--trace', 't', '--output-dist', 'fixed:3'])).toMatch(
      /^--trace gives each request its lengths/,
    );
  });

  it('numbers out of range or not numbers', () => {
    expect(usageError([...hw, '--rate', '0'])).toBe(
      '--rate must be a number greater than 0 and at most 1000000, got "0".',
    );
    expect(usageError([...hw, '--rate', 'fast'])).toMatch(/^--rate must be a number/);
    expect(usageError([...hw, '--users', '1.5'])).toMatch(/^--users must be a whole number ≥ 1/);
    expect(usageError([...hw, '--rate', '1', '--requests', '0'])).toMatch(/^--requests must be/);
    expect(usageError([...hw, '--rate', '1', '--requests', '2000000'])).toMatch(
      /^--requests must be a whole number ≥ 1 \(at most 1000000\)/,
    );
    expect(usageError([...hw, '--rate', '1', '--max-batch', '0'])).toMatch(/^--max-batch must/);
    expect(usageError([...hw, '--rate', '1', '--kv-tokens', '-5'])).toMatch(/^--kv-tokens /);
    expect(usageError([...hw, '--rate', '1', '--seed', 'x'])).toMatch(/^--seed must be/);
    expect(usageError([...hw, '--rate', '1', '--kv-tokens', '9', '--memory-gb', '8'])).toBe(
      'Give --kv-tokens or --memory-gb, not both.',
    );
  });

  it('scheduler and length distributions', () => {
    expect(usageError([...hw, '--rate', '1', '--scheduler', 'fifo'])).toBe(
      '--scheduler must be static, continuous or chunked, got "fifo".',
    );
    expect(usageError([...hw, '--rate', '1', '--prompt-dist', 'normal:5'])).toBe(
      '--prompt-dist must be fixed:N, exp:MEAN or lognormal:MEAN:P99, got "normal:5".',
    );
    expect(usageError([...hw, '--rate', '1', '--output-dist', 'lognormal:128'])).toMatch(
      /^--output-dist lognormal takes a mean and a P99/,
    );
    expect(usageError([...hw, '--rate', '1', '--output-dist', 'lognormal:128:64'])).toMatch(
      /^--output-dist: lognormal P99 \(64\) must be greater than its mean \(128\)/,
    );
    expect(usageError([...hw, '--rate', '1', '--output-dist', 'fixed:2.5'])).toMatch(
      /^--output-dist: fixed length must be a whole number/,
    );
    expect(usageError([...hw, '--rate', '1', '--prompt-dist', 'exp:x'])).toMatch(
      /^--prompt-dist must be a number/,
    );
  });

  it('unknown flags, missing values and repeats', () => {
    expect(usageError([...hw, '--rate', '1', '--engine-x'])).toBe('Unknown option: --engine-x');
    expect(usageError([...hw, '--rate'])).toBe('--rate needs a rate in requests/s.');
    expect(usageError([...hw, '--rate', '1', '--rate', '2'])).toBe(
      '--rate is given more than once.',
    );
    expect(usageError([...hw, '--sweep=yes'])).toBe('--sweep takes no value.');
  });
});
