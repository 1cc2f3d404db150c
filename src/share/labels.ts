// Short, plain-text descriptions of a run, shared by exports and the run history.

import type { AdapterDescription } from '../core/results';

/** "google swiftshader — SwiftShader": vendor and architecture, then the description if it adds anything. */
export function adapterLabel(adapter: AdapterDescription): string {
  const id = [adapter.vendor, adapter.architecture].filter((s) => s.trim() !== '').join(' ');
  const extra = adapter.description.trim();
  if (id === '') return extra === '' ? 'unknown adapter' : extra;
  return extra === '' || extra.toLowerCase() === id.toLowerCase() ? id : `${id} — ${extra}`;
}

/** "2026-11-29" (UTC) from an ISO timestamp, or null when it is not a date. */
export function isoDay(createdAt: string): string | null {
  const t = Date.parse(createdAt);
  return Number.isNaN(t) ? null : new Date(t).toISOString().slice(0, 10);
}
