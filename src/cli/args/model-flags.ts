// The predict CLI's model flags beyond --model: --model-config (a Hugging Face config.json) and
// --kv-bits (the KV-cache encoding). Pure apart from the file reader it is given.

import { HfConfigError } from '../../model/llm/hf-config/errors';
import { HF_MODEL_TYPES, parseHfConfigText } from '../../model/llm/hf-config/read';
import { isKvBits, type KvBits } from '../../model/llm/kv-format';
import type { ModelConfig } from '../../model/llm/models';
import type { FlagSpecs } from './flags';

export const MODEL_FILE_FLAGS = {
  'model-config': { type: 'string', value: 'a config.json file' },
  'kv-bits': { type: 'string', value: '16, 8 or 4' },
} as const satisfies FlagSpecs;

export const MODEL_FILE_USAGE = `  --model-config PATH   a Hugging Face config.json instead of --model (model_type ${HF_MODEL_TYPES.join(', ')})
  --kv-bits N           KV-cache bits: 16 (default), 8 or 4 (8 and 4 with one f16 scale per 32 values)`;

/** Reads a file as UTF-8 text; throws a Node error (code ENOENT, EISDIR, …) when it cannot. */
export type ReadText = (path: string) => string;

/** Files cannot be read here unless the caller says how (the CLI passes node:fs). */
export const noFiles: ReadText = () => {
  throw new Error('no file reader');
};

/** A config file that cannot be read or understood: one line, exit status 1. */
export class ModelConfigFileError extends Error {
  constructor(
    message: string,
    /** The reader's code where the file was read but refused. */
    readonly code?: HfConfigError['code'],
  ) {
    super(message);
    this.name = 'ModelConfigFileError';
  }
}

/** "Qwen3-8B" for ".../Qwen3-8B/config.json": the name when the config has no _name_or_path. */
function nameFromPath(path: string): string {
  const parts = path.split(/[\\/]+/).filter((p) => p !== '' && p !== '.');
  const file = parts.at(-1) ?? path;
  return /^config\.json$/i.test(file) && parts.length > 1 ? (parts.at(-2) ?? file) : file;
}

export function readModelConfigFile(path: string, readText: ReadText): ModelConfig {
  let text: string;
  try {
    text = readText(path);
  } catch (e) {
    const code = (e as { code?: string }).code;
    const why =
      code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a directory' : String(e);
    throw new ModelConfigFileError(`cannot read config file ${path}: ${why}`);
  }
  try {
    return parseHfConfigText(text, { fallbackName: nameFromPath(path), source: path });
  } catch (e) {
    if (!(e instanceof HfConfigError)) throw e;
    throw new ModelConfigFileError(`config file ${path}: ${e.message}`, e.code);
  }
}

/** --kv-bits: 16, 8 or 4; undefined when not given. `fail` makes the usage error. */
export function parseKvBits(
  text: string | undefined,
  fail: (reason: string) => Error,
): KvBits | undefined {
  if (text === undefined) return undefined;
  const v = /^\d+$/.test(text) ? Number(text) : Number.NaN;
  if (!isKvBits(v)) throw fail(`--kv-bits must be 16, 8 or 4, got "${text}".`);
  return v;
}
