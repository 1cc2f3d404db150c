// A results document in the URL fragment: `#r=<base64url(deflate-raw(JSON))>`. The fragment
// never reaches a server, so a link reproduces a run with no backend. Decoding is bounded
// (fragment length, inflated size) and every failure is an ImportError.

import type { ResultsDocument } from '../../core/results';
import { MAX_IMPORT_BYTES, parseResultsFile } from '../import/import';
import { formatSize, ImportError } from '../import/import-error';
import { decodeBase64url, encodeBase64url } from './base64url';
import { deflateRaw, inflateRaw } from './deflate';

/** The fragment parameter that carries results. */
export const PERMALINK_PARAM = 'r';
/** Longest fragment accepted or produced (browsers cope with about 2 M characters of URL). */
export const MAX_FRAGMENT_CHARS = 1_000_000;

export interface PermalinkLimits {
  /** Largest fragment, in characters. Default MAX_FRAGMENT_CHARS. */
  maxFragmentChars?: number;
  /** Largest JSON the fragment may inflate to, in bytes. Default MAX_IMPORT_BYTES (2 MiB). */
  maxJsonBytes?: number;
}

/** The text after `#` (or the whole text when it has no `#`): works on location.hash and on a pasted URL. */
function fragmentOf(text: string): string {
  const hash = text.indexOf('#');
  return hash >= 0 ? text.slice(hash + 1) : text;
}

/** The `r` value of a fragment, or null when it carries none. */
function payloadOf(text: string): string | null {
  for (const part of fragmentOf(text).split('&')) {
    if (part.startsWith(`${PERMALINK_PARAM}=`)) return part.slice(PERMALINK_PARAM.length + 1);
  }
  return null;
}

/** True when `text` (a fragment or a URL) carries shared results: the page shows them as shared. */
export function isPermalink(text: string): boolean {
  return payloadOf(text) !== null;
}

/** `#r=…` for `doc`. Throws ImportError('too-large') when the link would be too long to share. */
export async function encodePermalink(
  doc: ResultsDocument,
  limits: PermalinkLimits = {},
): Promise<string> {
  const maxChars = limits.maxFragmentChars ?? MAX_FRAGMENT_CHARS;
  const json = new TextEncoder().encode(JSON.stringify(doc));
  const fragment = `#${PERMALINK_PARAM}=${encodeBase64url(await deflateRaw(json))}`;
  if (fragment.length > maxChars) {
    throw new ImportError(
      'too-large',
      `These results make a link of ${fragment.length} characters, over the ${maxChars} a link may hold; download the JSON instead.`,
    );
  }
  return fragment;
}

/** The validated document in a permalink fragment (or URL). Throws ImportError, and nothing else. */
export async function decodePermalink(
  fragment: string,
  limits: PermalinkLimits = {},
): Promise<ResultsDocument> {
  const maxChars = limits.maxFragmentChars ?? MAX_FRAGMENT_CHARS;
  const maxJsonBytes = limits.maxJsonBytes ?? MAX_IMPORT_BYTES;
  if (fragment.length > maxChars) {
    throw new ImportError(
      'too-large',
      `The link is ${fragment.length} characters long; links over ${maxChars} are refused.`,
    );
  }
  const payload = payloadOf(fragment);
  if (payload === null) {
    throw new ImportError('not-permalink', 'The link carries no shared results (no #r=… part).');
  }
  if (payload === '') throw new ImportError('empty', 'The link’s results part (#r=) is empty.');
  const bytes = decodeBase64url(payload);
  if (bytes === null) {
    throw new ImportError(
      'corrupt',
      'The link’s results are damaged: they are not base64url text (was the link cut short or edited?).',
    );
  }
  let json: Uint8Array | null;
  try {
    json = await inflateRaw(bytes, maxJsonBytes);
  } catch {
    throw new ImportError(
      'corrupt',
      'The link’s results are damaged and do not decompress (was the link cut short?).',
    );
  }
  if (json === null) {
    throw new ImportError(
      'too-large',
      `The link’s results decompress to over ${formatSize(maxJsonBytes)}; such links are refused.`,
    );
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(json);
  } catch {
    throw new ImportError('corrupt', 'The link’s results are damaged: they are not UTF-8 text.');
  }
  return parseResultsFile(text, { maxBytes: maxJsonBytes, source: 'link' });
}
