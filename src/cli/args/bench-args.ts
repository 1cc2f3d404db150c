// Command-line flags for `npm run bench`. Pure: parse or explain what is wrong.

import type { DecodeSpec } from '../../bench/decode';
import type { PlanName } from '../../core/results';
import { parseRunSettings, type RunSettings, SETTING_PARAMS } from '../../core/settings';
import { DECODE_FLAGS, DECODE_USAGE, parseDecodeFlags } from './decode-args';
import { type FlagSpecs, parseFlags, UsageError } from './flags';
import { outFileProblem } from './out-file';

export interface BenchArgs {
  plan: PlanName;
  json: boolean;
  out: string | null;
  /** --submit URL: send the results document to a results gallery after printing it. */
  submit: string | null;
  help: boolean;
  /** Non-default run settings (the run is then marked not comparable). */
  settings: RunSettings;
  /** --decode: this decode run instead of the Quick plan's (and the Quick plan). */
  decode?: DecodeSpec;
  /** --trace: the GEMV address trace table instead of a plan. */
  trace?: true;
  /** --runtime: Node with Dawn (the `webgpu` package), or Deno with its wgpu; absent: this one. */
  runtime?: BenchRuntime;
  /** --adapter: print the adapter this runtime picks and exit; nothing is measured. */
  adapter?: true;
  /** --require-gpu: refuse a software (CPU) adapter before anything is measured. */
  requireGpu?: true;
  /**
   * --experimental: Dawn's allow_unsafe_apis toggle on, so the adapter may list Chrome's
   * experimental features (subgroup matrices: the sgmat GEMMs); recorded in the results.
   */
  experimental?: true;
}

/** The exit status of --require-gpu's refusal: the adapter is a software (CPU) one. */
export const SOFTWARE_ADAPTER_STATUS = 3;

export const BENCH_RUNTIMES = ['node', 'deno'] as const;
export type BenchRuntime = (typeof BENCH_RUNTIMES)[number];

export const BENCH_USAGE = `Usage: npm run bench -- [--quick | --full] [--json] [--out FILE] [--submit URL] [--require-gpu] [--experimental]
       npm run bench -- --adapter [--json] [--require-gpu]

Measures this machine's GPU through WebGPU (Dawn, or wgpu with --runtime deno) and prints the
results.

  --quick      small sizes: a first look in seconds (default: --full)
  --full       sizes for real GPUs, up to the largest working set the limits allow
  --json       print the results document as JSON instead of a table
  --trace      instead of a plan: run the instrumented build of every GEMV variant once and print
               its address trace (coalescing, x bytes per weight byte, workgroups at the
               Llama-3-8B shapes); with --json, the trace document (docs/SCHEMA.md)
  --out FILE   also write the results document (JSON) to FILE
  --submit URL send the results document to the results gallery at URL (e.g. the address
               \`npm start\` prints); it is shown in the gallery to anyone
  --runtime R  node: Node with Dawn, Chrome's WebGPU (default under Node); deno: Deno with
               wgpu, Firefox's (the deno package from npm, run with --unstable-webgpu)
  --adapter    instead of a plan: print the adapter this runtime picks (with --json, its
               description) and exit; nothing is measured
  --require-gpu
               refuse a software (CPU) adapter — SwiftShader, lavapipe, llvmpipe, or the
               software driver Dawn falls back to without a GPU driver: exit with status
               ${SOFTWARE_ADAPTER_STATUS} and one line before anything is measured
  --experimental
               turn on Dawn's allow_unsafe_apis toggle (Node only), so the adapter may offer
               Chrome's experimental chromium-experimental-subgroup-matrix: the subgroup-matrix
               GEMMs (sgmat-…) are tried where its driver lists their configuration; the
               results document records it (runtime.experimental)
  --help       show this message

Settings that change results (a run with any of them is marked "not comparable"):
  --timer wall                  time with the wall clock even where GPU timestamps exist
  --max-working-set-mib N       stop the bandwidth sweep at N MiB
  --samples N                   samples per kernel (3–50)
  --gemv-variant NAME           pin a GEMV variant (e.g. row-wg64) instead of tuning
  --gemm-variant NAME           pin a GEMM variant (e.g. reg4x4) instead of tuning

${DECODE_USAGE}`;

