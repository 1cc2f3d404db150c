// What the peers page reports back to the Node driver (window.__peers), shared by both sides.

export interface PeerShape {
  kernel: 'gemv' | 'gemm';
  m: number;
  n: number;
  k: number;
  /** Where the shape comes from, e.g. "llama-3-8b o" or "small". */
  note: string;
}

export interface PeerRow {
  shape: PeerShape;
  /** Our variant that ran (the fastest in a brief tuning by our own runner). */
  variant: string;
  /** Our runner's median per dispatch for that variant during tuning (its own timer). */
  runnerMs: number | null;
  /** What tfjs ran: its program(s) for this matMul, as tf.time names them. */
  tfjsProgram: string;
  oursVerified: boolean;
  tfjsVerified: boolean;
  /** Wall clock per product, median of the samples, ms (null when that side failed). */
  oursMs: number | null;
  tfjsMs: number | null;
  /** (max − min) / median of each side's samples. */
  oursSpread: number | null;
  tfjsSpread: number | null;
  /** Products per sample (the same for both sides) and samples per side. */
  reps: number;
  samples: number;
  /** Which side took the first sample of the interleaved pairs. */
  first: 'ours' | 'tfjs';
  /** Largest |tfjs − reference| / Σ|w·x| seen when checking tfjs. */
  tfjsWorstError: number | null;
  /** Weight copies rotated through by both sides (so repeated products miss in cache alike). */
  copies: number;
  error?: string;
}

export interface PeerReport {
  done: boolean;
  /** A failure that stopped the whole run (no adapter, tfjs did not start, …). */
  fatal?: string;
  full: boolean;
  versions: { tfjsCore: string; tfjsBackendWebgpu: string };
  adapter: { ours: string; tfjs: string; isSoftware: boolean };
  /** Our runner's timer for `runnerMs` (timestamp-query or wall-clock). */
  runnerTiming: string;
  method: string;
  rows: PeerRow[];
}

declare global {
  interface Window {
    __peers?: PeerReport;
  }
}
