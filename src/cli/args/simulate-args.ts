// Command-line flags for `npm run simulate`. Pure: parse and resolve, or explain what is wrong in
// a UsageError naming the flag (the CLI prints it and exits 2). The hardware, model and engine
// flags are predict's (./hardware-args.ts).

import type { ModelConfig } from '../../model/llm/models';
import { capacityBytes } from '../../model/predict/capacity';
import { SLAS } from '../../model/predict/chapter';
import {
  defaultScheduler,
  type SchedulerConfig,
  type SchedulerKind,
  validateScheduler,
} from '../../model/serving/batching/schedulers';
import {
  CHAPTER_OUTPUT_LENGTHS,
  CHAPTER_PROMPT_LENGTHS,
  type LengthDist,
  validateLengthDist,
} from '../../model/serving/requests/lengths';
import { type FlagSpecs, parseFlags } from './flags';
import {
  argChecks,
  HARDWARE_FLAGS,
  type HardwareArgs,
  parseEngine,
  parseHardware,
  WEIGHTS_CHOICES,
} from './hardware-args';
import { MODEL_FILE_USAGE, noFiles, type ReadText } from './model-flags';
import { ENGINE_USAGE } from './predict-engine-args';

export const SIMULATE_USAGE = `Usage: npm run simulate -- --model ID --weights FORMAT [--bits-per-weight X]
         (--gpu ID | --bandwidth-gbps B --tflops T | --from RESULTS.json)
         [--engine ID | --runtime native|browser] [--tp N] [--fp32-tflops F]
         (--rate λ | --users N [--think-ms T] | --trace FILE | --sweep) [--requests N]
         [--prompt-dist D] [--output-dist D] [--scheduler static|continuous|chunked]
         [--max-batch N] [--kv-tokens N | --memory-gb G] [--seed S] [--json]
         (or --model-config PATH instead of --model; [--kv-bits 16|8|4])

Simulates a server under load: requests arrive, queue, are batched and decoded with step times
from the predictor (spec mode from a datasheet, measured mode from a results document), and
reports P50/P95/P99 of TTFT, ITL and E2E, throughput, and goodput per SLA of the chapter
(${SLAS.map((s) => s.id).join(', ')}).

  --model ID            llama-3-8b, llama-3-70b, llama-3.2-1b, … (a bad id lists them all)
  --weights FORMAT      ${WEIGHTS_CHOICES}
  --bits-per-weight X   override the bits per weight, scales included
  --gpu ID              a reference GPU's datasheet: a100, h100-sxm, rtx-4090, rx-7900-xtx,
                        arc-b580, m3-max, … (a bad id lists them all; an id also works
                        without its rtx-/rx-/arc- prefix or dashes: 4070, 7900xtx, b580)
  --bandwidth-gbps B    your own datasheet: peak memory bandwidth in GB/s …
  --tflops T            … and peak dense FP16 TFLOP/s (tensor, FP32 accumulate; a GeForce
                        --gpu also knows its FP16-accumulate rate, which llama.cpp prefill uses)
  --from RESULTS.json   a results document: step times from the kernels as measured
${ENGINE_USAGE}
  --rate λ              Poisson arrivals, requests per second
  --users N             a closed loop of N users, each sending again when its reply ends …
  --think-ms T          … after an exponential think time of mean T ms (default 0)
  --trace FILE          replay arrivals and lengths: lines of "arrival_s, prompt_tokens, output_tokens"
  --sweep               sweep λ from light load to past saturation; the highest λ per SLA
  --requests N          requests to simulate (default 1000; per rate with --sweep)
  --prompt-dist D       prompt lengths: fixed:N, exp:MEAN or lognormal:MEAN:P99 (default fixed:512)
  --output-dist D       output lengths, likewise (default lognormal:128:512, the chapter's)
  --scheduler S         continuous (default), chunked (chunked prefill) or static
  --max-batch N         most sequences in a batch (default 256)
  --kv-tokens N         KV-cache room in tokens (default: the GPU memory left after the weights)
                        (--memory-gb also goes with --from: the GPU's memory, which WebGPU
                        does not report; GB as on its label, read as GiB)
  --seed S              random seed (default 1): the same seed gives the same run
${MODEL_FILE_USAGE}
  --json                print one JSON object instead of a table
  --help                show this message`;