/** The flags; the settings flags are named as the page's URL parameters (SETTING_PARAMS). */
const BENCH_FLAGS: FlagSpecs = {
  quick: { type: 'boolean' },
  full: { type: 'boolean' },
  json: { type: 'boolean' },
  trace: { type: 'boolean' },
  adapter: { type: 'boolean' },
  'require-gpu': { type: 'boolean' },
  experimental: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
  out: { type: 'string', value: 'a file name' },
  submit: { type: 'string', value: 'a gallery address' },
  runtime: { type: 'string', value: BENCH_RUNTIMES.join(' or ') },
  ...DECODE_FLAGS,
  ...Object.fromEntries(
    Object.values(SETTING_PARAMS).map((param) => [param, { type: 'string', value: 'a value' }]),
  ),
};

export function parseBenchArgs(argv: readonly string[]): BenchArgs {
  const { values, order } = parseFlags(argv, BENCH_FLAGS, { usage: BENCH_USAGE, repeated: 'last' });
  const settings = new URLSearchParams();
  for (const param of Object.values(SETTING_PARAMS)) {
    const value = values[param];
    if (typeof value === 'string') settings.set(param, value);
  }
  const parsed = parseRunSettings(settings);
  if (parsed.problems.length > 0) {
    throw new UsageError(`Bad setting: ${parsed.problems.join('; ')}.`, BENCH_USAGE);
  }
  const out = values.out;
  const outProblem = typeof out === 'string' ? outFileProblem(out) : null;
  if (outProblem !== null) {
    throw new UsageError(
      `--out ${out}: cannot write there (${outProblem}); nothing was run.`,
      BENCH_USAGE,
    );
  }
  const decode = parseDecodeFlags(values);
  if (typeof decode === 'string') throw new UsageError(decode, BENCH_USAGE);
  const runtime = typeof values.runtime === 'string' ? values.runtime : undefined;
  if (runtime !== undefined && !BENCH_RUNTIMES.includes(runtime as BenchRuntime)) {
    throw new UsageError(
      `--runtime ${String(runtime)}: expected ${BENCH_RUNTIMES.join(' or ')}.`,
      BENCH_USAGE,
    );
  }
  if (values.experimental === true && runtime === 'deno') {
    throw new UsageError(
      '--experimental turns on a Dawn toggle; wgpu (--runtime deno) has none.',
      BENCH_USAGE,
    );
  }
  const adapter = values.adapter === true;
  const alongside = (['trace', 'decode', 'out', 'submit'] as const).find(
    (name) => values[name] !== undefined,
  );
  if (adapter && alongside !== undefined) {
    throw new UsageError(
      `--adapter measures nothing; it does not go with --${alongside}.`,
      BENCH_USAGE,
    );
  }
  return {
    // The last of --quick and --full wins; the full plan by default (--decode: the quick one).
    plan:
      order.findLast((name) => name === 'quick' || name === 'full') ??
      (decode === null ? 'full' : 'quick'),
    json: values.json === true,
    out: typeof out === 'string' ? out : null,
    submit: typeof values.submit === 'string' ? values.submit : null,
    help: values.help === true,
    settings: parsed.settings,
    ...(decode === null ? {} : { decode }),
    ...(values.trace === true ? { trace: true as const } : {}),
    ...(runtime === undefined ? {} : { runtime: runtime as BenchRuntime }),
    ...(adapter ? { adapter: true as const } : {}),
    ...(values['require-gpu'] === true ? { requireGpu: true as const } : {}),
    ...(values.experimental === true ? { experimental: true as const } : {}),
  };
}
