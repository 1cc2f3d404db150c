// `npm run calibrate -- --gallery`: a generated gallery (PGlite, real SQL) of decode runs whose
// times follow a known bandwidth efficiency η, per-vendor token cost and per-layer cost; the refit
// of this benchmark's decoder recovers them. Also the filters (software, unverified, unnamed,
// too few runs), the API route, and the CSV that --write keeps.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import type { Database } from '../../server/db/database';
import { openDatabase } from '../../server/db/open';
import { calibrationDecodeRuns } from '../../server/runs/calibration-runs';
import { storeRun } from '../../server/runs/store';
import type { DecodeRun, ResultsDocument } from '../../src/core/results';
import { predictRow } from '../../src/model/engines/calibrate';
import type { Vendor } from '../../src/model/engines/ids';
import { calibrationRows } from '../../src/model/engines/measurements/data';
import { galleryChanges } from '../../src/model/engines/measurements/gallery-changes';
import {
  type GalleryDecodeRun,
  galleryCalibrationRows,
  galleryRowsCsv,
} from '../../src/model/engines/measurements/gallery-rows';
import { parsePublicRows } from '../../src/model/engines/measurements/rows';
import type { ProfileParams } from '../../src/model/engines/physics';
import { sampleDecodeRun } from '../fixtures/results';
import { galleryRun } from './gallery-fixtures';

const ETA = 0.62;
const C_LAYER_MS = 0.04;
const TOKEN_MS: Record<Vendor, number> = { nvidia: 1.2, amd: 2.4, intel: 3.6, apple: 0 };
const truth = (vendor: Vendor): ProfileParams => ({
  eta: ETA,
  cLayerMs: C_LAYER_MS,
  consumeMsPerGB: 0,
  tokenMs: TOKEN_MS[vendor],
  attnFactor: 0,
  eps: Number.NaN,
  fixedMs: Number.NaN,
  blockUnpack: 0,
  kQuantUnpack: 0,
});

/** Adapters as browsers name them, each a catalogue GPU. */
const ADAPTERS = [
  { vendor: 'nvidia', description: 'NVIDIA GeForce RTX 4090' },
  { vendor: 'nvidia', description: 'NVIDIA GeForce RTX 4070' },
  { vendor: 'nvidia', description: 'NVIDIA GeForce RTX 3060 Ti' },
  { vendor: 'amd', description: 'AMD Radeon RX 7900 XTX' },
  { vendor: 'amd', description: 'AMD Radeon RX 7800 XT' },
  { vendor: 'intel', description: 'Intel(R) Arc(TM) B580 Graphics' },
  { vendor: 'intel', description: 'Intel(R) Arc(TM) A750 Graphics' },
];
const CASES: Pick<DecodeRun, 'model' | 'format' | 'context' | 'totalLayers'>[] = [
  { model: 'smollm2-135m', format: 'int4', context: 128, totalLayers: 30 },
  { model: 'llama-3.2-1b', format: 'int8', context: 2048, totalLayers: 16 },
  { model: 'llama-3.1-8b', format: 'int4', context: 512, totalLayers: 32 },
  { model: 'llama-3.2-1b', format: 'int4', context: 128, totalLayers: 16 },
];

/** ±3 % that does not repeat (a fixed sequence: the test is deterministic). */
const noise = (i: number) => 1 + 0.03 * Math.sin(i * 2.399963);

function documentFor(
  adapter: { vendor: string; description: string },
  run: Partial<DecodeRun>,
  seed: number,
  software = false,
): ResultsDocument {
  const base = galleryRun({ ...adapter, readGbps: 500, seed, software });
  return { ...base, decode: [sampleDecodeRun({ layers: 2, ...run })] };
}

/** The true ms/token of a case on an adapter: the physics of the fit at the true parameters. */
function trueMs(adapter: { vendor: string; description: string }, c: (typeof CASES)[number]) {
  const probe: GalleryDecodeRun = {
    runId: 0,
    adapter: { ...adapter, architecture: '', device: '' },
    isSoftware: false,
    browser: 'chrome',
    ...c,
    verified: true,
    msPerToken: 1,
  };
  const rows = galleryCalibrationRows([probe, probe, probe], 'probe').rows;
  const row = rows[0];
  if (row === undefined) throw new Error(`no catalogue GPU for ${adapter.description}`);
  return predictRow(truth(row.vendor), row);
}

