// Command-line flags for `npm run predict`. Pure: parse and resolve the ids, or explain what is
// wrong in a UsageError (the CLI prints it and exits 2).

import { errorMessage } from '../core/error-message';
import { FORMATS, resolveFormat, type WeightFormat } from '../core/formats';
import { GPU_ALIASES, type GpuSpec, getGpu } from '../model/gpus';
import { getModel, MODEL_ALIASES, type ModelConfig } from '../model/llm';
import { DEFAULT_OUTPUT_TOKENS, DEFAULT_PROMPT_TOKENS } from '../model/predictor';
import { getProfile, type ProfileId } from '../model/profiles';

/** --weights' listed choices: the formats models are served in, with their aliases. */
const servedFormats = FORMATS.filter((f) => f.servesModels);
const WEIGHTS_CHOICES = `${servedFormats.map((f) => f.id).join(' | ')} (aliases ${servedFormats
  .flatMap((f) => f.aliases)
  .join(', ')})`;

export const PREDICT_USAGE = `Usage: npm run predict -- --model ID --weights FORMAT [--bits-per-weight X]
         (--gpu ID | --bandwidth-gbps B --tflops T | --from RESULTS.json)
         [--runtime native|browser] [--prompt P] [--output O] [--batch B] [--context L] [--json]

Predicts LLM decode (ms/token), prefill (TTFT) and end-to-end latency, from a GPU's datasheet
or from a results document measured by \`npm run bench\` or the page, beside an A100.

  --model ID            llama-3-8b, llama-3-70b, llama-3.2-1b, … (a bad id lists them all)
  --weights FORMAT      ${WEIGHTS_CHOICES}
  --bits-per-weight X   override the bits per weight, scales included (AWQ g128 ≈ 4.25, FP8 = 8)
  --gpu ID              a reference GPU's datasheet: a100, h100-sxm, rtx-4090, m3-max, …
  --bandwidth-gbps B    your own datasheet: peak memory bandwidth in GB/s …
  --tflops T            … and peak dense FP16 TFLOP/s
  --from RESULTS.json   a results document: predict from the kernels as measured
  --runtime R           native (default) or browser: the efficiency profile for --gpu or a datasheet
  --prompt P            prompt tokens for TTFT (default 512)
  --output O            output tokens for E2E (default 256)
  --batch B             concurrent sequences for ITL(B) and system tokens/s (default 1)
  --context L           cached tokens when ITL is taken (default prompt + output / 2)
  --json                print one JSON object instead of a table
  --help                show this message`;

export class UsageError extends Error {
  constructor(message: string) {
    super(`${message}\n\n${PREDICT_USAGE}`);
    this.name = 'UsageError';
  }
}

export type PredictSource =
  | { kind: 'gpu'; gpu: GpuSpec }
  | { kind: 'datasheet'; bandwidthGBps: number; tflops: number }
  | { kind: 'results'; path: string };

export interface PredictArgs {
  model: ModelConfig;
  format: WeightFormat;
  source: PredictSource;
  /** Spec mode only; measured mode runs on the kernels as measured. */
  runtime: ProfileId;
  promptTokens: number;
  outputTokens: number;
  batch: number;
  /** Undefined: the predictor's default (prompt + output / 2). */
  context: number | undefined;
  json: boolean;
}

export type ParsedPredictArgs = { help: true } | ({ help: false } & PredictArgs);

const VALUE_FLAGS = {
  '--model': 'a model id',
  '--weights': 'a weight format',
  '--bits-per-weight': 'a number',
  '--gpu': 'a GPU id',
  '--bandwidth-gbps': 'a number (GB/s)',
  '--tflops': 'a number (TFLOP/s)',
  '--from': 'a results file',
  '--runtime': 'native or browser',
  '--prompt': 'a token count',
  '--output': 'a token count',
  '--batch': 'a batch size',
  '--context': 'a token count',
} as const;
type ValueFlag = keyof typeof VALUE_FLAGS;

const isValueFlag = (name: string): name is ValueFlag => name in VALUE_FLAGS;

/** Largest token count or batch accepted: far beyond any model's context, well inside 2^53. */
export const MAX_COUNT = 10_000_000;

const DECIMAL = /^(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

/** A finite number > 0 (and ≤ max), written as a plain decimal. */
function positiveNumber(flag: string, value: string, max: number): number {
  const v = DECIMAL.test(value) ? Number(value) : Number.NaN;
  if (!Number.isFinite(v) || v <= 0 || v > max) {
    throw new UsageError(
      `${flag} must be a number greater than 0 and at most ${max}, got "${value}".`,
    );
  }
  return v;
}

/** A whole number in [min, MAX_COUNT]. */
function count(flag: string, value: string, min: 0 | 1): number {
  const v = /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(v) || v < min || v > MAX_COUNT) {
    const what = min === 1 ? 'a whole number ≥ 1' : 'a whole number ≥ 0';
    throw new UsageError(`${flag} must be ${what} (at most ${MAX_COUNT}), got "${value}".`);
  }
  return v;
}

