// bench:peers --decode on the tiny config end to end: the driver writes the ONNX decoder, its
// config and tokenizer, serves them with the decode page and loads it once for onnxruntime-web's
// WebGPU EP and once for transformers.js in headless Chromium (0 requests beyond the page's own
// origin, or the driver fails). Each page's peer made the same 8 greedy tokens as ours, with
// logits within tolerance at every step; ours matched the f64 reference; both sides were timed.

import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { formatDecodeDocument } from '../../bench/peers/decode/report';
import type { DecodeDocument } from '../../bench/peers/decode/types';

const run = promisify(execFile);
const driver = inject('peersDriver');
/** The driver serves the pages the project's global setup built. */
const env = { ...process.env, BENCH_PEERS_PREBUILT: '1' };
let doc: DecodeDocument;

beforeAll(async () => {
  const args = [driver, '--decode', 'tiny:int4', '--json', '--peers', 'ort-webgpu,transformers'];
  args.push('--context', '16', '--tokens', '3', '--rounds', '1', '--prompt', '8');
  try {
    const { stdout } = await run('node', args, { maxBuffer: 64 * 2 ** 20, env });
    doc = JSON.parse(stdout) as DecodeDocument;
  } catch (e) {
    const failed = e as { code?: number; stderr?: string };
    throw new Error(`bench:peers --decode failed (${failed.code}): ${failed.stderr?.slice(-2000)}`);
  }
}, 420_000);

describe('bench:peers --decode tiny:int4', () => {
  it('ORT WebGPU EP and transformers.js make our tokens, logits within tolerance', () => {
    expect(doc.kind).toBe('webgpu-roofline/peers-decode');
    expect(doc.versions['@huggingface/transformers']).toBe('4.3.2');
    expect(doc.pages.map((p) => p.peer)).toEqual(['ort-webgpu', 'transformers']);
    for (const page of doc.pages) {
      expect(page.fatal).toBeUndefined();
      expect(page.peerError).toBeUndefined();
      const c = page.check;
      expect(c?.ours).toHaveLength(8);
      expect(c?.peer).toEqual(c?.ours);
      expect(c?.tokensEqual).toBe(true);
      expect(c?.logitsWithin).toBe(true);
      expect(c?.logitsError).toBeLessThanOrEqual(1e-5);
      expect(c?.oursVsReference).toMatchObject({ tokensEqual: true, within: true });
    }
  });

  it('times both sides: TTFT and every token, interleaved in the same page', () => {
    for (const page of doc.pages) {
      for (const t of [page.ours, page.peerTimes]) {
        expect(t?.tokenMs).toHaveLength(3);
        expect(t?.ttftMs).toHaveLength(1);
        expect(t?.medianMs).toBeGreaterThan(0);
        expect(t?.ttftMedianMs).toBeGreaterThan(0);
      }
      expect(page.read?.gbps).toBeGreaterThan(0);
    }
    expect(doc.pages[0]?.peerDetail).toMatch(/WebGpuExecutionProvider/);
    expect(doc.pages[1]?.peerTimes?.what).toMatch(/transformers\.js 4\.3\.2/);
  });

  it('prints the table with both peers and their agreement', () => {
    const text = formatDecodeDocument(doc);
    expect(text).toMatch(/ORT WebGPU EP\s+[\d.]+\s+[\d.]+\s+[\d.]+.*yes \(logits/);
    expect(text).toMatch(/transformers\.js\s+[\d.]+\s+[\d.]+\s+[\d.]+.*yes \(logits/);
    expect(text).toMatch(/ours vs f64 reference: logits [\d.e-]+, tokens equal/);
  });
});
