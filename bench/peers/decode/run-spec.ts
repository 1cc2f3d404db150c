// The run a decode page performs, from the command line's MODEL:int4 and numbers, and the model
// folder it reads: models/<model>-<k>l/ with the ONNX decoder, its config, tokenizer and run.json.

import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { decodeShape } from '../../../src/bench/decode-spec';
import { UsageError } from '../../../src/cli/args/flags';
import type { DecodeShape } from '../../../src/kernels/decode/shape';
import { TINY_SHAPE } from '../../../src/kernels/decode/shape';
import { promptTokens } from '../../../src/kernels/decode/verify';
import { getModel } from '../../../src/model/llm/models';
import { ONNX_FILE, textFiles } from './model-files';
import { buildOnnxDecoder } from './onnx-decoder';
import type { DecodePeer, DecodeRunSpec } from './types';

const usage = 'npm run bench:peers -- --help';

export interface DecodeOptions {
  /** MODEL:FORMAT, e.g. llama-3.2-1b:int4, or tiny:int4. */
  decode: string;
  layers?: number;
  context: number;
  tokens: number;
  prompt: number;
  rounds: number;
  peers: DecodePeer[];
  json: boolean;
}

const SEED = 0x5eed;
const CHECK_TOKENS = 8;

function shapeFor(model: string, layers: number | undefined): DecodeShape {
  if (model === 'tiny') return { ...TINY_SHAPE, layers: layers ?? TINY_SHAPE.layers };
  const config = getModel(model);
  if (config.moe !== undefined || config.mla !== undefined)
    throw new UsageError(`${model}: the ONNX writer takes dense Llama-family models only`, usage);
  const shape = decodeShape(config, Math.min(layers ?? config.layers, config.layers));
  if ((shape.windows ?? []).some((w) => w > 0))
    throw new UsageError(`${model}: sliding-window layers are not in the ONNX writer`, usage);
  return shape;
}

/** Parses MODEL:FORMAT and the numbers into the spec the pages read. */
export function decodeRunSpec(o: DecodeOptions): DecodeRunSpec {
  const [model = '', format = 'int4'] = o.decode.split(':');
  if (format !== 'int4')
    throw new UsageError(
      `--decode ${o.decode}: only int4 (MatMulNBits 4-bit, block 32) has an ONNX twin`,
      usage,
    );
  const positive = (name: string, v: number, min: number) => {
    if (!Number.isInteger(v) || v < min)
      throw new UsageError(`--${name} must be an integer ≥ ${min}, got ${v}`, usage);
  };
  positive('context', o.context, 1);
  positive('tokens', o.tokens, 1);
  positive('prompt', o.prompt, 1);
  positive('rounds', o.rounds, 1);
  if (o.layers !== undefined) positive('layers', o.layers, 1);
  const shape = shapeFor(model, o.layers);
  const positions = Math.max(o.context + o.tokens + 2, o.prompt + CHECK_TOKENS + 1);
  return {
    model,
    shape,
    seed: SEED,
    positions,
    prompt: promptTokens(o.prompt, shape.vocab),
    checkTokens: CHECK_TOKENS,
    context: o.context,
    tokens: o.tokens,
    rounds: o.rounds,
    onnxBytes: 0,
  };
}

/** Writes models/<name>/ under `root`; returns the folder's name. */
export function writeModelFolder(root: string, spec: DecodeRunSpec): string {
  const name = `${spec.model}-${spec.shape.layers}l`;
  const dir = resolve(root, 'models', name);
  const onnx = buildOnnxDecoder({ shape: spec.shape, seed: spec.seed, positions: spec.positions });
  spec.onnxBytes = onnx.length;
  mkdirSync(resolve(dir, dirname(ONNX_FILE)), { recursive: true });
  writeFileSync(resolve(dir, ONNX_FILE), onnx);
  for (const [file, text] of Object.entries(textFiles(spec.shape, spec.positions)))
    writeFileSync(resolve(dir, file), text);
  writeFileSync(resolve(dir, 'run.json'), JSON.stringify(spec));
  return name;
}
