// The flags that say which model runs on which hardware, shared by `npm run predict` and
// `npm run simulate`: --model, --weights (--bits-per-weight), one source (--gpu, a datasheet, or
// --from a results file) and the runtime profile for spec mode. Pure: resolves the ids, or explains
// what is wrong in a UsageError ending with the calling CLI's usage text. A new way to pick the
// runtime (an engine) belongs in parseHardware, so that both CLIs take it.

import { errorMessage } from '../core/error-message';
import { FORMATS, resolveFormat, type WeightFormat } from '../core/formats';
import { GPU_ALIASES, type GpuSpec, getGpu } from '../model/gpus';
import { getModel, MODEL_ALIASES, type ModelConfig } from '../model/llm';
import { getProfile, type ProfileId } from '../model/profiles';
import { type FlagSpecs, type ParsedFlags, UsageError } from './flags';

/** --weights' listed choices: the formats models are served in, with their aliases. */
const servedFormats = FORMATS.filter((f) => f.servesModels);
export const WEIGHTS_CHOICES = `${servedFormats.map((f) => f.id).join(' | ')} (aliases ${servedFormats
  .flatMap((f) => f.aliases)
  .join(', ')})`;

export const HARDWARE_FLAGS = {
  model: { type: 'string', value: 'a model id' },
  weights: { type: 'string', value: 'a weight format' },
  'bits-per-weight': { type: 'string', value: 'a number' },
  gpu: { type: 'string', value: 'a GPU id' },
  'bandwidth-gbps': { type: 'string', value: 'a number (GB/s)' },
  tflops: { type: 'string', value: 'a number (TFLOP/s)' },
  from: { type: 'string', value: 'a results file' },
  runtime: { type: 'string', value: 'native or browser' },
} as const satisfies FlagSpecs;

type HardwareFlags = ParsedFlags<typeof HARDWARE_FLAGS>['values'];

export type PredictSource =
  | { kind: 'gpu'; gpu: GpuSpec }
  | { kind: 'datasheet'; bandwidthGBps: number; tflops: number }
  | { kind: 'results'; path: string };

export interface HardwareArgs {
  model: ModelConfig;
  format: WeightFormat;
  source: PredictSource;
  /** Spec mode only; measured mode runs on the kernels as measured. */
  runtime: ProfileId;
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
    return { kind: 'gpu', gpu: c.resolve('--gpu', () => getGpu(gpu), GPU_ALIASES) };
  if (from !== undefined) return { kind: 'results', path: from };
  if (bw === undefined || tflops === undefined) {
    throw c.usageError('--bandwidth-gbps and --tflops go together: give both.');
  }
  return {
    kind: 'datasheet',
    bandwidthGBps: c.positiveNumber('--bandwidth-gbps', bw, 1e6),
    tflops: c.positiveNumber('--tflops', tflops, 1e6),
  };
}

/**
 * The model, weight format, source and runtime profile from the flags. `verb` words the missing
 * source ("Say what to predict for: …").
 */
export function parseHardware(values: HardwareFlags, usage: string, verb: string): HardwareArgs {
  const c = argChecks(usage);
  const modelId = values.model;
  if (modelId === undefined) throw c.usageError('--model is required.');
  const formatName = values.weights;
  if (formatName === undefined) throw c.usageError('--weights is required.');
  const model = c.resolve('--model', () => getModel(modelId), MODEL_ALIASES);
  const bpwText = values['bits-per-weight'];
  const bpw =
    bpwText === undefined ? undefined : c.positiveNumber('--bits-per-weight', bpwText, 64);
  const format = c.resolve('--weights', () => resolveFormat(formatName, bpw));

  const source = parseSource(values, c, verb);
  const runtimeText = values.runtime;
  if (runtimeText !== undefined && source.kind === 'results') {
    throw c.usageError(
      '--runtime applies to --gpu and --bandwidth-gbps/--tflops; --from predicts from the kernels as measured.',
    );
  }
  const runtime =
    runtimeText === undefined ? 'native' : c.resolve('--runtime', () => getProfile(runtimeText)).id;
  return { model, format, source, runtime };
}
