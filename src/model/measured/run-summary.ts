// The headline figures of a results document, from verified rows only. The ceilings come from
// the roofline fit in src/model, so the page, the CLI and the predictor agree on them.

import type { ResultsDocument } from '../../core/results';
import { bandwidthCeiling, computeCeilings, verifiedRows } from './roofline';

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

export function summarizeRun(doc: ResultsDocument): RunSummary {
  const rows = verifiedRows(doc);
  const dram = bandwidthCeiling(rows);
  return {
    dramReadGbps: dram?.gbps ?? null,
    dramWorkingSetBytes: dram?.shape.workingSetBytes ?? null,
    computePeakGflops: computeCeilings(rows),
    verified: doc.results.filter((r) => r.verified).length,
    failed: doc.results.filter((r) => !r.verified).length,
    noisy: doc.results.filter((r) => r.noisy).length,
  };
}
