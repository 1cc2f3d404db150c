// bench:peers end to end on tiny shapes: the driver builds and serves the peers page and loads
// it once per peer in headless Chromium. An ORT row that verifies lands in the document and the
// table with a time; a row made wrong (--wrong) or refused (--refuse) is reported with its
// reason and no time; the --json document carries every page, versions and the read probe.

import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { formatDocument } from '../../bench/peers/report';
import type { PeerCell, PeersDocument } from '../../bench/peers/types';

const run = promisify(execFile);
const driver = inject('peersDriver');
/** The driver serves the pages the project's global setup built. */
const env = { ...process.env, BENCH_PEERS_PREBUILT: '1' };
let doc: PeersDocument;
let exitCode = 0;

beforeAll(async () => {
  const args = [driver, '--json', '--tiny', '--formats', 'f32,int4'];
  // ORT's f32 MatMul refused by the hook, its int4 b128 made wrong; int4 b32 and tfjs timed.
  args.push('--refuse', 'f32', '--wrong', 'q4b128');
  try {
    const { stdout } = await run('node', args, { maxBuffer: 64 * 2 ** 20, env });
    doc = JSON.parse(stdout) as PeersDocument;
  } catch (e) {
    const failed = e as { code?: number; stdout?: string; stderr?: string };
    exitCode = failed.code ?? 1;
    throw new Error(`bench:peers failed (${exitCode}): ${failed.stderr?.slice(-2000)}`);
  }
}, 420_000);

const cells = (peer: string): PeerCell[] =>
  doc.pages.filter((p) => p.peer === peer).flatMap((p) => p.rows.flatMap((r) => r.peers));

describe('bench:peers --tiny --json', () => {
  it('loads one page per peer, each with its read probe, versions and ours timed', () => {
    expect(exitCode).toBe(0);
    expect(doc.kind).toBe('webgpu-roofline/peers');
    expect(doc.versions['onnxruntime-web']).toBe('1.30.0');
    expect(doc.pages.map((p) => p.peer)).toEqual(['ort-webgpu', 'ort-jsep', 'tfjs']);
    for (const page of doc.pages) {
      expect(page.fatal).toBeUndefined();
      expect(page.read?.gbps).toBeGreaterThan(0);
      expect(page.rows.length).toBeGreaterThan(0);
      for (const row of page.rows) {
        expect(row.ours.status).toBe('timed');
        expect(row.ours.ms).toBeGreaterThan(0);
      }
    }
    const ort = doc.pages.filter((p) => p.peer !== 'tfjs');
    for (const page of ort) {
      expect(page.versions['onnxruntime-web']).toBe('1.30.0');
      expect(page.ortRunOverheadMs).toBeGreaterThan(0);
      expect(page.threads).toMatch(/numThreads = 1/);
    }
  });

  it('tunes our side on the first page and runs the variants it chose on the others', () => {
    const [first, ...rest] = doc.pages;
    const chosen = new Map(
      first?.rows.map((r) => [`${r.shape.kernel} ${r.ours.format}`, r.ours.variant]),
    );
    expect(chosen.size).toBe(4); // GEMV and GEMM, f32 and int4
    let carried = 0;
    for (const page of rest) {
      for (const r of page.rows) {
        expect(r.ours.variant).toBe(chosen.get(`${r.shape.kernel} ${r.ours.format}`));
        carried++;
      }
    }
    expect(carried).toBe(4 + 2); // ORT JSEP: all four; tfjs: the f32 ones
  });

  it('times a verified ORT row on both backends, placed on WebGPU', () => {
    for (const peer of ['ort-webgpu', 'ort-jsep']) {
      const b32 = cells(peer).filter((c) => c.ortFormat === 'q4b32');
      expect(b32).toHaveLength(2);
      for (const c of b32) {
        expect(c.status).toBe('timed');
        expect(c.ms).toBeGreaterThan(0);
        expect(c.worstError).toBeLessThanOrEqual(1e-4);
        expect(c.ratio).toBeGreaterThan(0);
        expect(c.detail).toMatch(/All nodes placed on \[(WebGpu|Js)ExecutionProvider\]/);
      }
    }
    expect(cells('tfjs').every((c) => c.status === 'timed' && (c.ms ?? 0) > 0)).toBe(true);
  });

  it('reports a wrong row and a refused row with their reasons and no time', () => {
    for (const peer of ['ort-webgpu', 'ort-jsep']) {
      const wrong = cells(peer).filter((c) => c.ortFormat === 'q4b128');
      const refused = cells(peer).filter((c) => c.ortFormat === 'f32');
      expect(wrong.length).toBeGreaterThan(0);
      expect(refused.length).toBeGreaterThan(0);
      for (const c of wrong) {
        expect(c.status).toBe('wrong');
        expect([c.ms, c.ratio]).toEqual([null, null]);
        expect(c.error).toMatch(/worst \|error\|/);
      }
      for (const c of refused) {
        expect(c.status).toBe('refused');
        expect([c.ms, c.ratio]).toEqual([null, null]);
        expect(c.error).toMatch(/MatMulNoSuchKernel/);
      }
    }
  });

  it('refuses an unknown --kernels entry before building anything (exit 2)', async () => {
    const failed = await run('node', [driver, '--kernels', 'gemm,conv']).then(
      () => null,
      (e: { code?: number; stderr?: string }) => e,
    );
    expect(failed?.code).toBe(2);
    expect(failed?.stderr).toMatch(/unknown kernel conv/);
  });

  it('prints the same document as a table', () => {
    const text = formatDocument(doc);
    expect(text).toMatch(/onnxruntime-web 1\.30\.0/);
    expect(text).toMatch(/gemv M=1 64×128\s+int4\s+ours/);
    expect(text).toMatch(/ORT WebGPU EP\s+MatMulNBits int4 b32\s+[\d.]+\s+[\d.]+/);
    expect(text).toMatch(/ORT JSEP\s+MatMulNBits int4 b128\s+[\d.]+\s+WRONG/);
    expect(text).toMatch(/MatMul f32\s+[\d.]+\s+REFUSED/);
    expect(text).toMatch(/tfjs\s+tf\.matMul f32\s+[\d.]+\s+[\d.]+/);
    expect(text).toMatch(/ours ÷ best peer: \d\.\d\d/);
  });
});
