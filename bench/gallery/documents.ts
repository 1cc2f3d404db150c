// The documents the gallery benchmark submits: a real Quick run's results document
// (test/fixtures/results-v1.json, brought to the current schema by the import validator), made
// distinct per submission (its time) and set on a GPU adapter rather than SwiftShader, with one
// decode run added. Synthetic load: no figure in them is presented as a measurement.

import { readFileSync } from 'node:fs';
import type { DecodeRun, ResultsDocument } from '../../src/core/results';
import { parseResultsFile } from '../../src/share/import/import';

const TEMPLATE_FILE = 'test/fixtures/results-v1.json';

export const BENCH_ADAPTER = {
  vendor: 'nvidia',
  architecture: 'ada-lovelace',
  device: '',
  description: 'NVIDIA GeForce RTX 4090',
  isFallbackAdapter: false,
  isSoftware: false,
} as const;

/** A whole-model decode run, so that the GPU page has decode figures to spread (load only). */
const DECODE: DecodeRun = {
  model: 'smollm2-135m',
  format: 'int4',
  layers: 30,
  totalLayers: 30,
  context: 512,
  promptTokens: 8,
  tokens: 16,
  verified: true,
  medianMs: 6,
};

export function templateDocument(): ResultsDocument {
  const doc = parseResultsFile(readFileSync(TEMPLATE_FILE, 'utf8'), { source: 'file' });
  return { ...doc, adapter: { ...doc.adapter, ...BENCH_ADAPTER }, decode: [DECODE] };
}

const EPOCH = Date.UTC(2026, 10, 1);

/** The n-th distinct submission: another creation time, so another content hash. */
export function submission(template: ResultsDocument, n: number): string {
  return JSON.stringify({ ...template, createdAt: new Date(EPOCH + n * 1000).toISOString() });
}
