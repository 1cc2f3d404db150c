// Published decode rates that are in none of the calibration files (data/calibration/*.csv), each
// with its source and the engine it was measured with: that engine's spec-mode range must hold
// them (engine-spec.test.ts, which also checks that no point matches a calibration row). The WebLLM
// paper's M3 Max rates (MLC-LLM native and WebLLM) used to be listed here as "outside the
// calibration CSV" while they are lines of public-measurements-calibration.csv: an in-sample check
// under an out-of-sample name, so they are gone; a point belongs here only if the fit never saw it.

import type { EngineId } from '../../../src/model/engines/ids';

/** A published decode measurement used to set or check a profile's range. */
export interface EvidencePoint {
  engine: EngineId;
  gpu: string;
  model: string;
  weights: string;
  /** Runtime and version as published. */
  runtime: string;
  tokensPerSecond: number;
  source: string;
  /** How sure we are of the number: 'csv' (in this repo) | 'cited' | 'recalled' (verify). */
  provenance: 'csv' | 'cited' | 'recalled';
  /** Outside its engine's calibrated range: why, and the test checks by how much. */
  knownMiss?: string;
}

/** Published decode rates in no calibration file: a small true out-of-sample set. */
export const EVIDENCE: readonly EvidencePoint[] = [
  {
    engine: 'vllm',
    gpu: 'a100-40g',
    model: 'llama-3-8b',
    weights: 'fp16',
    runtime: 'vLLM 0.23.0, BF16, concurrency 1, 1024 in / 128 out',
    tokensPerSecond: 75,
    source:
      'J. Musgrave, "vLLM throughput-latency sweep on NVIDIA A100", https://johnmusgrave.com/p/vllm-throughput-latency-sweep-on (Llama-3.1-8B-Instruct)',
    provenance: 'cited',
  },
];
