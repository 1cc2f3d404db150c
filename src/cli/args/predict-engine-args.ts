// The predict CLI's engine flags: which engine a spec prediction stands for, how many
// GPUs in tensor parallel, the datasheet's FP32 shader rate, vendor and memory, and the model's
// context limit. Kept apart from ./hardware-args.ts, which spreads these in for predict and simulate.

import type { WeightFormat } from '../../core/formats';
import {
  ENGINE_IDS,
  ENGINES,
  type EngineId,
  getEngine,
  VENDORS,
  type Vendor,
} from '../../model/engines/ids';
import type { ModelConfig } from '../../model/llm/models';
import { checkTp, InvalidTpError } from '../../model/predict/tensor-parallel';
import type { UsageError } from './flags';

export const ENGINE_FLAGS = {
  engine: { type: 'string', value: 'an engine id' },
  runtime: { type: 'string', value: 'native or browser' },
  tp: { type: 'string', value: 'a GPU count' },
  'fp32-tflops': { type: 'string', value: 'a number (TFLOP/s)' },
  vendor: { type: 'string', value: 'nvidia, amd, apple or intel' },
  'memory-gb': { type: 'string', value: 'a number (GB)' },
} as const;

export const ENGINE_USAGE = `  --fp32-tflops F       … and the FP32 shader TFLOP/s (what WebGPU engines run prefill on;
                        needed with a browser engine)
  --vendor V            the datasheet GPU's vendor: ${VENDORS.join(', ')} (default: the engine's)
  --memory-gb M         the datasheet GPU's memory, GB as on its label (read as GiB)
  --engine ID           the engine predicted for (default native): ${ENGINE_IDS.join(', ')};
                        ollama, lm-studio or llama.cpp: the GPU vendor's llama.cpp backend
  --runtime R           native or browser: the same as --engine native / --engine browser
  --tp N                tensor parallelism over N identical GPUs (NVLink for SXM parts, else PCIe)`;

export interface EngineArgs {
  /** Spec mode's engine; measured mode runs on the kernels as measured. */
  engine: EngineId;
  /** The engine's class: what --runtime named before engines had ids. */
  runtime: 'native' | 'browser';
  tp: number;
  /** The datasheet GPU's vendor (for --gpu, the catalogue's). */
  vendor: Vendor;
  /** The datasheet GPU's memory, GB; undefined where not given. */
  memoryGB: number | undefined;
}

type Values = { [K in keyof typeof ENGINE_FLAGS]?: string };

/** The token counts a prediction is asked for, checked against the model's context limit. */
export interface ContextLengths {
  promptTokens: number;
  outputTokens: number;
  context: number | undefined;
}

interface Context {
  model: ModelConfig;
  format: WeightFormat;
  source: { kind: 'gpu' | 'datasheet' | 'results'; gpu?: { vendor: Vendor } };
  /** Absent where the CLI asks for no fixed lengths (simulate samples them). */
  lengths?: ContextLengths;
  /** --memory-gb also goes with --from (simulate: the memory WebGPU does not report). */
  memoryWithResults?: boolean;
}

/** The vendor an engine implies where a datasheet does not say. */
const engineVendor = (engine: EngineId): Vendor => ENGINES[engine].vendor ?? 'nvidia';

/** --vendor, checked; undefined where not given. */
function vendorFlag(values: Values, fail: (reason: string) => UsageError): Vendor | undefined {
  if (values.vendor === undefined) return undefined;
  const v = values.vendor.trim().toLowerCase();
  if (!(VENDORS as readonly string[]).includes(v)) {
    throw fail(`--vendor must be one of ${VENDORS.join(', ')}, got "${values.vendor}".`);
  }
  return v as Vendor;
}

/** `vendor` resolves llama.cpp / Ollama / LM Studio to the vendor's backend. */
function engineOf(values: Values, vendor: Vendor, fail: (reason: string) => UsageError): EngineId {
  const { engine, runtime } = values;
  if (engine !== undefined && runtime !== undefined) {
    throw fail(
      'Give --engine or --runtime, not both (--runtime native|browser is --engine native|browser).',
    );
  }
  if (runtime !== undefined) {
    const r = runtime.trim().toLowerCase();
    if (r !== 'native' && r !== 'browser') {
      throw fail(
        `--runtime: Unknown runtime "${runtime}"; choose native or browser, or --engine ID (${ENGINE_IDS.join(', ')}).`,
      );
    }
    return r;
  }
  if (engine === undefined) return 'native';
  try {
    return getEngine(engine, vendor).id;
  } catch (e) {
    throw fail(`--engine: ${(e as Error).message}.`);
  }
}

