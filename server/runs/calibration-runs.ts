// The decode runs `npm run calibrate -- --gallery` refits from: every stored whole-model decode
// run with its adapter, browser and software flag (the filtering is the calibration's own:
// src/model/engines/measurements/gallery-rows.ts).

import type { GalleryDecodeRun } from '../../src/model/engines/measurements/gallery-rows';
import type { Queryable } from '../db/database';

interface DecodeRow {
  run_id: number | string;
  vendor: string;
  architecture: string;
  device: string;
  description: string;
  is_software: boolean;
  browser: string;
  model: string;
  format: string;
  context: number;
  verified: boolean;
  ms_per_token: number | null;
}

export async function calibrationDecodeRuns(db: Queryable): Promise<GalleryDecodeRun[]> {
  const rows = await db.query<DecodeRow>(
    `SELECT d.run_id, r.vendor, r.architecture, r.device, r.description, r.is_software,
       r.browser, d.model, d.format, d.context, d.verified, d.ms_per_token
     FROM run_decode d JOIN runs r ON r.id = d.run_id
     ORDER BY d.run_id, d.ordinal`,
  );
  return rows.map((r) => ({
    runId: Number(r.run_id),
    adapter: {
      vendor: r.vendor,
      architecture: r.architecture,
      device: r.device,
      description: r.description,
    },
    isSoftware: r.is_software,
    browser: r.browser,
    model: r.model,
    format: r.format,
    context: r.context,
    verified: r.verified,
    msPerToken: r.ms_per_token,
  }));
}
