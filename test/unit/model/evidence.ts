// Published decode rates outside the calibration CSV, each with its source and the engine it was
// measured with: that engine's spec-mode range must hold them (engine-spec.test.ts).

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

/**
 * Published decode rates outside the calibration CSV. The native range must hold them; the
 * browser profile is fitted on the WebLLM pair.
 */
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
  {
    engine: 'mlc',
    gpu: 'm3-max',
    model: 'llama-3-8b',
    weights: 'int4',
    runtime: 'MLC-LLM (native Metal), q4f16_1',
    tokensPerSecond: 57.7,
    source:
      'Ruan et al., "WebLLM: A High-Performance In-Browser LLM Inference Engine", arXiv:2412.15803, Table 1 (Llama-3.1-8B); number as recalled, verify',
    provenance: 'recalled',
  },
  {
    engine: 'webllm',
    gpu: 'm3-max',
    model: 'llama-3-8b',
    weights: 'int4',
    runtime: 'WebLLM in Chrome (WebGPU), q4f16_1',
    tokensPerSecond: 41.1,
    source:
      'Ruan et al., "WebLLM: A High-Performance In-Browser LLM Inference Engine", arXiv:2412.15803, Table 1 (Llama-3.1-8B); number as recalled, verify',
    provenance: 'recalled',
  },
  {
    engine: 'webllm',
    gpu: 'm3-max',
    model: 'phi-3.5-mini',
    weights: 'int4',
    runtime: 'WebLLM in Chrome (WebGPU), q4f16_1',
    tokensPerSecond: 71.1,
    source:
      'Ruan et al., "WebLLM: A High-Performance In-Browser LLM Inference Engine", arXiv:2412.15803, Table 1 (Phi-3.5-mini); number as recalled, verify',
    provenance: 'recalled',
  },
];
