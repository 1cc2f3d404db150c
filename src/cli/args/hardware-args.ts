// The flags that say which model runs on which hardware with which engine, shared by
// `npm run predict` and `npm run simulate`: --model or --model-config, --weights
// (--bits-per-weight), one source (--gpu, a datasheet, or --from a results file), the engine flags
// of ./predict-engine-args.ts and --kv-bits. Pure apart from the file reader it is given:
// resolves the ids, or explains what is wrong in a UsageError ending with the calling CLI's usage
// text. A new hardware or engine flag belongs here, so that both CLIs take it.

import { errorMessage } from '../../core/error-message';
import { FORMAT_PRESETS } from '../../core/format-presets';
import { FORMATS, resolveFormat, type WeightFormat } from '../../core/formats';
import { GPU_NAMED_ALIASES, type GpuSpec, getGpu } from '../../model/hardware/gpus';
import type { KvBits } from '../../model/llm/kv-format';
import { getModel, MODEL_ALIASES, type ModelConfig } from '../../model/llm/models';
import { type FlagSpecs, type ParsedFlags, UsageError } from './flags';
import { MODEL_FILE_FLAGS, parseKvBits, type ReadText, readModelConfigFile } from './model-flags';
import {
  type ContextLengths,
  ENGINE_FLAGS,
  type EngineArgs,
  parseEngineArgs,
} from './predict-engine-args';

/** --weights' listed choices: the formats models are served in, with their aliases, and presets. */
const servedFormats = FORMATS.filter((f) => f.servesModels);
export const WEIGHTS_CHOICES = `${servedFormats.map((f) => f.id).join(' | ')} (aliases ${servedFormats
  .flatMap((f) => f.aliases)
  .join(', ')}),
                        or a file preset: ${FORMAT_PRESETS.map((p) => p.id).join(' | ')}`;

export const HARDWARE_FLAGS = {
  model: { type: 'string', value: 'a model id' },
  weights: { type: 'string', value: 'a weight format' },
  'bits-per-weight': { type: 'string', value: 'a number' },
  gpu: { type: 'string', value: 'a GPU id' },
  'bandwidth-gbps': { type: 'string', value: 'a number (GB/s)' },
  tflops: { type: 'string', value: 'a number (TFLOP/s)' },
  from: { type: 'string', value: 'a results file' },
  ...ENGINE_FLAGS,
  ...MODEL_FILE_FLAGS,
} as const satisfies FlagSpecs;

type HardwareFlags = ParsedFlags<typeof HARDWARE_FLAGS>['values'];

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

/** The model, its weights and the hardware: what parseHardware resolves. */
export interface ModelOnHardware {
  model: ModelConfig;
  format: WeightFormat;
  source: PredictSource;
}

export interface HardwareArgs extends ModelOnHardware, EngineArgs {
  /** KV-cache bits (--kv-bits); undefined: 16. */
  kvBits: KvBits | undefined;
}

/** How one CLI words and reads the shared flags. */
export interface HardwareCli {
  usage: string;
  /** Words the missing source ("Say what to predict for: …"). */
  verb: string;
  /** Reads --model-config's file. */
  readText: ReadText;
  /** --memory-gb also with --from: the measured GPU's memory, which WebGPU does not report. */
  memoryWithResults?: boolean;
}

/** Largest token count or batch accepted: far beyond any model's context, well inside 2^53. */
export const MAX_COUNT = 10_000_000;

