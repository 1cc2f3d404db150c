// The headline figures of a results document, from verified rows only.

import type { ResultRow, ResultsDocument } from './results';

export interface RunSummary {
  /** Read bandwidth at the largest working set measured: the DRAM figure later kernels compare to. */
  dramReadGbps: number | null;
  dramWorkingSetBytes: number | null;
  /** Best FMA-probe rate per format (the compute plateau), GFLOP/s. */
  computePeakGflops: Record<string, number>;
  verified: number;
  failed: number;
  noisy: number;
}

export const verifiedRows = (doc: ResultsDocument, kernel?: ResultRow['kernel']): ResultRow[] =>
  doc.results.filter((r) => r.verified && (kernel === undefined || r.kernel === kernel));

export function summarizeRun(doc: ResultsDocument): RunSummary {
  let dram: ResultRow | null = null;
  for (const row of verifiedRows(doc, 'read')) {
    const size = row.shape.workingSetBytes ?? 0;
    if (!dram || size > (dram.shape.workingSetBytes ?? 0)) dram = row;
  }
  const computePeakGflops: Record<string, number> = {};
  for (const row of verifiedRows(doc, 'fma')) {
    computePeakGflops[row.format] = Math.max(computePeakGflops[row.format] ?? 0, row.gflops);
  }
  return {
    dramReadGbps: dram?.gbps ?? null,
    dramWorkingSetBytes: dram?.shape.workingSetBytes ?? null,
    computePeakGflops,
    verified: doc.results.filter((r) => r.verified).length,
    failed: doc.results.filter((r) => !r.verified).length,
    noisy: doc.results.filter((r) => r.noisy).length,
  };
}
