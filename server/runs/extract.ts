// The columns a GPU page reads, taken from a validated results document once, at submission.

import type { ResultsDocument, RuntimeKind } from '../../src/core/results';
import { summarizeRun } from '../../src/model/measured/run-summary';
import { browserOf, osOf } from './user-agent';

export interface GemvFigure {
  format: string;
  /** Achieved ÷ the run's own roofline bound at the largest batch-1 shape of the format. */
  roofShare: number;
  gbps: number;
}

export interface DecodeFigure {
  model: string;
  format: string;
  context: number;
  verified: boolean;
  /** All of the model's layers (scaled from the k that ran); null when it did not verify. */
  msPerToken: number | null;
}

export interface RunColumns {
  createdAt: string;
  toolVersion: string;
  adapterKey: string;
  vendor: string;
  architecture: string;
  device: string;
  description: string;
  isSoftware: boolean;
  runtimeKind: RuntimeKind;
  browser: string;
  os: string;
  plan: string;
  timing: string;
  comparable: boolean;
  complete: boolean;
  allVerified: boolean;
  readGbps: number | null;
  fmaGflops: Record<string, number>;
  gemv: GemvFigure[];
  decode: DecodeFigure[];
}

/** One key per adapter as it names itself: lower-case vendor | architecture | device | description. */
export function adapterKey(a: ResultsDocument['adapter']): string {
  return [a.vendor, a.architecture, a.device, a.description]
    .map((s) => s.trim().toLowerCase())
    .join('|');
}

function gemvFigures(doc: ResultsDocument): GemvFigure[] {
  const largest = new Map<string, ResultsDocument['results'][number]>();
  for (const row of doc.results) {
    if (row.kernel !== 'gemv' || !row.verified || row.shape.m !== 1) continue;
    if (row.rooflineEfficiency === undefined) continue;
    const best = largest.get(row.format);
    if (best === undefined || row.bytes > best.bytes) largest.set(row.format, row);
  }
  return [...largest.values()].map((row) => ({
    format: row.format,
    roofShare: row.rooflineEfficiency ?? 0,
    gbps: row.gbps,
  }));
}

function decodeFigures(doc: ResultsDocument): DecodeFigure[] {
  return (doc.decode ?? [])
    .filter((run) => run.refused === undefined)
    .map((run) => ({
      model: run.model,
      format: run.format,
      context: run.context,
      verified: run.verified,
      msPerToken: run.verified ? (run.scaledMs ?? run.medianMs ?? null) : null,
    }));
}

export function extractColumns(doc: ResultsDocument): RunColumns {
  const summary = summarizeRun(doc);
  const a = doc.adapter;
  return {
    createdAt: doc.createdAt,
    toolVersion: doc.tool.version,
    adapterKey: adapterKey(a),
    vendor: a.vendor,
    architecture: a.architecture,
    device: a.device,
    description: a.description,
    isSoftware: a.isSoftware,
    runtimeKind: doc.runtime.kind,
    browser: browserOf(doc.runtime.kind, doc.runtime.description),
    os: osOf(doc.runtime.description),
    plan: doc.plan,
    timing: doc.timing,
    comparable: doc.settings === undefined,
    complete: doc.incomplete === undefined,
    allVerified:
      doc.results.every((r) => r.verified) && (doc.decode ?? []).every((r) => r.verified),
    readGbps: summary.dramReadGbps,
    fmaGflops: summary.computePeakGflops,
    gemv: gemvFigures(doc),
    decode: decodeFigures(doc),
  };
}
