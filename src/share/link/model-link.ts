// A model read from a config.json travels in the URL fragment beside the results: `m=<base64url(
// deflate-raw(config JSON))>`, so a shared link reproduces the prediction. Decoding is bounded
// (fragment length, inflated size) and every failure is an HfConfigError.

import { HfConfigError } from '../../model/llm/hf-config/errors';
import { MAX_CONFIG_BYTES, parseHfConfigText } from '../../model/llm/hf-config/read';
import type { ModelConfig } from '../../model/llm/models';
import { decodeBase64url, encodeBase64url } from './base64url';
import { deflateRaw, inflateRaw } from './deflate';

/** The fragment parameter that carries a model's config.json. */
export const MODEL_PARAM = 'm';
/** Longest `m=` value accepted (a config.json deflates to well under 4 kB). */
export const MAX_MODEL_PARAM_CHARS = 64 * 1024;

const fragmentParts = (text: string): string[] => {
  const hash = text.indexOf('#');
  return (hash >= 0 ? text.slice(hash + 1) : text).split('&').filter((p) => p !== '');
};

/** The `m` value of a fragment or URL, or null when it carries none. */
export function modelParamOf(text: string): string | null {
  const part = fragmentParts(text).find((p) => p.startsWith(`${MODEL_PARAM}=`));
  return part === undefined ? null : part.slice(MODEL_PARAM.length + 1);
}

/** The `m=` value for a config (its JSON without whitespace). */
export async function encodeModelParam(config: unknown): Promise<string> {
  const json = new TextEncoder().encode(JSON.stringify(config));
  return encodeBase64url(await deflateRaw(json));
}

/** `fragment` (e.g. `#r=…`, or '') with `m=value` set (null: removed). */
export function withModelParam(fragment: string, value: string | null): string {
  const parts = fragmentParts(fragment).filter((p) => !p.startsWith(`${MODEL_PARAM}=`));
  if (value !== null) parts.push(`${MODEL_PARAM}=${value}`);
  return parts.length === 0 ? '' : `#${parts.join('&')}`;
}

/** The config's JSON text and the model it reads as. Throws HfConfigError, and nothing else. */
export async function decodeModelParam(
  value: string,
): Promise<{ config: unknown; model: ModelConfig }> {
  const corrupt = () =>
    new HfConfigError(
      'malformed-json',
      'The model in this link does not decode (a cut or altered link?).',
    );
  if (value.length > MAX_MODEL_PARAM_CHARS) throw corrupt();
  const bytes = decodeBase64url(value);
  if (bytes === null) throw corrupt();
  let inflated: Uint8Array | null;
  try {
    inflated = await inflateRaw(bytes, MAX_CONFIG_BYTES);
  } catch {
    throw corrupt();
  }
  if (inflated === null) {
    throw new HfConfigError(
      'too-large',
      `The model in this link is over ${MAX_CONFIG_BYTES} bytes.`,
    );
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(inflated);
  } catch {
    throw corrupt();
  }
  const model = parseHfConfigText(text);
  return { config: JSON.parse(text) as unknown, model };
}
