import { describe, expect, it } from 'vitest';
import {
  BENCH_USAGE,
  parseBenchArgs,
  SOFTWARE_ADAPTER_STATUS,
} from '../../src/cli/args/bench-args';
import { UsageError } from '../../src/cli/args/flags';
import { FORMAT_IDS } from '../../src/core/formats';

describe('bench flags', () => {
  it('defaults to the full plan, table output, no file', () => {
    expect(parseBenchArgs([])).toEqual({
      plan: 'full',
      json: false,
      out: null,
      submit: null,
      help: false,
      settings: {},
    });
  });

  it('reads --quick, --json and --out in either form', () => {
    expect(parseBenchArgs(['--quick', '--json', '--out', 'r.json'])).toEqual({
      plan: 'quick',
      json: true,
      out: 'r.json',
      submit: null,
      help: false,
      settings: {},
    });
    expect(parseBenchArgs(['--out=x.json']).out).toBe('x.json');
    expect(parseBenchArgs(['--submit', 'http://127.0.0.1:4173/']).submit).toBe(
      'http://127.0.0.1:4173/',
    );
    expect(parseBenchArgs(['--quick', '--full']).plan).toBe('full');
    expect(parseBenchArgs(['--full', '--quick']).plan).toBe('quick');
    expect(parseBenchArgs(['--samples', '3', '--samples=9']).settings.samples).toBe(9);
    expect(parseBenchArgs(['-h']).help).toBe(true);
  });

  it('reads --trace (absent unless given)', () => {
    expect(parseBenchArgs(['--trace', '--json']).trace).toBe(true);
    expect(parseBenchArgs([]).trace).toBeUndefined();
  });

  it('reads --require-gpu and --adapter (absent unless given), with the usage text naming both', () => {
    const required = parseBenchArgs(['--quick', '--require-gpu']);
    expect(required).toMatchObject({ plan: 'quick', requireGpu: true });
    expect(required.adapter).toBeUndefined();
    expect(parseBenchArgs(['--trace', '--require-gpu']).requireGpu).toBe(true);
    expect(parseBenchArgs(['--decode', 'llama-3.2-1b:int4', '--require-gpu']).requireGpu).toBe(
      true,
    );
    expect(parseBenchArgs(['--adapter', '--json', '--require-gpu'])).toMatchObject({
      adapter: true,
      json: true,
      requireGpu: true,
    });
    expect(parseBenchArgs([]).requireGpu).toBeUndefined();
    expect(parseBenchArgs([]).adapter).toBeUndefined();
    expect(() => parseBenchArgs(['--require-gpu=yes'])).toThrow(/--require-gpu takes no value/);
    expect(() => parseBenchArgs(['--require-cpu'])).toThrow(/Unknown option: --require-cpu/);
    expect(BENCH_USAGE).toMatch(/--require-gpu[\s\S]*exit with status\s+3 and one line/);
    expect(SOFTWARE_ADAPTER_STATUS).toBe(3);
    expect(BENCH_USAGE).toMatch(/--adapter +instead of a plan: print the adapter/);
  });

  it('refuses --adapter beside a run or a file: it measures nothing', () => {
    for (const extra of [
      ['--trace'],
      ['--decode', 'llama-3.2-1b:int4'],
      ['--out', 'a.json'],
      ['--submit', 'http://127.0.0.1:4173/'],
    ]) {
      expect(() => parseBenchArgs(['--adapter', ...extra])).toThrow(
        new RegExp(`--adapter measures nothing; it does not go with ${extra[0]}\\.`),
      );
    }
  });

  it('rejects unknown flags and a missing file name with the usage text', () => {
    expect(() => parseBenchArgs(['--fast'])).toThrow(UsageError);
    expect(() => parseBenchArgs(['--fast'])).toThrow(
      /Unknown option: --fast[\s\S]*Usage: npm run bench/,
    );
    expect(() => parseBenchArgs(['--out'])).toThrow(/--out needs a file name/);
    expect(() => parseBenchArgs(['--out', '--json'])).toThrow(/--out needs a file name/);
    expect(() => parseBenchArgs(['--out='])).toThrow(/--out needs a file name/);
    expect(() => parseBenchArgs(['quick'])).toThrow(/Unknown option: quick/);
    expect(() => parseBenchArgs(['--json=yes'])).toThrow(/--json takes no value/);
  });

  it('reads the settings that make a run not comparable, in either form', () => {
    expect(
      parseBenchArgs([
        '--timer',
        'wall',
        '--samples=9',
        '--max-working-set-mib',
        '64',
        '--gemv-variant=row-wg64',
        '--gemm-variant',
        'reg4x4',
      ]).settings,
    ).toEqual({
      timer: 'wall-clock',
      samples: 9,
      maxWorkingSetMiB: 64,
      gemvVariant: 'row-wg64',
      gemmVariant: 'reg4x4',
    });
    expect(() => parseBenchArgs(['--timer', 'gpu'])).toThrow(
      /timer="gpu": the only choice is "wall"/,
    );
    expect(() => parseBenchArgs(['--samples', '2'])).toThrow(
      /samples="2" must be a whole number from 3 to 50/,
    );
    expect(() => parseBenchArgs(['--samples'])).toThrow(/--samples needs a value/);
    expect(() => parseBenchArgs(['--gemv-variant', '<x>'])).toThrow(/is not a variant name/);
  });
});

