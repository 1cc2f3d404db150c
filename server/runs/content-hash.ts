// The identity of a results document: sha256 of its canonical JSON (object keys sorted at every
// level, no spaces), so the same run submitted twice, in any key order, is stored once.

import { createHash } from 'node:crypto';

/**
 * JSON with every object's keys in sorted order (UTF-16 code units, as Array#sort compares
 * strings), keys whose value is undefined left out. Written as one loop per object rather than
 * entries → sort → map → join: it runs on every submission, on documents of tens of kilobytes.
 */
export function canonicalJson(value: unknown): string {
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : 'null';
  if (typeof value !== 'object' || value === null) return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) {
    let out = '[';
    for (let i = 0; i < value.length; i++) out += (i > 0 ? ',' : '') + canonicalJson(value[i]);
    return `${out}]`;
  }
  const record = value as Record<string, unknown>;
  let out = '{';
  for (const key of Object.keys(record).sort()) {
    const v = record[key];
    if (v === undefined) continue;
    out += `${out.length > 1 ? ',' : ''}${JSON.stringify(key)}:${canonicalJson(v)}`;
  }
  return `${out}}`;
}

export function contentHash(value: unknown): string {
  return createHash('sha256').update(canonicalJson(value)).digest('hex');
}
