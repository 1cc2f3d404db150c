import { describe, expect, it } from 'vitest';
import { type FlagSpecs, parseFlags, UsageError } from '../../src/cli/args/flags';

const SPECS = {
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
  out: { type: 'string', value: 'a file name' },
} as const satisfies FlagSpecs;
const USAGE = 'Usage: tool [--json] [--out FILE]';

const parse = (argv: readonly string[], repeated: 'error' | 'last' = 'error') =>
  parseFlags(argv, SPECS, { usage: USAGE, repeated });

/** The UsageError's reason, after checking it carries the usage text. */
function reason(argv: readonly string[], repeated: 'error' | 'last' = 'error'): string {
  try {
    parse(argv, repeated);
  } catch (e) {
    expect(e).toBeInstanceOf(UsageError);
    expect((e as UsageError).message).toBe(`${(e as UsageError).reason}\n\n${USAGE}`);
    return (e as UsageError).reason;
  }
  throw new Error(`no error for ${argv.join(' ')}`);
}

describe('the shared flag parser', () => {
  it('reads switches, the short alias, and values in either form, in order', () => {
    expect(parse(['-h', '--out', 'a.json', '--json'])).toEqual({
      values: { help: true, out: 'a.json', json: true },
      order: ['help', 'out', 'json'],
    });
    expect(parse(['--out=b=c.json']).values).toEqual({ out: 'b=c.json' });
    expect(parse([])).toEqual({ values: {}, order: [] });
  });

  it('a repeated value flag is an error, or the last one counts', () => {
    expect(reason(['--out', 'a', '--out=b'])).toBe('--out is given more than once.');
    expect(parse(['--out', 'a', '--out=b'], 'last').values.out).toBe('b');
    expect(parse(['--json', '--json']).values.json).toBe(true);
  });

  it('names the flag and what it needs', () => {
    expect(reason(['--out'])).toBe('--out needs a file name.');
    expect(reason(['--out='])).toBe('--out needs a file name.');
    expect(reason(['--out', '--json'])).toBe('--out needs a file name.');
    expect(reason(['--json=yes'])).toBe('--json takes no value.');
  });

  it('refuses unknown flags, positional words and the -- terminator, as written', () => {
    expect(reason(['--fast=1'])).toBe('Unknown option: --fast=1');
    expect(reason(['-x'])).toBe('Unknown option: -x');
    expect(reason(['--constructor'])).toBe('Unknown option: --constructor');
    expect(reason(['--json', 'quick'])).toBe('Unknown option: quick');
    expect(reason(['--', '--json'])).toBe('Unknown option: --');
  });
});