describe('bench --decode flags', () => {
  it('reads MODEL:FORMAT and the decode numbers; --decode alone means the Quick plan', () => {
    const args = parseBenchArgs([
      '--decode',
      'llama-3.2-1b:q4_0',
      '--context',
      '2048',
      '--layers=2',
    ]);
    expect(args.plan).toBe('quick');
    expect(args.decode).toEqual({
      model: 'llama-3.2-1b',
      format: 'int4',
      context: 2048,
      tokens: 16,
      promptTokens: 32,
      layers: 2,
      budgetBytes: 1024 * 1024 * 1024,
    });
    const more = parseBenchArgs([
      '--full',
      '--decode',
      'smollm2-135m:fp16',
      '--tokens',
      '4',
      '--prompt',
      '8',
      '--decode-budget-mib',
      '4096',
    ]);
    expect(more.plan).toBe('full');
    expect(more.decode?.tokens).toBe(4);
    expect(more.decode?.promptTokens).toBe(8);
    expect(more.decode?.budgetBytes).toBe(4096 * 1024 * 1024);
    expect(more.decode?.layers).toBeUndefined();
    expect(parseBenchArgs(['--quick']).decode).toBeUndefined();
  });

  it('explains a bad model, format or number, and decode numbers without --decode', () => {
    expect(() => parseBenchArgs(['--decode', 'gpt-5:int4'])).toThrow(
      /--decode: expected MODEL:FORMAT .*llama-3\.2-1b.*got "gpt-5:int4"/,
    );
    expect(() => parseBenchArgs(['--decode', 'llama-3.2-1b'])).toThrow(
      /--decode: expected MODEL:FORMAT/,
    );
    expect(() => parseBenchArgs(['--decode', 'llama-3.2-1b:int2'])).toThrow(
      `FORMAT one of ${FORMAT_IDS.join(', ')} (`,
    );
    expect(() => parseBenchArgs(['--decode', 'llama-3.2-1b:int4', '--layers', '0'])).toThrow(
      /--layers must be a whole number from 1/,
    );
    expect(() => parseBenchArgs(['--decode', 'llama-3.2-1b:int4', '--tokens', '1.5'])).toThrow(
      /--tokens must be a whole number/,
    );
    expect(() => parseBenchArgs(['--context', '512'])).toThrow(
      /--context needs --decode MODEL:FORMAT/,
    );
  });
});