/** Runs a resolver from the model layer; its error (which lists the choices) becomes a UsageError. */
function resolve<T>(flag: string, f: () => T, aliases: Readonly<Record<string, string>> = {}): T {
  try {
    return f();
  } catch (e) {
    const names = Object.keys(aliases);
    const also = names.length === 0 ? '' : ` (aliases: ${names.join(', ')})`;
    throw new UsageError(`${flag}: ${errorMessage(e)}${also}.`);
  }
}

/** Splits argv into flag → value, rejecting unknown, repeated and value-less flags. */
function collect(argv: readonly string[]): { values: Map<ValueFlag, string>; flags: Set<string> } {
  const values = new Map<ValueFlag, string>();
  const flags = new Set<string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    const eq = arg.startsWith('--') ? arg.indexOf('=') : -1;
    const name = eq === -1 ? arg : arg.slice(0, eq);
    if (name === '--json' || name === '--help' || name === '-h') {
      if (eq !== -1) throw new UsageError(`${name} takes no value.`);
      flags.add(name === '-h' ? '--help' : name);
      continue;
    }
    if (!isValueFlag(name)) throw new UsageError(`Unknown option: ${arg}`);
    const value = eq === -1 ? argv[++i] : arg.slice(eq + 1);
    if (value === undefined || value === '' || value.startsWith('--')) {
      throw new UsageError(`${name} needs ${VALUE_FLAGS[name]}.`);
    }
    if (values.has(name)) throw new UsageError(`${name} is given more than once.`);
    values.set(name, value);
  }
  return { values, flags };
}

function parseSource(values: Map<ValueFlag, string>): PredictSource {
  const gpu = values.get('--gpu');
  const bw = values.get('--bandwidth-gbps');
  const tflops = values.get('--tflops');
  const from = values.get('--from');
  const given = [
    gpu === undefined ? [] : ['--gpu'],
    bw === undefined && tflops === undefined ? [] : ['--bandwidth-gbps/--tflops'],
    from === undefined ? [] : ['--from'],
  ].flat();
  if (given.length === 0) {
    throw new UsageError(
      'Say what to predict for: --gpu ID, --bandwidth-gbps B with --tflops T, or --from RESULTS.json.',
    );
  }
  if (given.length > 1) {
    throw new UsageError(
      `Give only one of --gpu, --bandwidth-gbps/--tflops and --from (got ${given.join(' and ')}).`,
    );
  }
  if (gpu !== undefined)
    return { kind: 'gpu', gpu: resolve('--gpu', () => getGpu(gpu), GPU_ALIASES) };
  if (from !== undefined) return { kind: 'results', path: from };
  if (bw === undefined || tflops === undefined) {
    throw new UsageError('--bandwidth-gbps and --tflops go together: give both.');
  }
  return {
    kind: 'datasheet',
    bandwidthGBps: positiveNumber('--bandwidth-gbps', bw, 1e6),
    tflops: positiveNumber('--tflops', tflops, 1e6),
  };
}

export function parsePredictArgs(argv: readonly string[]): ParsedPredictArgs {
  const { values, flags } = collect(argv);
  if (flags.has('--help')) return { help: true };

  const modelId = values.get('--model');
  if (modelId === undefined) throw new UsageError('--model is required.');
  const formatName = values.get('--weights');
  if (formatName === undefined) throw new UsageError('--weights is required.');
  const model = resolve('--model', () => getModel(modelId), MODEL_ALIASES);
  const bpwText = values.get('--bits-per-weight');
  const bpw = bpwText === undefined ? undefined : positiveNumber('--bits-per-weight', bpwText, 64);
  const format = resolve('--weights', () => resolveFormat(formatName, bpw));

  const source = parseSource(values);
  const runtimeText = values.get('--runtime');
  if (runtimeText !== undefined && source.kind === 'results') {
    throw new UsageError(
      '--runtime applies to --gpu and --bandwidth-gbps/--tflops; --from predicts from the kernels as measured.',
    );
  }
  const runtime =
    runtimeText === undefined ? 'native' : resolve('--runtime', () => getProfile(runtimeText)).id;

  const opt = (flag: ValueFlag, min: 0 | 1, fallback: number) => {
    const v = values.get(flag);
    return v === undefined ? fallback : count(flag, v, min);
  };
  const contextText = values.get('--context');
  return {
    help: false,
    model,
    format,
    source,
    runtime,
    promptTokens: opt('--prompt', 1, DEFAULT_PROMPT_TOKENS),
    outputTokens: opt('--output', 1, DEFAULT_OUTPUT_TOKENS),
    batch: opt('--batch', 1, 1),
    context: contextText === undefined ? undefined : count('--context', contextText, 0),
    json: flags.has('--json'),
  };
}
