// What a peers page reports back to the Node driver (window.__peers), and the document the
// driver prints with --json: one page report per peer, each page with its own run of ours.

import type { FormatId } from '../../src/core/formats';
import type { OrtFormat } from './ort-models';

export interface PeerShape {
  kernel: 'gemv' | 'gemm';
  m: number;
  n: number;
  k: number;
  /** Where the shape comes from, e.g. "llama-3-8b o" or "small". */
  note: string;
}

/** The peer a page load runs beside ours. */
export type PeerName = 'tfjs' | 'ort-webgpu' | 'ort-jsep';
export const PEER_NAMES: readonly PeerName[] = ['ort-webgpu', 'ort-jsep', 'tfjs'];
export const PEER_LABEL: Record<PeerName, string> = {
  'ort-webgpu': 'ORT WebGPU EP',
  'ort-jsep': 'ORT JSEP',
  tfjs: 'tfjs',
};

/**
 * timed: verified before and after timing; wrong: ran, but its output did not match the CPU
 * reference; refused: the library would not build or run it (op, type or placement refused);
 * failed: anything else (a device error while timing, …). Only `timed` carries a time.
 */
export type CellStatus = 'timed' | 'wrong' | 'refused' | 'failed';

interface Cell {
  status: CellStatus;
  /** Bytes one product moves at the least (weights with their scales, x, y). */
  bytes: number;
  /** Of which the weights with their scales. */
  weightBytes: number;
  /** Wall clock per product, median of the samples, ms (null unless timed). */
  ms: number | null;
  /** (max − min) / median of the samples. */
  spread: number | null;
  /** Products per sample (sized per side so each sample lasts about the same). */
  reps: number;
  error?: string;
}

export interface OursCell extends Cell {
  format: FormatId;
  /** Our variant that ran (the fastest in a brief tuning by our own runner). */
  variant: string;
  /** Our runner's median per dispatch for that variant during tuning (its own timer). */
  runnerMs: number | null;
}

export interface PeerCell extends Cell {
  peer: PeerName;
  /** What ran, e.g. "MatMulNBits int4 b32" or "tf.matMul f32". */
  what: string;
  ortFormat?: OrtFormat;
  /** tfjs: its program(s); ORT: the node placement its verbose log reported, if any. */
  detail: string;
  /** Largest |y − y_ref| / Σ|w·x| seen in the checks. */
  worstError: number | null;
  /** ours ÷ this peer: both medians from this page's interleaved samples (null unless both timed). */
  ratio: number | null;
}

export interface PeerRow {
  shape: PeerShape;
  ours: OursCell;
  peers: PeerCell[];
  /** Samples per side. */
  samples: number;
  /** Weight copies rotated through by every side (so repeated products miss in cache alike). */
  copies: number;
}

export interface PageReport {
  done: boolean;
  /** A failure that stopped the whole page (no adapter, the peer did not start, …). */
  fatal?: string;
  peer: PeerName;
  full: boolean;
  /** Package versions the page ran (the driver fills in the ones the page cannot see). */
  versions: Record<string, string>;
  adapter: { ours: string; peer: string; isSoftware: boolean; f16: boolean };
  /** This page's read probe at `readBytes`, GB/s, and the probe variant that reached it. */
  read: { gbps: number; bytes: number; variant: string } | null;
  /** ORT pages: ms per session.run of a tiny product (M=1, 32×32), median. */
  ortRunOverheadMs?: number;
  /** ORT pages: how its wasm threads were set. */
  threads?: string;
  /** Our runner's timer for `runnerMs` (timestamp-query or wall-clock). */
  runnerTiming: string;
  method: string;
  rows: PeerRow[];
}

/** `npm run bench:peers -- --json`: every page, in the order they ran. */
export interface PeersDocument {
  kind: 'webgpu-roofline/peers';
  version: 1;
  full: boolean;
  versions: Record<string, string>;
  pages: PageReport[];
}

declare global {
  interface Window {
    __peers?: PageReport;
  }
}
