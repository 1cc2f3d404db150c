// Command-line flags for both CLIs. node:util parseArgs splits argv into tokens (--flag value,
// --flag=value, -h); this checks each against the CLI's flags and explains a mistake in a
// UsageError that names the flag and ends with the CLI's usage text (printed, exit status 2).

import { parseArgs } from 'node:util';
import { errorMessage } from '../../core/error-message';

export class UsageError extends Error {
  constructor(
    /** What is wrong, in one line. */
    readonly reason: string,
    readonly usage: string,
  ) {
    super(`${reason}\n\n${usage}`);
    this.name = 'UsageError';
  }
}

/**
 * A CLI's arguments from its parser, or the exit status to stop with: a UsageError is printed to
 * stderr (status 2), `--help` prints the usage to stdout (status 0).
 */
export function argsOrExit<T extends { help: boolean }>(
  parse: () => T,
  usage: string,
): Exclude<T, { help: true }> | number {
  let parsed: T;
  try {
    parsed = parse();
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    process.stderr.write(`${e.message}\n`);
    return 2;
  }
  if (parsed.help) {
    process.stdout.write(`${usage}\n`);
    return 0;
  }
  return parsed as Exclude<T, { help: true }>;
}

/** Runs a CLI's main: its number is the exit status; anything thrown is one line, status 1. */
export function runMain(main: () => number): void {
  try {
    process.exitCode = main();
  } catch (e) {
    process.stderr.write(`error: ${errorMessage(e)}\n`);
    process.exitCode = 1;
  }
}

/** A switch (`--json`), or a flag that takes a value, described for errors ("a file name"). */
export type FlagSpec =
  | { readonly type: 'boolean'; readonly short?: string }
  | { readonly type: 'string'; readonly value: string };

export type FlagSpecs = Readonly<Record<string, FlagSpec>>;

export interface ParsedFlags<S extends FlagSpecs> {
  /** Each flag given: a switch as true, a value flag as its text (the last, where it repeats). */
  values: { [K in keyof S]?: S[K] extends { type: 'string' } ? string : true };
  /** The flags in the order given, for "the last of --quick and --full wins". */
  order: (keyof S & string)[];
}

export interface ParseFlagsOptions {
  /** The CLI's usage text, which ends every UsageError. */
  usage: string;
  /** A value flag given twice: an error, or the last one counts. */
  repeated: 'error' | 'last';
}

/**
 * Parses argv against `specs` (keys are the long names without "--"). Unknown flags and
 * positional words, a switch with a value, a value flag without one (or followed by another
 * flag), and, where `repeated` is 'error', a value flag given twice, are UsageErrors.
 */
export function parseFlags<S extends FlagSpecs>(
  argv: readonly string[],
  specs: S,
  { usage, repeated }: ParseFlagsOptions,
): ParsedFlags<S> {
  const fail = (reason: string): never => {
    throw new UsageError(reason, usage);
  };
  const options = Object.fromEntries(
    Object.entries(specs).map(([name, spec]) => [
      name,
      spec.type === 'boolean' && spec.short !== undefined
        ? { type: spec.type, short: spec.short }
        : { type: spec.type },
    ]),
  );
  // Not strict: parseArgs only tokenizes, and the checks below word every mistake themselves.
  const { tokens } = parseArgs({
    args: [...argv],
    options,
    strict: false,
    allowPositionals: true,
    tokens: true,
  });
  const values: Record<string, string | true> = {};
  const order: (keyof S & string)[] = [];
  for (const token of tokens) {
    const spec =
      token.kind === 'option' && Object.hasOwn(specs, token.name) ? specs[token.name] : undefined;
    if (token.kind !== 'option' || spec === undefined) {
      return fail(`Unknown option: ${argv[token.index]}`);
    }
    const flag = `--${token.name}`;
    if (spec.type === 'boolean') {
      if (token.value !== undefined) fail(`${flag} takes no value.`);
      values[token.name] = true;
    } else {
      const value = token.value;
      if (value === undefined || value === '' || value.startsWith('--')) {
        return fail(`${flag} needs ${spec.value}.`);
      }
      if (repeated === 'error' && token.name in values) fail(`${flag} is given more than once.`);
      values[token.name] = value;
    }
    order.push(token.name);
  }
  return { values: values as ParsedFlags<S>['values'], order };
}