describe('calibrate --gallery on a generated PGlite gallery', () => {
  let db: Database;
  let runs: GalleryDecodeRun[];
  const expected = new Map<string, number>();

  beforeAll(async () => {
    db = await openDatabase({ dataDir: null });
    let seed = 1;
    for (const adapter of ADAPTERS) {
      for (const c of CASES) {
        const ms = trueMs(adapter, c) * noise(seed);
        expected.set(`${adapter.description}|${c.model}|${c.format}|${c.context}`, ms);
        await storeRun(db, documentFor(adapter, { ...c, scaledMs: ms, medianMs: ms / 8 }, seed++));
      }
    }
    const gpu = ADAPTERS[0] as (typeof ADAPTERS)[number];
    // left out: a software adapter, an unverified run, an unnamed GPU, a GPU with two runs
    const c = CASES[0] as (typeof CASES)[number];
    await storeRun(db, documentFor({ vendor: 'google', description: 'SwiftShader' }, c, 100, true));
    await storeRun(db, documentFor(gpu, { ...c, verified: false, error: 'mismatch' }, 101));
    await storeRun(
      db,
      documentFor({ vendor: 'nvidia', description: '' }, { ...c, scaledMs: 9 }, 102),
    );
    for (const s of [103, 104]) {
      const rx = { vendor: 'amd', description: 'AMD Radeon RX 7600' };
      await storeRun(db, documentFor(rx, { ...c, scaledMs: 5 }, s));
    }
    runs = await calibrationDecodeRuns(db);
  });
  afterAll(async () => {
    await db?.close();
  });

  it('reads every stored decode run and keeps the usable ones', () => {
    expect(runs).toHaveLength(ADAPTERS.length * CASES.length + 5);
    const g = galleryCalibrationRows(runs, 'results gallery (PGlite)');
    expect(g.rows).toHaveLength(ADAPTERS.length * CASES.length);
    expect(g.skipped).toEqual({
      'software-adapter': 1,
      'not-verified': 1,
      'no-catalogue-gpu': 1,
      'unknown-model-or-format': 0,
      'too-few-runs-on-adapter': 2,
    });
    for (const row of g.rows) expect(row.engine).toBe('webgpu-roofline');
    // the times that went in come back out, through the submission's extraction and SQL
    const sorted = (xs: Iterable<number>) => [...xs].sort((a, b) => a - b);
    expect(sorted(g.rows.map((r) => r.ms))).toEqual(sorted(expected.values()));
    expect(new Set(g.rows.map((r) => r.gpuKey)).size).toBe(ADAPTERS.length);
  });

  it('recovers the bandwidth efficiency and costs within 5 %', () => {
    const bundled = calibrationRows();
    const g = galleryCalibrationRows(runs, 'results gallery (PGlite)');
    const changes = galleryChanges(bundled, [...bundled, ...g.rows], {
      engines: ['webgpu-roofline'],
      ranges: false,
    });
    for (const vendor of ['nvidia', 'amd', 'intel'] as const) {
      const change = changes.find((c) => c.vendor === vendor);
      const fit = change?.after;
      expect(fit?.pool.basis).toBe('engine');
      expect(fit?.pool.gpus).toBe(ADAPTERS.length);
      expect(fit?.params.eta).toBeGreaterThan(ETA * 0.95);
      expect(fit?.params.eta).toBeLessThan(ETA * 1.05);
      expect(Math.abs((fit?.params.tokenMs ?? 0) - TOKEN_MS[vendor])).toBeLessThan(
        0.05 * TOKEN_MS[vendor] + 0.05,
      );
      // before the gallery, the decoder borrowed the browser class's fit: another η
      expect(change?.before?.pool.basis).toBe('class');
      // every adapter's runs predicted within 5 % by the refit
      for (const row of g.rows.filter((r) => r.vendor === vendor)) {
        const predicted = predictRow(fit?.params ?? truth(vendor), row);
        expect(Math.abs(predicted / row.ms - 1)).toBeLessThan(0.05);
      }
    }
  });

  it('keeps the rows in a CSV that reads back as the same rows (--write)', () => {
    const g = galleryCalibrationRows(runs, 'results gallery http://127.0.0.1:4173/');
    const back = parsePublicRows(galleryRowsCsv(g.rows), 'gallery');
    expect(back).toHaveLength(g.rows.length);
    for (const [i, row] of g.rows.entries()) {
      const r = back[i];
      expect(r?.engine).toBe('webgpu-roofline');
      expect(r?.gpuKey).toBe(row.gpuKey);
      expect(r?.vendor).toBe(row.vendor);
      expect(r?.contextTokens).toBe(row.contextTokens);
      expect(r?.layout.bodyBits).toBeCloseTo(row.layout.bodyBits, 9);
      expect(predictRow(truth(row.vendor), r as typeof row)).toBeCloseTo(
        predictRow(truth(row.vendor), row),
        6,
      );
    }
  });

  it('serves the same runs at GET /api/decode-runs', async () => {
    const app = await buildApp({ db, staticDir: null });
    try {
      const res = await app.inject({ method: 'GET', url: '/api/decode-runs' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ runs });
    } finally {
      await app.close();
    }
  });
});
