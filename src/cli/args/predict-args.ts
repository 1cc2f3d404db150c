// Command-line flags for `npm run predict`. Pure: parse and resolve the ids, or explain what is
// wrong in a UsageError (the CLI prints it and exits 2).

import { DEFAULT_OUTPUT_TOKENS, DEFAULT_PROMPT_TOKENS } from '../../model/predict/predictor';
import { type FlagSpecs, parseFlags } from './flags';
import {
  argChecks,
  HARDWARE_FLAGS,
  type HardwareArgs,
  MAX_COUNT,
  parseEngine,
  parseHardware,
  WEIGHTS_CHOICES,
} from './hardware-args';
import { MODEL_FILE_USAGE, noFiles, type ReadText } from './model-flags';
import { ENGINE_USAGE } from './predict-engine-args';

export type { PredictSource } from './hardware-args';
export { MAX_COUNT };

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
  --gpu ID              a reference GPU's datasheet: a100, h100-sxm, rtx-4090, rx-7900-xtx,
                        arc-b580, m3-max, … (a bad id lists them all; an id also works
                        without its rtx-/rx-/arc- prefix or dashes: 4070, 7900xtx, b580)
  --bandwidth-gbps B    your own datasheet: peak memory bandwidth in GB/s …
  --tflops T            … and peak dense FP16 TFLOP/s (tensor, FP32 accumulate; a GeForce
                        --gpu also knows its FP16-accumulate rate, which llama.cpp prefill uses)
  --from RESULTS.json   a results document: predict from the kernels as measured
${ENGINE_USAGE}
  --prompt P            prompt tokens for TTFT (default 512)
  --output O            output tokens for E2E (default 256)
  --batch B             concurrent sequences for ITL(B) and system tokens/s (default 1)
  --context L           cached tokens when ITL is taken (default prompt + output / 2)
${MODEL_FILE_USAGE}
  --json                print one JSON object instead of a table
  --help                show this message`;

export interface PredictArgs extends HardwareArgs {
  promptTokens: number;
  outputTokens: number;
  batch: number;
  /** Undefined: the predictor's default (prompt + output / 2). */
  context: number | undefined;
  json: boolean;
}

export type ParsedPredictArgs = { help: true } | ({ help: false } & PredictArgs);

const PREDICT_FLAGS = {
  ...HARDWARE_FLAGS,
  prompt: { type: 'string', value: 'a token count' },
  output: { type: 'string', value: 'a token count' },
  batch: { type: 'string', value: 'a batch size' },
  context: { type: 'string', value: 'a token count' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const satisfies FlagSpecs;

const { count } = argChecks(PREDICT_USAGE);

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

  const cli = { usage: PREDICT_USAGE, verb: 'predict', readText };
  const hardware = parseHardware(values, cli);

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
  return {
    help: false,
    ...parseEngine(values, hardware, lengths, cli),
    ...lengths,
    json: values.json === true,
  };
}
