// Command-line flags for `npm run bench`. Pure: parse or explain what is wrong.

import type { PlanName } from '../bench/results';

export interface BenchArgs {
  plan: PlanName;
  json: boolean;
  out: string | null;
  help: boolean;
}

export const BENCH_USAGE = `Usage: npm run bench -- [--quick | --full] [--json] [--out FILE]

Measures this machine's GPU through WebGPU (Dawn) and prints the results.

  --quick      small sizes: a first look in seconds (default: --full)
  --full       sizes for real GPUs, up to the largest working set the limits allow
  --json       print the results document as JSON instead of a table
  --out FILE   also write the results document (JSON) to FILE
  --help       show this message`;

export class UsageError extends Error {
  constructor(message: string) {
    super(`${message}\n\n${BENCH_USAGE}`);
    this.name = 'UsageError';
  }
}

export function parseBenchArgs(argv: readonly string[]): BenchArgs {
  const args: BenchArgs = { plan: 'full', json: false, out: null, help: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === '--quick') args.plan = 'quick';
    else if (arg === '--full') args.plan = 'full';
    else if (arg === '--json') args.json = true;
    else if (arg === '--help' || arg === '-h') args.help = true;
    else if (arg === '--out' || arg.startsWith('--out=')) {
      const value = arg === '--out' ? argv[++i] : arg.slice('--out='.length);
      if (!value || value.startsWith('--')) throw new UsageError('--out needs a file name.');
      args.out = value;
    } else throw new UsageError(`Unknown option: ${arg}`);
  }
  return args;
}
