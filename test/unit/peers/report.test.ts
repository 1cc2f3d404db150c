// The peers table: a wrong or refused peer shows as such and never as a time, ours ÷ best peer
// picks the fastest timed peer of the row (from its own page), and the verdict names misses.

import { describe, expect, it } from 'vitest';
import { bestPeer, formatDocument, mergeRows, readShare } from '../../../bench/peers/report';
import type { PageReport, PeerCell, PeerRow, PeersDocument } from '../../../bench/peers/types';

const shape = { kernel: 'gemv' as const, m: 1, n: 4096, k: 4096, note: 'q_proj' };

function cell(over: Partial<PeerCell>): PeerCell {
  return {
    peer: 'ort-webgpu',
    what: 'MatMulNBits int4 b32',
    status: 'timed',
    bytes: 10_500_000,
    weightBytes: 10_485_760,
    ms: 100,
    spread: 0.05,
    reps: 1,
    detail: '',
    worstError: 1e-7,
    ratio: 0.5,
    ...over,
  };
}

function row(peers: PeerCell[], oursMs: number | null = 50): PeerRow {
  return {
    shape,
    ours: {
      format: 'int4',
      variant: 'rows4-wg64',
      status: oursMs === null ? 'failed' : 'timed',
      bytes: 9_500_000,
      weightBytes: 9_437_184,
      ms: oursMs,
      spread: 0.03,
      reps: 2,
      runnerMs: 48,
    },
    peers,
    samples: 7,
    copies: 4,
  };
}

function page(peer: PageReport['peer'], rows: PeerRow[]): PageReport {
  return {
    done: true,
    peer,
    full: false,
    versions: { 'onnxruntime-web': '1.30.0' },
    adapter: {
      ours: 'google swiftshader',
      peer: 'google swiftshader',
      isSoftware: true,
      f16: false,
    },
    read: { gbps: 1, bytes: 32 * 2 ** 20, variant: 'u32x4-wg256' },
    ortRunOverheadMs: 0.6,
    threads: 'env.wasm.numThreads = 1 (crossOriginIsolated: false)',
    runnerTiming: 'wall-clock',
    method: 'wall clock',
    rows,
  };
}

const doc = (pages: PageReport[]): PeersDocument => ({
  kind: 'webgpu-roofline/peers',
  version: 1,
  full: false,
  versions: { 'onnxruntime-web': '1.30.0', '@tensorflow/tfjs-backend-webgpu': '4.22.0' },
  pages,
});

describe('the peers table', () => {
  const webgpu = page('ort-webgpu', [
    row([
      cell({ ms: 200, ratio: 0.25 }),
      cell({
        what: 'MatMulNBits int4 b128',
        status: 'wrong',
        ms: null,
        ratio: null,
        error: 'worst |error| is 3.4e-1 of Σ|w·x|',
      }),
    ]),
  ]);
  const jsep = page('ort-jsep', [
    row(
      [
        cell({ peer: 'ort-jsep', ms: 90, ratio: 0.55 }),
        cell({
          peer: 'ort-jsep',
          what: 'MatMulNBits int8 b32',
          status: 'refused',
          ms: null,
          ratio: null,
          error: 'no kernel',
        }),
      ],
      49.5,
    ),
  ]);

  it('merges one row per shape and format across pages, and picks the fastest timed peer', () => {
    const rows = mergeRows(doc([webgpu, jsep]));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.ours).toHaveLength(2);
    expect(rows[0]?.peers).toHaveLength(4);
    const best = rows[0] ? bestPeer(rows[0]) : null;
    expect(best?.cell.peer).toBe('ort-jsep');
    expect(best?.ratio).toBe(0.55);
  });

  it('shows wrong and refused cells as such, with the reason, never with a time', () => {
    const text = formatDocument(doc([webgpu, jsep]));
    const wrongLine = text.split('\n').find((l) => l.includes('int4 b128')) ?? '';
    expect(wrongLine).toMatch(/WRONG/);
    expect(wrongLine).not.toMatch(/\d+\.\d+\s*$/);
    expect(text).toMatch(/↳ worst \|error\| is 3\.4e-1/);
    const refusedLine = text.split('\n').find((l) => l.includes('int8 b32')) ?? '';
    expect(refusedLine).toMatch(/REFUSED/);
    expect(text).toMatch(/↳ no kernel/);
    expect(text).toMatch(/ours ÷ best peer: 0\.55 \(ORT JSEP MatMulNBits int4 b32\)/);
    expect(text).toMatch(/onnxruntime-web 1\.30\.0/);
    expect(text).toMatch(/session\.run overhead 0\.600 ms/);
    expect(text).toMatch(/numThreads = 1/);
    // 0.55 at a GEMV meets the 0.7 target.
    expect(text).toMatch(/1 rows compared; target .* met at 1/);
  });

  it('names a missed target, and a row no peer timed', () => {
    const slow = page('ort-jsep', [row([cell({ peer: 'ort-jsep', ms: 60, ratio: 0.83 })])]);
    expect(formatDocument(doc([slow]))).toMatch(/missed: gemv 1 4096×4096 int4 0\.83/);
    const none = page('ort-jsep', [row([cell({ status: 'refused', ms: null, ratio: null })])]);
    expect(formatDocument(doc([none]))).toMatch(/ours ÷ best peer: – \(no peer timed\)/);
  });

  it('puts a time as a share of its page’s read probe', () => {
    expect(readShare(1e9, 1000, webgpu)).toBeCloseTo(1);
    expect(readShare(1e9, null, webgpu)).toBeNull();
    expect(readShare(1e9, 1000, { ...webgpu, read: null })).toBeNull();
  });
});
