// Where `npm run calibrate -- --gallery X` reads the gallery's decode runs: a running gallery
// (http(s)://…, its GET /api/decode-runs), a PostgreSQL server (postgres://…), or a PGlite data
// directory (stop the server using it first: PGlite is one process's database).

import { existsSync } from 'node:fs';
import { openDatabase } from '../server/db/open';
import { calibrationDecodeRuns } from '../server/runs/calibration-runs';
import type { GalleryDecodeRun } from '../src/model/engines/measurements/gallery-rows';

export interface GalleryDecodeRuns {
  runs: GalleryDecodeRun[];
  /** The gallery as each row's source names it (no password). */
  source: string;
}

async function fromUrl(url: URL): Promise<GalleryDecodeRuns> {
  const address = new URL('api/decode-runs', url.href.endsWith('/') ? url : `${url.href}/`);
  const response = await fetch(address);
  if (!response.ok) {
    throw new Error(
      `${address.href} answered ${response.status}: is it a webgpu-roofline gallery (npm start)?`,
    );
  }
  const body = (await response.json()) as { runs?: GalleryDecodeRun[] };
  if (!Array.isArray(body.runs)) throw new Error(`${address.href} sent no list of runs.`);
  return { runs: body.runs, source: `results gallery ${url.origin}${url.pathname}` };
}

async function fromDatabase(choice: {
  databaseUrl?: string;
  dataDir?: string;
}): Promise<GalleryDecodeRuns['runs']> {
  const db = await openDatabase(choice);
  try {
    return await calibrationDecodeRuns(db);
  } finally {
    await db.close();
  }
}

export async function readGalleryDecodeRuns(target: string): Promise<GalleryDecodeRuns> {
  if (/^https?:\/\//i.test(target)) return fromUrl(new URL(target));
  if (/^postgres(ql)?:\/\//i.test(target)) {
    const url = new URL(target);
    url.password = '';
    url.username = '';
    return {
      runs: await fromDatabase({ databaseUrl: target }),
      source: `results gallery database ${url.host}${url.pathname}`,
    };
  }
  if (!existsSync(target)) {
    throw new Error(
      `--gallery ${target}: no such directory; give a gallery's address (http://…), a PostgreSQL URL (postgres://…) or a PGlite data directory (./data/gallery).`,
    );
  }
  return { runs: await fromDatabase({ dataDir: target }), source: 'results gallery (PGlite)' };
}