export type LoadSpec =
  | { kind: 'rate'; ratePerS: number }
  | { kind: 'users'; users: number; thinkMs: number }
  | { kind: 'trace'; path: string }
  | { kind: 'sweep' };

export interface SimulateArgs extends HardwareArgs {
  load: LoadSpec;
  requests: number;
  prompt: LengthDist;
  output: LengthDist;
  scheduler: SchedulerConfig;
  kvTokens: number | undefined;
  memoryBytes: number | undefined;
  seed: number;
  json: boolean;
}

export type ParsedSimulateArgs = { help: true } | ({ help: false } & SimulateArgs);

const SIMULATE_FLAGS = {
  ...HARDWARE_FLAGS,
  rate: { type: 'string', value: 'a rate in requests/s' },
  users: { type: 'string', value: 'a number of users' },
  'think-ms': { type: 'string', value: 'a time in ms' },
  trace: { type: 'string', value: 'a trace file' },
  sweep: { type: 'boolean' },
  requests: { type: 'string', value: 'a number of requests' },
  'prompt-dist': { type: 'string', value: 'fixed:N, exp:MEAN or lognormal:MEAN:P99' },
  'output-dist': { type: 'string', value: 'fixed:N, exp:MEAN or lognormal:MEAN:P99' },
  scheduler: { type: 'string', value: 'static, continuous or chunked' },
  'max-batch': { type: 'string', value: 'a batch size' },
  'kv-tokens': { type: 'string', value: 'a token count' },
  seed: { type: 'string', value: 'a whole number' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const satisfies FlagSpecs;

type Values = ReturnType<typeof parseFlags<typeof SIMULATE_FLAGS>>['values'];

const c = argChecks(SIMULATE_USAGE);

/** Most requests one run may simulate (a 10,000-request run takes well under a second). */
export const MAX_REQUESTS = 1_000_000;

/** `fixed:N`, `exp:MEAN` or `lognormal:MEAN:P99`, checked as the simulator checks it. */
export function parseLengthDist(flag: string, text: string): LengthDist {
  const [kind, ...rest] = text.split(':');
  const nums = rest.map((v) => c.positiveNumber(flag, v, 1e7));
  const shape = (n: number, form: string) => {
    if (nums.length !== n) throw c.usageError(`${flag} ${kind} takes ${form}, got "${text}".`);
  };
  let dist: LengthDist;
  if (kind === 'fixed') {
    shape(1, 'one token count (fixed:512)');
    dist = { kind: 'fixed', tokens: nums[0] as number };
  } else if (kind === 'exp' || kind === 'exponential') {
    shape(1, 'a mean (exp:128)');
    dist = { kind: 'exponential', mean: nums[0] as number };
  } else if (kind === 'lognormal') {
    shape(2, 'a mean and a P99 (lognormal:128:512)');
    dist = { kind: 'lognormal', mean: nums[0] as number, p99: nums[1] as number };
  } else {
    throw c.usageError(`${flag} must be fixed:N, exp:MEAN or lognormal:MEAN:P99, got "${text}".`);
  }
  try {
    validateLengthDist(dist, flag);
  } catch (e) {
    throw c.usageError(`${(e as Error).message}.`);
  }
  return dist;
}

function parseLoad(v: Values): LoadSpec {
  const given = (['rate', 'users', 'trace', 'sweep'] as const).filter((f) => v[f] !== undefined);
  if (given.length === 0) {
    throw c.usageError('Say how requests arrive: --rate λ, --users N, --trace FILE or --sweep.');
  }
  if (given.length > 1) {
    throw c.usageError(
      `Give only one of --rate, --users, --trace and --sweep (got ${given.map((f) => `--${f}`).join(' and ')}).`,
    );
  }
  if (v['think-ms'] !== undefined && v.users === undefined) {
    throw c.usageError('--think-ms goes with --users.');
  }
  if (v.rate !== undefined)
    return { kind: 'rate', ratePerS: c.positiveNumber('--rate', v.rate, 1e6) };
  if (v.users !== undefined) {
    const think = v['think-ms'];
    return {
      kind: 'users',
      users: c.count('--users', v.users, 1, 1_000_000),
      thinkMs:
        think === undefined ? 0 : think === '0' ? 0 : c.positiveNumber('--think-ms', think, 1e9),
    };
  }
  if (v.trace !== undefined) {
    if (v['prompt-dist'] !== undefined || v['output-dist'] !== undefined) {
      throw c.usageError(
        '--trace gives each request its lengths: drop --prompt-dist/--output-dist.',
      );
    }
    return { kind: 'trace', path: v.trace };
  }
  return { kind: 'sweep' };
}

function parseScheduler(v: Values): SchedulerConfig {
  const kind = v.scheduler ?? 'continuous';
  if (kind !== 'static' && kind !== 'continuous' && kind !== 'chunked') {
    throw c.usageError(`--scheduler must be static, continuous or chunked, got "${kind}".`);
  }
  const base = defaultScheduler(kind as SchedulerKind);
  const maxBatch = v['max-batch'];
  const config =
    maxBatch === undefined
      ? base
      : { ...base, maxBatch: c.count('--max-batch', maxBatch, 1, 65_536) };
  try {
    validateScheduler(config);
  } catch (e) {
    throw c.usageError(`--max-batch: ${(e as Error).message}.`);
  }
  return config;
}

/** Fixed prompt and output lengths beyond the model's context limit are refused. */
function checkFixedLengths(model: ModelConfig, prompt: LengthDist, output: LengthDist): void {
  const max = model.maxContextTokens;
  const fixed = [prompt, output].map((d) => (d.kind === 'fixed' ? d.tokens : 0));
  const total = fixed.reduce((a, b) => a + b, 0);
  if (total > max) {
    throw c.usageError(
      `--prompt-dist/--output-dist: fixed lengths of ${total} tokens exceed ${model.name}'s context limit of ${max} tokens (max_position_embeddings).`,
    );
  }
}

/** Parses and resolves the flags; `readText` reads --model-config's file. */
export function parseSimulateArgs(
  argv: readonly string[],
  readText: ReadText = noFiles,
): ParsedSimulateArgs {
  const { values: v } = parseFlags(argv, SIMULATE_FLAGS, {
    usage: SIMULATE_USAGE,
    repeated: 'error',
  });
  if (v.help) return { help: true };
  if (v['kv-tokens'] !== undefined && v['memory-gb'] !== undefined) {
    throw c.usageError('Give --kv-tokens or --memory-gb, not both.');
  }
  const cli = { usage: SIMULATE_USAGE, verb: 'simulate', readText, memoryWithResults: true };
  const hardware = parseEngine(v, parseHardware(v, cli), undefined, cli);
  const load = parseLoad(v);
  const prompt =
    v['prompt-dist'] === undefined
      ? CHAPTER_PROMPT_LENGTHS
      : parseLengthDist('--prompt-dist', v['prompt-dist']);
  const output =
    v['output-dist'] === undefined
      ? CHAPTER_OUTPUT_LENGTHS
      : parseLengthDist('--output-dist', v['output-dist']);
  checkFixedLengths(hardware.model, prompt, output);
  const kv = v['kv-tokens'];
  // --from: the measured GPU's memory (GB on its label, read as GiB like a datasheet's); a
  // datasheet's --memory-gb goes into its spec instead.
  const mem = hardware.source.kind === 'results' ? hardware.memoryGB : undefined;
  return {
    help: false,
    ...hardware,
    load,
    requests: v.requests === undefined ? 1000 : c.count('--requests', v.requests, 1, MAX_REQUESTS),
    prompt,
    output,
    scheduler: parseScheduler(v),
    kvTokens: kv === undefined ? undefined : c.count('--kv-tokens', kv, 1),
    memoryBytes: mem === undefined ? undefined : capacityBytes(mem),
    seed: v.seed === undefined ? 1 : c.count('--seed', v.seed, 0, 2 ** 32 - 1),
    json: v.json === true,
  };
}
