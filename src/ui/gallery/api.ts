// The page's client for the results gallery's API, on the page's own origin. A page served as
// static files has no API: every call then resolves to { kind: 'offline' }, never throws.

import type { ResultsDocument } from '../../core/results';
import type { GalleryAdapter, GalleryHistograms, Spread } from '../../share/gallery-types';

export type { GalleryAdapter, Spread };

export interface GalleryList {
  gpus: GalleryAdapter[];
  software: GalleryAdapter[];
}

export interface GalleryAdapterPage {
  adapter: GalleryAdapter;
  /** Each figure's runs in 10 bins (the raw values stay on the server). */
  histograms: GalleryHistograms;
}

export interface Submitted {
  id: number;
  duplicate: boolean;
  submittedAt: string;
}

export interface Standing {
  adapterKey: string;
  others: number;
  slower: number;
  readGbps: number | null;
}

export interface GalleryFilters {
  browser?: string;
  os?: string;
}

/** An answer: the value, the server's refusal in its words, or no gallery at this origin. */
export type Answer<T> =
  | { kind: 'ok'; value: T }
  | { kind: 'refused'; status: number; code: string; message: string }
  | { kind: 'offline' };

const isProblem = (v: unknown): v is { error: string; message: string } =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as { error?: unknown }).error === 'string' &&
  typeof (v as { message?: unknown }).message === 'string';

async function call<T>(path: string, init?: RequestInit): Promise<Answer<T>> {
  let response: Response;
  try {
    response = await fetch(path, {
      ...init,
      headers: { accept: 'application/json', ...init?.headers },
    });
  } catch {
    return { kind: 'offline' };
  }
  // a static host answers /api/… with its 404 page (HTML), not with the API's JSON
  if (!(response.headers.get('content-type') ?? '').includes('application/json')) {
    return { kind: 'offline' };
  }
  let body: unknown;
  try {
    body = response.status === 204 ? null : await response.json();
  } catch {
    return { kind: 'offline' };
  }
  if (response.ok) return { kind: 'ok', value: body as T };
  return isProblem(body)
    ? { kind: 'refused', status: response.status, code: body.error, message: body.message }
    : { kind: 'offline' };
}

const query = (f: GalleryFilters) => {
  const params = new URLSearchParams();
  if (f.browser) params.set('browser', f.browser);
  if (f.os) params.set('os', f.os);
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
};

/** The API base: relative to the page, so a page under a sub-path finds its own server. */
const API = 'api';

export const gallery = {
  health: () => call<{ ok: boolean; database: string }>(`${API}/health`),
  /** Exactly this text is what gets sent: the page shows it before asking. */
  body: (doc: ResultsDocument) => JSON.stringify(doc),
  submit: (doc: ResultsDocument) =>
    call<Submitted>(`${API}/runs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: gallery.body(doc),
    }),
  standing: (id: number) => call<Standing>(`${API}/runs/${id}/standing`),
  adapters: (f: GalleryFilters = {}) => call<GalleryList>(`${API}/adapters${query(f)}`),
  adapter: (key: string, f: GalleryFilters = {}) =>
    call<GalleryAdapterPage>(`${API}/adapters/${encodeURIComponent(key)}${query(f)}`),
};
