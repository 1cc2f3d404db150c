// `npm run bench -- --decode MODEL:FORMAT [--context L] [--tokens T] [--layers k] [--prompt P]
// [--decode-budget-mib M]`: which whole-model decode run to make. Pure: parse or explain.

import { DEFAULT_DECODE, DEFAULT_DECODE_BUDGET, type DecodeSpec, MiB } from '../../bench/decode';
import { FORMAT_IDS, formatId, MODEL_FORMAT_IDS } from '../../core/formats';
import { findModel, MODELS } from '../../model/llm/models';
import type { FlagSpecs } from './flags';

export const DECODE_FLAGS: FlagSpecs = {
  decode: { type: 'string', value: 'MODEL:FORMAT (e.g. llama-3.2-1b:int4)' },
  context: { type: 'string', value: 'a token count' },
  tokens: { type: 'string', value: 'a token count' },
  layers: { type: 'string', value: 'a layer count' },
  prompt: { type: 'string', value: 'a token count' },
  'decode-budget-mib': { type: 'string', value: 'a size in MiB' },
};

export const DECODE_USAGE = `Whole-model decode (synthetic weights, verified, beside the measured-mode prediction):
  --decode MODEL:FORMAT         decode this catalogue model at this format (e.g. llama-3.2-1b:int4)
                                instead of the Quick plan's ${'smollm2-135m:int4'}; runs the Quick plan's kernels
  --context L                   random KV cache positions before the timed tokens (default ${DEFAULT_DECODE.context})
  --tokens T                    timed tokens (default ${DEFAULT_DECODE.tokens})
  --layers k                    run at most k layers and scale to all (default: as many as fit)
  --prompt P                    prompt tokens for TTFT (default ${DEFAULT_DECODE.promptTokens})
  --decode-budget-mib M         GPU memory the model may use (default ${DEFAULT_DECODE_BUDGET / MiB})`;

const RANGES = {
  context: [0, 131_072],
  tokens: [1, 1024],
  layers: [1, 1000],
  prompt: [1, 4096],
  'decode-budget-mib': [1, 1 << 20],
} as const;

/** The decode spec the flags ask for, null without --decode; a string names what is wrong. */
export function parseDecodeFlags(
  values: Readonly<Record<string, string | true | undefined>>,
): DecodeSpec | null | string {
  const given = (Object.keys(RANGES) as (keyof typeof RANGES)[]).filter(
    (k) => values[k] !== undefined,
  );
  const spec = values.decode;
  if (typeof spec !== 'string') {
    return given.length > 0 ? `--${given[0]} needs --decode MODEL:FORMAT.` : null;
  }
  const [modelName = '', formatName = '', ...rest] = spec.split(':');
  const model = findModel(modelName);
  const format = formatId(formatName);
  if (rest.length > 0 || model === undefined || format === undefined) {
    return `--decode: expected MODEL:FORMAT with MODEL one of ${MODELS.map((m) => m.id).join(', ')} and FORMAT one of ${FORMAT_IDS.join(', ')} (served: ${MODEL_FORMAT_IDS.join(', ')}); got "${spec}".`;
  }
  const numbers: Partial<Record<keyof typeof RANGES, number>> = {};
  for (const key of given) {
    const text = values[key];
    const value = Number(text);
    const [lo, hi] = RANGES[key];
    if (typeof text !== 'string' || !/^\d+$/.test(text) || value < lo || value > hi) {
      return `--${key} must be a whole number from ${lo} to ${hi}; got "${String(text)}".`;
    }
    numbers[key] = value;
  }
  return {
    model: model.id,
    format,
    context: numbers.context ?? DEFAULT_DECODE.context,
    tokens: numbers.tokens ?? DEFAULT_DECODE.tokens,
    promptTokens: numbers.prompt ?? DEFAULT_DECODE.promptTokens,
    ...(numbers.layers === undefined ? {} : { layers: numbers.layers }),
    budgetBytes: (numbers['decode-budget-mib'] ?? DEFAULT_DECODE_BUDGET / MiB) * MiB,
  };
}
