// The empirical roofline from one results document: bandwidth ceiling β (read probe), compute
// ceilings π (FMA probe, per format), ridge points, and where each GEMV/GEMM row sits.

import type { ResultRow, ResultsDocument } from '../../core/results';
import type { RooflineNote } from '../predict/notes';

export interface RooflinePoint {
  row: ResultRow;
  /** FLOPs per byte moved. */
  intensity: number;
  achievedGflops: number;
  /** min(π, I·β) in GFLOP/s. */
  attainableGflops: number;
  /** achieved / attainable. */
  efficiency: number;
  bound: 'memory' | 'compute';
}

export interface Roofline {
  /** β in GB/s: best verified read at the largest working set; undefined without read rows. */
  bandwidthGBps: number | undefined;
  bandwidthRow: ResultRow | undefined;
  /** π in GFLOP/s per FMA format ('f32', 'fp16', …): best verified FMA row of that format. */
  computeGflops: Record<string, number>;
  /** Ridge point π/β in FLOP/byte per FMA format. */
  ridge: Record<string, number>;
  points: RooflinePoint[];
  /** What is missing, as ids (worded by the page and the CLI). */
  notes: RooflineNote[];
}

/** Rows that count: verified, no error, positive time. */
export function verifiedRows(doc: ResultsDocument): ResultRow[] {
  return doc.results.filter((r) => r.verified && r.error === undefined && r.medianMs > 0);
}

/** Working-set size of a bandwidth row (shape.workingSetBytes), else the bytes moved. */
const workingSet = (r: ResultRow): number => r.shape.workingSetBytes ?? r.bytes;

export function bandwidthCeiling(rows: readonly ResultRow[]): ResultRow | undefined {
  const reads = rows.filter((r) => r.kernel === 'read' && r.gbps > 0);
  if (reads.length === 0) return undefined;
  const largest = Math.max(...reads.map(workingSet));
  return reads
    .filter((r) => workingSet(r) === largest)
    .reduce((best, r) => (r.gbps > best.gbps ? r : best));
}

export function computeCeilings(rows: readonly ResultRow[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const r of rows) {
    if (r.kernel !== 'fma' || r.gflops <= 0) continue;
    out[r.format] = Math.max(out[r.format] ?? 0, r.gflops);
  }
  return out;
}

/**
 * The compute ceiling a kernel of `format` can use: its own FMA rate if measured, else fp16
 * (int8/int4 weights are dequantised and multiplied in f16 or f32), else f32.
 */
export function computeCeilingFor(
  ceilings: Readonly<Record<string, number>>,
  format: string,
): { gflops: number; from: string } | undefined {
  for (const f of [format, 'fp16', 'f32']) {
    const v = ceilings[f];
    if (v !== undefined && v > 0) return { gflops: v, from: f };
  }
  return undefined;
}

/** Roofline: attainable GFLOP/s at intensity I (FLOP/byte) under π GFLOP/s and β GB/s. */
export function attainable(intensity: number, peakGflops: number, bandwidthGBps: number): number {
  return Math.min(peakGflops, intensity * bandwidthGBps);
}

export function fitRoofline(doc: ResultsDocument): Roofline {
  const rows = verifiedRows(doc);
  const notes: RooflineNote[] = [];
  const bwRow = bandwidthCeiling(rows);
  const beta = bwRow?.gbps;
  if (bwRow === undefined) notes.push({ id: 'no-read-rows' });
  const computeGflops = computeCeilings(rows);
  if (Object.keys(computeGflops).length === 0) {
    notes.push({ id: 'no-fma-rows' });
  }
  const ridge: Record<string, number> = {};
  if (beta !== undefined) {
    for (const [f, pi] of Object.entries(computeGflops)) ridge[f] = pi / beta;
  }
  const points: RooflinePoint[] = [];
  for (const row of rows) {
    if (row.kernel !== 'gemv' && row.kernel !== 'gemm') continue;
    const pi = computeCeilingFor(computeGflops, row.format);
    if (beta === undefined || pi === undefined || row.bytes <= 0) continue;
    const intensity = row.flops / row.bytes;
    const attainableGflops = attainable(intensity, pi.gflops, beta);
    points.push({
      row,
      intensity,
      achievedGflops: row.gflops,
      attainableGflops,
      efficiency: attainableGflops > 0 ? row.gflops / attainableGflops : 0,
      bound: intensity * beta < pi.gflops ? 'memory' : 'compute',
    });
  }
  if (!rows.some((r) => r.kernel === 'gemv' || r.kernel === 'gemm')) {
    notes.push({ id: 'no-matrix-rows' });
  }
  return { bandwidthGBps: beta, bandwidthRow: bwRow, computeGflops, ridge, points, notes };
}