const DECIMAL = /^(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

/** Number and id checks whose UsageErrors end with one CLI's usage text. */
export function argChecks(usage: string) {
  const usageError = (reason: string) => new UsageError(reason, usage);
  return {
    usageError,
    /** A finite number > 0 (and ≤ max), written as a plain decimal. */
    positiveNumber(flag: string, value: string, max: number): number {
      const v = DECIMAL.test(value) ? Number(value) : Number.NaN;
      if (!Number.isFinite(v) || v <= 0 || v > max) {
        throw usageError(
          `${flag} must be a number greater than 0 and at most ${max}, got "${value}".`,
        );
      }
      return v;
    },
    /** A whole number in [min, max]. */
    count(flag: string, value: string, min: 0 | 1, max = MAX_COUNT): number {
      const v = /^\d+$/.test(value) ? Number(value) : Number.NaN;
      if (!Number.isSafeInteger(v) || v < min || v > max) {
        const what = min === 1 ? 'a whole number ≥ 1' : 'a whole number ≥ 0';
        throw usageError(`${flag} must be ${what} (at most ${max}), got "${value}".`);
      }
      return v;
    },
    /** Runs a resolver from the model layer; its error (which lists the choices) becomes a UsageError. */
    resolve<T>(flag: string, f: () => T, aliases: Readonly<Record<string, string>> = {}): T {
      try {
        return f();
      } catch (e) {
        const names = Object.keys(aliases);
        const also = names.length === 0 ? '' : ` (aliases: ${names.join(', ')})`;
        throw usageError(`${flag}: ${errorMessage(e)}${also}.`);
      }
    },
  };
}

type Checks = ReturnType<typeof argChecks>;

function parseSource(values: HardwareFlags, c: Checks, verb: string): PredictSource {
  const { gpu, 'bandwidth-gbps': bw, tflops, from } = values;
  const given = [
    gpu === undefined ? [] : ['--gpu'],
    bw === undefined && tflops === undefined ? [] : ['--bandwidth-gbps/--tflops'],
    from === undefined ? [] : ['--from'],
  ].flat();
  if (given.length === 0) {
    throw c.usageError(
      `Say what to ${verb} for: --gpu ID, --bandwidth-gbps B with --tflops T, or --from RESULTS.json.`,
    );
  }
  if (given.length > 1) {
    throw c.usageError(
      `Give only one of --gpu, --bandwidth-gbps/--tflops and --from (got ${given.join(' and ')}).`,
    );
  }
  if (gpu !== undefined)
    return { kind: 'gpu', gpu: c.resolve('--gpu', () => getGpu(gpu), GPU_NAMED_ALIASES) };
  if (from !== undefined) return { kind: 'results', path: from };
  if (bw === undefined || tflops === undefined) {
    throw c.usageError('--bandwidth-gbps and --tflops go together: give both.');
  }
  const fp32 = values['fp32-tflops'];
  return {
    kind: 'datasheet',
    bandwidthGBps: c.positiveNumber('--bandwidth-gbps', bw, 1e6),
    tflops: c.positiveNumber('--tflops', tflops, 1e6),
    ...(fp32 === undefined ? {} : { fp32Tflops: c.positiveNumber('--fp32-tflops', fp32, 1e6) }),
  };
}

/** The model: a catalogue id (--model) or a config.json (--model-config), exactly one. */
function parseModel(values: HardwareFlags, c: Checks, readText: ReadText): ModelConfig {
  const { model: modelId, 'model-config': configPath } = values;
  if (modelId !== undefined && configPath !== undefined) {
    throw c.usageError('Give --model or --model-config, not both.');
  }
  if (configPath !== undefined) return readModelConfigFile(configPath, readText);
  if (modelId === undefined) throw c.usageError('--model is required.');
  return c.resolve('--model', () => getModel(modelId), MODEL_ALIASES);
}

/**
 * The model, weight format and source from the flags. A --model-config file that cannot be read
 * or understood is a ModelConfigFileError (one line, exit 1), not a usage error.
 */
export function parseHardware(values: HardwareFlags, cli: HardwareCli): ModelOnHardware {
  const c = argChecks(cli.usage);
  const formatName = values.weights;
  if (formatName === undefined && values.model !== undefined) {
    throw c.usageError('--weights is required.');
  }
  const model = parseModel(values, c, cli.readText);
  if (formatName === undefined) throw c.usageError('--weights is required.');
  const bpwText = values['bits-per-weight'];
  const bpw =
    bpwText === undefined ? undefined : c.positiveNumber('--bits-per-weight', bpwText, 64);
  const format = c.resolve('--weights', () => resolveFormat(formatName, bpw));
  return { model, format, source: parseSource(values, c, cli.verb) };
}

/**
 * The engine flags and --kv-bits for a model on hardware. `lengths`, where the CLI has them, are
 * checked against the model's context limit.
 */
export function parseEngine(
  values: HardwareFlags,
  hardware: ModelOnHardware,
  lengths: ContextLengths | undefined,
  cli: HardwareCli,
): HardwareArgs {
  const { usageError } = argChecks(cli.usage);
  const engineArgs = parseEngineArgs(
    values,
    {
      ...hardware,
      ...(lengths === undefined ? {} : { lengths }),
      ...(cli.memoryWithResults === true ? { memoryWithResults: true } : {}),
    },
    usageError,
  );
  return {
    ...hardware,
    ...engineArgs,
    kvBits: parseKvBits(values['kv-bits'], usageError),
  };
}
