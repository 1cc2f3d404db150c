// Command-line flags for `npm run predict`. Pure: parse and resolve the ids, or explain what is
// wrong in a UsageError (the CLI prints it and exits 2).

import { errorMessage } from '../core/error-message';
import { FORMAT_PRESETS } from '../core/format-presets';
import { FORMATS, resolveFormat, type WeightFormat } from '../core/formats';
import { GPU_ALIASES, type GpuSpec, getGpu } from '../model/gpus';
import type { KvBits } from '../model/kv-format';
import { getModel, MODEL_ALIASES, type ModelConfig } from '../model/llm';
import { DEFAULT_OUTPUT_TOKENS, DEFAULT_PROMPT_TOKENS } from '../model/predictor';
import { type FlagSpecs, type ParsedFlags, parseFlags, UsageError } from './flags';
import {
  MODEL_FILE_FLAGS,
  MODEL_FILE_USAGE,
  parseKvBits,
  type ReadText,
  readModelConfigFile,
} from './model-flags';
import {
  ENGINE_FLAGS,
  ENGINE_USAGE,
  type EngineArgs,
  parseEngineArgs,
} from './predict-engine-args';

/** --weights' listed choices: the formats models are served in, with their aliases, and presets. */
const servedFormats = FORMATS.filter((f) => f.servesModels);
const WEIGHTS_CHOICES = `${servedFormats.map((f) => f.id).join(' | ')} (aliases ${servedFormats
  .flatMap((f) => f.aliases)
  .join(', ')}),
                        or a file preset: ${FORMAT_PRESETS.map((p) => p.id).join(' | ')}`;

export const PREDICT_USAGE = `Usage: npm run predict -- --model ID --weights FORMAT [--bits-per-weight X]
         (--gpu ID | --bandwidth-gbps B --tflops T | --from RESULTS.json)
         [--engine ID | --runtime native|browser] [--tp N] [--fp32-tflops F]
         [--prompt P] [--output O] [--batch B] [--context L] [--json]
         (or --model-config PATH instead of --model; [--kv-bits 16|8|4])

Predicts LLM decode (ms/token), prefill (TTFT) and end-to-end latency, from a GPU's datasheet
or from a results document measured by \`npm run bench\` or the page, beside an A100.

  --model ID            llama-3-8b, llama-3-70b, llama-3.2-1b, … (a bad id lists them all)
  --weights FORMAT      ${WEIGHTS_CHOICES}
  --bits-per-weight X   override the bits per weight, scales included (AWQ g128 ≈ 4.25, FP8 = 8)
  --gpu ID              a reference GPU's datasheet: a100, h100-sxm, rtx-4090, m3-max, …
  --bandwidth-gbps B    your own datasheet: peak memory bandwidth in GB/s …
  --tflops T            … and peak dense FP16 TFLOP/s
  --from RESULTS.json   a results document: predict from the kernels as measured
${ENGINE_USAGE}
  --prompt P            prompt tokens for TTFT (default 512)
  --output O            output tokens for E2E (default 256)
  --batch B             concurrent sequences for ITL(B) and system tokens/s (default 1)
  --context L           cached tokens when ITL is taken (default prompt + output / 2)
${MODEL_FILE_USAGE}
  --json                print one JSON object instead of a table
  --help                show this message`;

export type PredictSource =
  | { kind: 'gpu'; gpu: GpuSpec }
  | {
      kind: 'datasheet';
      bandwidthGBps: number;
      /** Dense FP16 tensor TFLOP/s (--tflops). */
      tflops: number;
      /** FP32 shader TFLOP/s (--fp32-tflops): what WebGPU engines run prefill on. */
      fp32Tflops?: number;
    }
  | { kind: 'results'; path: string };

export interface PredictArgs extends EngineArgs {
  model: ModelConfig;
  format: WeightFormat;
  source: PredictSource;
  promptTokens: number;
  outputTokens: number;
  batch: number;
  /** Undefined: the predictor's default (prompt + output / 2). */
  context: number | undefined;
  /** KV-cache bits (--kv-bits); undefined: 16. */
  kvBits: KvBits | undefined;
  json: boolean;
}

export type ParsedPredictArgs = { help: true } | ({ help: false } & PredictArgs);

