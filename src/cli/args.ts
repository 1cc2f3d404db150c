// Command-line flags for `npm run bench`. Pure: parse or explain what is wrong.

import type { PlanName } from '../core/results';
import { parseRunSettings, type RunSettings, SETTING_PARAMS } from '../core/settings';

export interface BenchArgs {
  plan: PlanName;
  json: boolean;
  out: string | null;
  help: boolean;
  /** Non-default run settings (the run is then marked not comparable). */
  settings: RunSettings;
}

export const BENCH_USAGE = `Usage: npm run bench -- [--quick | --full] [--json] [--out FILE]

Measures this machine's GPU through WebGPU (Dawn) and prints the results.

  --quick      small sizes: a first look in seconds (default: --full)
  --full       sizes for real GPUs, up to the largest working set the limits allow
  --json       print the results document as JSON instead of a table
  --out FILE   also write the results document (JSON) to FILE
  --help       show this message

Settings that change results (a run with any of them is marked "not comparable"):
  --timer wall                  time with the wall clock even where GPU timestamps exist
  --max-working-set-mib N       stop the bandwidth sweep at N MiB
  --samples N                   samples per kernel (3–50)
  --gemv-variant NAME           pin a GEMV variant (e.g. row-wg64) instead of tuning
  --gemm-variant NAME           pin a GEMM variant (e.g. reg4x4) instead of tuning`;

export class UsageError extends Error {
  constructor(message: string) {
    super(`${message}\n\n${BENCH_USAGE}`);
    this.name = 'UsageError';
  }
}

export function parseBenchArgs(argv: readonly string[]): BenchArgs {
  const args: BenchArgs = { plan: 'full', json: false, out: null, help: false, settings: {} };
  const settingFlags = new Set(Object.values(SETTING_PARAMS).map((p) => `--${p}`));
  const settings = new URLSearchParams();
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
    } else if (settingFlags.has(arg.split('=')[0] ?? '')) {
      const [flag = '', inline] = arg.split(/=(.*)/s);
      const value = inline ?? argv[++i];
      if (!value || value.startsWith('--')) throw new UsageError(`${flag} needs a value.`);
      settings.set(flag.slice(2), value);
    } else throw new UsageError(`Unknown option: ${arg}`);
  }
  const parsed = parseRunSettings(settings);
  if (parsed.problems.length > 0)
    throw new UsageError(`Bad setting: ${parsed.problems.join('; ')}.`);
  args.settings = parsed.settings;
  return args;
}
