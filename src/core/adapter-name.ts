// One readable name for a GPU adapter, shared by the page, both CLIs, the exports and the history.

import type { AdapterDescription } from './results';

/** The fields that name an adapter, as GPUAdapterInfo gives them ('' where it gives none). */
export type AdapterNaming = Pick<AdapterDescription, 'vendor' | 'architecture' | 'description'>;

/**
 * "google swiftshader — SwiftShader": vendor and architecture, then the description where it
 * adds anything; `fallback` where the adapter names itself not at all.
 */
export function adapterName(
  adapter: AdapterNaming,
  { fallback = 'unknown adapter' }: { fallback?: string } = {},
): string {
  const id = [adapter.vendor, adapter.architecture].filter((s) => s.trim() !== '').join(' ');
  const extra = adapter.description.trim();
  if (id === '') return extra === '' ? fallback : extra;
  return extra === '' || extra.toLowerCase() === id.toLowerCase() ? id : `${id} — ${extra}`;
}
