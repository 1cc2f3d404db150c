// What a prediction assumes and notes, as data: an id and the numbers (or names) that go with
// it. The model never words them; the CLI words them in English (src/cli/words/notes-en.ts) and the
// page words the ones it shows in its languages (src/ui/i18n).

import type { CalibrationCode } from '../engines/calibrate';
import type { EngineId, Vendor } from '../engines/ids';
import type { PeakKind } from '../engines/physics';
import type { LinkKind } from './tensor-parallel';

/** A range as multiples of the expected value: [low, high] holds 1. */
interface Interval {
  low: number;
  high: number;
}

/** What is missing from a results document for the roofline (model/measured/roofline.ts). */
export type RooflineNote =
  | { id: 'no-read-rows' }
  | { id: 'no-fma-rows' }
  | { id: 'no-matrix-rows' };

export type RooflineNoteId = RooflineNote['id'];

export type Note =
  | RooflineNote
  // Measured mode (model/predict/measured-estimator.ts): where a matrix's time came from.
  | {
      id: 'matrix-by-bytes';
      matrix: string;
      n: number;
      k: number;
      m: number;
      how: 'interpolated' | 'extrapolated';
      format: string;
    }
  | { id: 'matrix-scaled'; matrix: string; m: number; factor: number; near: number }
  | {
      id: 'matrix-roofline';
      matrix: string;
      m: number;
      format: string;
      betaGBps: number;
      piGflops: number;
    }
  /** Attention FLOPs at the best measured GEMM rate, or (fmaFormat set) at the FMA probe's. */
  | { id: 'attention-rate'; gflops: number; fmaFormat: string | null }
  // Measured mode: memory.
  | { id: 'no-capacity-in-webgpu' }
  | { id: 'binding-too-small'; largestBytes: number; bindingBytes: number }
  // Measured mode: its assumptions.
  | { id: 'bandwidth-ceiling'; gbps: number }
  | { id: 'compute-ceiling'; gflops: number; from: string }
  | { id: 'dispatch-assumed'; ms: number }
  | { id: 'dispatch-measured'; ms: number }
  | {
      id: 'fixed-cost';
      ms: number;
      perLayer: number;
      layers: number;
      perToken: number;
      /** Host cost per layer measured by the document's decode runs, where it holds any. */
      hostLayerMs: number | undefined;
    }
  // The document's own decode runs measured this host (model/predict/measured-host-cost.ts).
  | {
      id: 'host-cost-measured';
      dispatchMs: number;
      layerMs: number;
      runs: number;
      models: string[];
    }
  | { id: 'measured-times' }
  | { id: 'roofline-efficiency'; low: number; expected: number; high: number }
  // Spec mode (model/predict/spec-estimator.ts).
  | { id: 'capacity-not-given' }
  | { id: 'capacity-datasheet'; gb: number }
  | {
      id: 'datasheet';
      gpu: string;
      bandwidthGBps: number;
      /** The rate prefill runs at for this engine and format. */
      tflops: number;
      peak: PeakKind;
    }
  /**
   * The fitted profile (engines/physics.ts ProfileParams): η, c per layer, g per GB streamed, t per
   * token, the decode attention factor k, ε, the unpacking factors u of one-scale blocks and of k-quants, F, and its
   * central `level` residual interval. t, k and the u are 0 for native engines.
   */
  | {
      id: 'engine-profile';
      engine: EngineId;
      vendor: Vendor;
      eta: number;
      cLayerMs: number;
      consumeMsPerGB: number;
      tokenMs: number;
      attnFactor: number;
      eps: number;
      blockUnpack: number;
      kQuantUnpack: number;
      fixedMs: number;
      level: number;
      decode: Interval;
      ttft: Interval;
    }
  /**
   * `engine` has no fit of its own: the profile, ranges and held-out figures below are `from`'s
   * (engines/ids.ts borrowsProfileFrom), and the notes that follow name `from`.
   */
  | { id: 'engine-borrowed'; engine: EngineId; from: EngineId }
  // llama.cpp's build era (issue 34, part 4): no term; the range spans the builds in the data.
  | { id: 'build-era-in-range'; engine: EngineId }
  /** Where a metric's range comes from (own rows, a wider pool, widened to the generic class). */
  | {
      id: 'engine-range';
      engine: EngineId;
      vendor: Vendor;
      metric: 'decode' | 'ttft';
      code: CalibrationCode;
    }
  | {
      id: 'weight-layout';
      format: string;
      bodyBits: number;
      headBits: number;
      embeddingBits: number;
    }
  | {
      id: 'tensor-parallel';
      tp: number;
      link: LinkKind;
      bandwidthGBps: number;
      latencyMs: number;
      allReduces: number;
    }
  | { id: 'pass-max' }
  // Either mode (model/predict/predictor.ts).
  | { id: 'itl-context'; context: number; defaulted: boolean }
  | { id: 'kv-cache'; bits: number; tokens: number; batch: number }
  /** A quantised KV cache: `block` values share one `scaleBits` scale (counted in the bytes). */
  | { id: 'kv-quant'; bits: number; block: number; scaleBits: number; bytesPerElement: number }
  /** MoE: every expert in memory; a step of `batch` tokens reads `distinct` experts per layer. */
  | {
      id: 'moe-routing';
      experts: number;
      perToken: number;
      shared: number;
      batch: number;
      distinct: number;
    }
  /** Sliding-window layers hold at most `window` tokens of KV and attend over at most that. */
  | { id: 'sliding-window'; window: number; slidingLayers: number; layers: number }
  /** Multi-head latent attention: the cache holds `elements` values per token per layer. */
  | { id: 'mla-cache'; elements: number }
  | { id: 'e2e-formula' }
  | { id: 'ttft-alone' }
  // The report (model/predict/report.ts).
  | { id: 'roofline-fallback' }
  | { id: 'software-adapter'; adapter: string }
  /** `why` is the results document's own `incomplete` text, as given. */
  | { id: 'run-unfinished'; why: string };

/** The notes without repeats (two steps often note the same matrix). */
export function uniqueNotes(notes: readonly Note[]): Note[] {
  const seen = new Set<string>();
  return notes.filter((n) => {
    const key = JSON.stringify(n);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