const PREDICT_FLAGS = {
  model: { type: 'string', value: 'a model id' },
  weights: { type: 'string', value: 'a weight format' },
  'bits-per-weight': { type: 'string', value: 'a number' },
  gpu: { type: 'string', value: 'a GPU id' },
  'bandwidth-gbps': { type: 'string', value: 'a number (GB/s)' },
  tflops: { type: 'string', value: 'a number (TFLOP/s)' },
  from: { type: 'string', value: 'a results file' },
  ...ENGINE_FLAGS,
  prompt: { type: 'string', value: 'a token count' },
  output: { type: 'string', value: 'a token count' },
  batch: { type: 'string', value: 'a batch size' },
  context: { type: 'string', value: 'a token count' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
  ...MODEL_FILE_FLAGS,
} as const satisfies FlagSpecs;

type PredictFlags = ParsedFlags<typeof PREDICT_FLAGS>['values'];

/** A UsageError ending with the predict CLI's usage text. */
const usageError = (reason: string) => new UsageError(reason, PREDICT_USAGE);

/** Largest token count or batch accepted: far beyond any model's context, well inside 2^53. */
export const MAX_COUNT = 10_000_000;

const DECIMAL = /^(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

/** A finite number > 0 (and ≤ max), written as a plain decimal. */
function positiveNumber(flag: string, value: string, max: number): number {
  const v = DECIMAL.test(value) ? Number(value) : Number.NaN;
  if (!Number.isFinite(v) || v <= 0 || v > max) {
    throw usageError(`${flag} must be a number greater than 0 and at most ${max}, got "${value}".`);
  }
  return v;
}

/** A whole number in [min, MAX_COUNT]. */
function count(flag: string, value: string, min: 0 | 1): number {
  const v = /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(v) || v < min || v > MAX_COUNT) {
    const what = min === 1 ? 'a whole number ≥ 1' : 'a whole number ≥ 0';
    throw usageError(`${flag} must be ${what} (at most ${MAX_COUNT}), got "${value}".`);
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
    throw usageError(`${flag}: ${errorMessage(e)}${also}.`);
  }
}

function parseSource(values: PredictFlags): PredictSource {
  const { gpu, 'bandwidth-gbps': bw, tflops, from } = values;
  const given = [
    gpu === undefined ? [] : ['--gpu'],
    bw === undefined && tflops === undefined ? [] : ['--bandwidth-gbps/--tflops'],
    from === undefined ? [] : ['--from'],
  ].flat();
  if (given.length === 0) {
    throw usageError(
      'Say what to predict for: --gpu ID, --bandwidth-gbps B with --tflops T, or --from RESULTS.json.',
    );
  }
  if (given.length > 1) {
    throw usageError(
      `Give only one of --gpu, --bandwidth-gbps/--tflops and --from (got ${given.join(' and ')}).`,
    );
  }
  if (gpu !== undefined)
    return { kind: 'gpu', gpu: resolve('--gpu', () => getGpu(gpu), GPU_ALIASES) };
  if (from !== undefined) return { kind: 'results', path: from };
  if (bw === undefined || tflops === undefined) {
    throw usageError('--bandwidth-gbps and --tflops go together: give both.');
  }
  const fp32 = values['fp32-tflops'];
  return {
    kind: 'datasheet',
    bandwidthGBps: positiveNumber('--bandwidth-gbps', bw, 1e6),
    tflops: positiveNumber('--tflops', tflops, 1e6),
    ...(fp32 === undefined ? {} : { fp32Tflops: positiveNumber('--fp32-tflops', fp32, 1e6) }),
  };
}

/** Files cannot be read here unless the caller says how (the CLI passes node:fs). */
const noFiles: ReadText = () => {
  throw new Error('no file reader');
};

/** The model: a catalogue id (--model) or a config.json (--model-config), exactly one. */
function parseModel(values: PredictFlags, readText: ReadText): ModelConfig {
  const { model: modelId, 'model-config': configPath } = values;
  if (modelId !== undefined && configPath !== undefined) {
    throw usageError('Give --model or --model-config, not both.');
  }
  if (configPath !== undefined) return readModelConfigFile(configPath, readText);
  if (modelId === undefined) throw usageError('--model is required.');
  return resolve('--model', () => getModel(modelId), MODEL_ALIASES);
}

/**
 * Parses and resolves the flags. `readText` reads --model-config's file; a file that cannot be
 * read or understood is a ModelConfigFileError (one line, exit 1), not a usage error.
 */
export function parsePredictArgs(
  argv: readonly string[],
  readText: ReadText = noFiles,
): ParsedPredictArgs {
  const { values } = parseFlags(argv, PREDICT_FLAGS, { usage: PREDICT_USAGE, repeated: 'error' });
  if (values.help) return { help: true };

  const formatName = values.weights;
  if (formatName === undefined && values.model !== undefined) {
    throw usageError('--weights is required.');
  }
  const model = parseModel(values, readText);
  if (formatName === undefined) throw usageError('--weights is required.');
  const bpwText = values['bits-per-weight'];
  const bpw = bpwText === undefined ? undefined : positiveNumber('--bits-per-weight', bpwText, 64);
  const format = resolve('--weights', () => resolveFormat(formatName, bpw));

  const source = parseSource(values);

  const opt = (flag: 'prompt' | 'output' | 'batch', min: 0 | 1, fallback: number) => {
    const v = values[flag];
    return v === undefined ? fallback : count(`--${flag}`, v, min);
  };
  const contextText = values.context;
  const lengths = {
    promptTokens: opt('prompt', 1, DEFAULT_PROMPT_TOKENS),
    outputTokens: opt('output', 1, DEFAULT_OUTPUT_TOKENS),
    batch: opt('batch', 1, 1),
    context: contextText === undefined ? undefined : count('--context', contextText, 0),
  };
  const engineArgs = parseEngineArgs(values, { model, format, source, ...lengths }, usageError);
  return {
    help: false,
    model,
    format,
    source,
    ...engineArgs,
    ...lengths,
    kvBits: parseKvBits(values['kv-bits'], usageError),
    json: values.json === true,
  };
}