function tpOf(
  text: string | undefined,
  model: ModelConfig,
  fail: (r: string) => UsageError,
): number {
  if (text === undefined) return 1;
  const tp = /^\d+$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isSafeInteger(tp) || tp < 1 || tp > 64) {
    throw fail(`--tp must be a whole number from 1 to 64, got "${text}".`);
  }
  try {
    checkTp(model, tp);
  } catch (e) {
    if (e instanceof InvalidTpError) {
      throw fail(
        `--tp ${tp}: ${model.name}'s ${model.attentionHeads} attention heads do not split evenly over ${tp} GPUs.`,
      );
    }
    throw e;
  }
  return tp;
}

/** Refuses a prompt + output or a context beyond the model's context limit. */
export function checkContextLimit(
  model: ModelConfig,
  c: ContextLengths,
  fail: (reason: string) => UsageError,
): void {
  const max = model.maxContextTokens;
  const total = c.promptTokens + c.outputTokens;
  if (total > max) {
    throw fail(
      `--prompt ${c.promptTokens} + --output ${c.outputTokens} = ${total} tokens exceed ${model.name}'s context limit of ${max} tokens (max_position_embeddings).`,
    );
  }
  if (c.context !== undefined && c.context > max) {
    throw fail(
      `--context ${c.context} exceeds ${model.name}'s context limit of ${max} tokens (max_position_embeddings).`,
    );
  }
}

export function parseEngineArgs(
  values: Values,
  c: Context,
  fail: (reason: string) => UsageError,
): EngineArgs {
  const knownVendor = vendorFlag(values, fail) ?? c.source.gpu?.vendor;
  // Ollama on a datasheet without --vendor: NVIDIA, as the engines' default vendor.
  const engine = engineOf(values, knownVendor ?? 'nvidia', fail);
  const measured = c.source.kind === 'results';
  const given = (['engine', 'runtime', 'tp', 'vendor', 'memory-gb', 'fp32-tflops'] as const).filter(
    (k) => values[k] !== undefined && !(k === 'memory-gb' && c.memoryWithResults === true),
  );
  if (measured && given.length > 0) {
    throw fail(
      `${given.map((k) => `--${k}`).join(', ')} ${given.length === 1 ? 'applies' : 'apply'} to --gpu and --bandwidth-gbps/--tflops; --from predicts from the kernels as measured, on one GPU.`,
    );
  }
  const datasheetOnly = (['vendor', 'memory-gb', 'fp32-tflops'] as const).filter(
    (k) => values[k] !== undefined,
  );
  if (c.source.kind === 'gpu' && datasheetOnly.length > 0) {
    throw fail(
      `${datasheetOnly.map((k) => `--${k}`).join(', ')} ${datasheetOnly.length === 1 ? 'describes' : 'describe'} a datasheet given with --bandwidth-gbps/--tflops; --gpu has its own.`,
    );
  }
  if (
    c.source.kind === 'datasheet' &&
    ENGINES[engine].engineClass === 'browser' &&
    values['fp32-tflops'] === undefined
  ) {
    throw fail(
      `--engine ${engine} runs prefill on WebGPU shaders at the FP32 rate, not the FP16 tensor rate of --tflops: give --fp32-tflops too.`,
    );
  }
  const vendor = knownVendor ?? engineVendor(engine);
  let memoryGB: number | undefined;
  const mem = values['memory-gb'];
  if (mem !== undefined) {
    memoryGB = /^(\d+\.?\d*|\.\d+)$/.test(mem) ? Number(mem) : Number.NaN;
    if (!Number.isFinite(memoryGB) || memoryGB <= 0 || memoryGB > 1e5) {
      throw fail(`--memory-gb must be a number greater than 0, got "${mem}".`);
    }
  }
  if (c.lengths !== undefined) checkContextLimit(c.model, c.lengths, fail);
  return {
    engine,
    runtime: ENGINES[engine].engineClass,
    tp: tpOf(values.tp, c.model, fail),
    vendor,
    memoryGB,
  };
}
