// Exports of a results document: JSON (here), CSV and Markdown (their own modules), and the
// file name a download gets.

import { type ResultsDocument, SCHEMA_FIELD_ORDER } from '../core/results';
import { isoDay } from './labels';

export { toCsv } from './csv';
export { toMarkdown } from './markdown';

// Key order of toJson: the schema's, then any other keys in the order they came.
const ORDER = new Map<string, readonly string[]>(Object.entries(SCHEMA_FIELD_ORDER));

// Which ORDER entry applies to the values under a key.
const CHILD = new Map(
  Object.entries({
    tool: 'tool',
    runtime: 'runtime',
    adapter: 'adapter',
    results: 'row',
    tuning: 'tuning',
    candidates: 'candidate',
    decode: 'decode',
  }),
);

function ordered(value: unknown, kind: string | undefined): unknown {
  if (kind === undefined || typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map((v) => ordered(v, kind));
  const source = value as Record<string, unknown>;
  const known = (ORDER.get(kind) ?? []).filter((k) => Object.hasOwn(source, k));
  const keys = [...new Set([...known, ...Object.keys(source)])];
  return Object.fromEntries(keys.map((k) => [k, ordered(source[k], CHILD.get(k))]));
}

/** Pretty JSON (2 spaces, trailing newline), keys in the schema's order: same document, same bytes. */
export function toJson(doc: ResultsDocument): string {
  return `${JSON.stringify(ordered(doc, 'document'), null, 2)}\n`;
}

/** Lower-case ASCII letters, digits and single hyphens; at most `max` characters. */
export function slugify(text: string, max = 40): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, max)
    .replace(/^-+|-+$/g, '');
}

/** e.g. `webgpu-roofline-2026-11-29-google-swiftshader.json`: the run's UTC date and adapter. */
export function exportFileName(doc: ResultsDocument, ext: string): string {
  const adapter = slugify(`${doc.adapter.vendor} ${doc.adapter.architecture}`) || 'unknown-adapter';
  const extension = slugify(ext.replace(/^\./, ''), 10) || 'txt';
  return `webgpu-roofline-${isoDay(doc.createdAt) ?? 'undated'}-${adapter}.${extension}`;
}
