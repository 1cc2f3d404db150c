// `npm run bench -- --submit URL`: sends the run's results document to a results gallery (the
// server `npm start` runs) after it was printed, so that a failed submission loses nothing.

import { errorMessage } from '../core/error-message';
import type { ResultsDocument } from '../core/results';

/** The runs endpoint for a gallery given as its page's address or as the endpoint itself. */
export function galleryRunsUrl(given: string): URL {
  let url: URL;
  try {
    url = new URL(given);
  } catch {
    throw new Error(
      `--submit needs the gallery's address, e.g. http://127.0.0.1:4173/, not "${given}".`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`--submit needs an http:// or https:// address, not "${given}".`);
  }
  if (!url.pathname.endsWith('/api/runs')) {
    url.pathname = `${url.pathname.replace(/\/+$/, '')}/api/runs`;
  }
  return url;
}

export interface SubmitOutcome {
  ok: boolean;
  /** One line for the terminal. */
  line: string;
}

/** POSTs the document; never throws (an outcome says what happened). */
export async function submitToGallery(doc: ResultsDocument, given: string): Promise<SubmitOutcome> {
  let url: URL;
  try {
    url = galleryRunsUrl(given);
  } catch (e) {
    return { ok: false, line: `error: ${errorMessage(e)}` };
  }
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(doc),
    });
  } catch (e) {
    return {
      ok: false,
      line: `error: could not reach the gallery at ${url.origin}: ${errorMessage(e)}`,
    };
  }
  let body: { id?: unknown; duplicate?: unknown; message?: unknown } = {};
  try {
    body = (await response.json()) as typeof body;
  } catch {
    // an answer that is not the gallery's JSON: worded below from the status
  }
  if (response.ok && typeof body.id === 'number') {
    const what = body.duplicate === true ? 'already in the gallery' : 'added to the gallery';
    return { ok: true, line: `Run ${what} at ${url.origin} as run ${body.id}.` };
  }
  const why =
    typeof body.message === 'string'
      ? body.message
      : `HTTP ${response.status} from ${url.href}, which is not a results gallery's answer`;
  return { ok: false, line: `error: the gallery did not take the run: ${why}` };
}
