import { describe, expect, it } from 'vitest';
import { parseBenchArgs, UsageError } from '../../src/cli/args';

describe('bench flags', () => {
  it('defaults to the full plan, table output, no file', () => {
    expect(parseBenchArgs([])).toEqual({ plan: 'full', json: false, out: null, help: false });
  });

  it('reads --quick, --json and --out in either form', () => {
    expect(parseBenchArgs(['--quick', '--json', '--out', 'r.json'])).toEqual({
      plan: 'quick',
      json: true,
      out: 'r.json',
      help: false,
    });
    expect(parseBenchArgs(['--out=x.json']).out).toBe('x.json');
    expect(parseBenchArgs(['--quick', '--full']).plan).toBe('full');
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
  });
});
