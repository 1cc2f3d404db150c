// What a decode page reports (window.__peersDecode) and the document `bench:peers --decode`
// prints with --json: one page per peer, each with its own run of ours beside it.

import type { DecodeShape } from '../../../src/kernels/decode/shape';
import { DECODE_PEER_LABELS, type DecodePeerId } from '../../../src/share/import/peers-decode';

/** The peers a decode page runs beside ours (their table names shared with the page). */
export type DecodePeer = DecodePeerId;
export const DECODE_PEERS: readonly DecodePeer[] = ['ort-webgpu', 'ort-jsep', 'transformers'];
export const DECODE_PEER_LABEL: Record<DecodePeer, string> = DECODE_PEER_LABELS;

/** What the driver writes beside the model files (run.json) for the pages to read. */
export interface DecodeRunSpec {
  /** Catalogue id (or "tiny") and the layers kept. */
  model: string;
  shape: DecodeShape;
  seed: number;
  /** Positions the RoPE caches and our KV caches cover. */
  positions: number;
  /** The prompt's ids (TTFT and the cross-check start from it, from an empty cache). */
  prompt: number[];
  /** Greedy tokens every side must agree on. */
  checkTokens: number;
  /** Random cached positions the timed tokens decode from. */
  context: number;
  /** Timed tokens a round, each side. */
  tokens: number;
  /** Rounds of (ours, peer), interleaved. */
  rounds: number;
  /** Bytes of the ONNX file. */
  onnxBytes: number;
}

export interface SideTimes {
  what: string;
  /** Every timed token, ms, all rounds. */
  tokenMs: number[];
  /** One TTFT a round, ms. */
  ttftMs: number[];
  medianMs: number | null;
  p95Ms: number | null;
  ttftMedianMs: number | null;
  tokensPerSecond: number | null;
}

export interface CrossCheck {
  /** The greedy tokens each side made from the prompt. */
  ours: number[];
  peer: number[];
  tokensEqual: boolean;
  /** The worst over the steps of max |peer − ours| / max |ours| of a step's logits. */
  logitsError: number;
  tolerance: number;
  logitsWithin: boolean;
  /** Ours against the f64 CPU reference (the tiny config only: the reference is slow). */
  oursVsReference?: { error: number; tokensEqual: boolean; within: boolean };
}

export interface DecodePageReport {
  done: boolean;
  peer: DecodePeer;
  adapter: { ours: string; isSoftware: boolean };
  /** This page's read probe (the faster of READ_VARIANTS), for the share of it a token reaches. */
  read: { gbps: number; bytes: number; variant: string } | null;
  /** Weight and KV bytes one token reads (ours: our int4 format). */
  bytesPerToken: number;
  check: CrossCheck | null;
  ours: SideTimes | null;
  peerTimes: SideTimes | null;
  /** Ours' first layer against the f64 reference (real shapes), max error over the largest. */
  oursFirstLayerError?: number;
  /** The peer's placement log (ORT) or version line. */
  peerDetail?: string;
  /** Why the peer has no times (refused, wrong, failed). */
  peerError?: string;
  fatal?: string;
}

export interface DecodeDocument {
  kind: 'webgpu-roofline/peers-decode';
  version: 1;
  spec: DecodeRunSpec;
  versions: Record<string, string>;
  pages: DecodePageReport[];
}

declare global {
  interface Window {
    __peersDecode?: DecodePageReport;
  }
}
