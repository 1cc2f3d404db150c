import { describe, expect, it } from 'vitest';
import { parseBenchArgs } from '../../src/cli/args';
import { UsageError } from '../../src/cli/flags';

describe('bench flags', () => {
  it('defaults to the full plan, table output, no file', () => {
    expect(parseBenchArgs([])).toEqual({
      plan: 'full',
      json: false,
      out: null,
      help: false,
      settings: {},
    });
  });

  it('reads --quick, --json and --out in either form', () => {
    expect(parseBenchArgs(['--quick', '--json', '--out', 'r.json'])).toEqual({
      plan: 'quick',
      json: true,
      out: 'r.json',
      help: false,
      settings: {},
    });
    expect(parseBenchArgs(['--out=x.json']).out).toBe('x.json');
    expect(parseBenchArgs(['--quick', '--full']).plan).toBe('full');
    expect(parseBenchArgs(['--full', '--quick']).plan).toBe('quick');
    expect(parseBenchArgs(['--samples', '3', '--samples=9']).settings.samples).toBe(9);
    expect(parseBenchArgs(['-h']).help).toBe(true);
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
