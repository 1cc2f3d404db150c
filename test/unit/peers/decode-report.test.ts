// bench:peers --decode's run spec (MODEL:int4 and the numbers, refused with a clear reason) and
// its table: times and ratios for a peer that agreed; a peer that disagreed shows its reason and
// no time, so it can never read as a win.

import { describe, expect, it } from 'vitest';
import { formatDecodeDocument, probeShare } from '../../../bench/peers/decode/report';
import { type DecodeOptions, decodeRunSpec } from '../../../bench/peers/decode/run-spec';
import type {
  DecodeDocument,
  DecodePageReport,
  SideTimes,
} from '../../../bench/peers/decode/types';

const options: DecodeOptions = {
  decode: 'tiny:int4',
  context: 16,
  tokens: 4,
  prompt: 8,
  rounds: 2,
  peers: ['ort-webgpu'],
  json: false,
};

describe('decodeRunSpec', () => {
  it('the tiny config, or a catalogue model cut to k layers with its full vocabulary', () => {
    const tiny = decodeRunSpec(options);
    expect(tiny.shape.hidden).toBe(256);
    expect(tiny.prompt).toHaveLength(8);
    expect(tiny.positions).toBeGreaterThanOrEqual(16 + 4 + 1);
    const llama = decodeRunSpec({ ...options, decode: 'llama-3.2-1b:int4', layers: 2 });
    expect(llama.shape).toMatchObject({ layers: 2, hidden: 2048, vocab: 128256, kvHeads: 8 });
  });

  it('refuses other formats, MoE models and bad numbers with the reason', () => {
    expect(() => decodeRunSpec({ ...options, decode: 'tiny:fp16' })).toThrow(/only int4/);
    expect(() => decodeRunSpec({ ...options, context: 0 })).toThrow(/--context must be/);
    expect(() => decodeRunSpec({ ...options, decode: 'mixtral-8x7b:int4' })).toThrow(
      /dense Llama-family/,
    );
  });
});

const side = (ms: number, ttft: number): SideTimes => ({
  what: 'x',
  tokenMs: [ms],
  ttftMs: [ttft],
  medianMs: ms,
  p95Ms: ms,
  ttftMedianMs: ttft,
  tokensPerSecond: 1000 / ms,
});

function page(peer: DecodePageReport['peer'], extra: Partial<DecodePageReport>): DecodePageReport {
  return {
    done: true,
    peer,
    adapter: { ours: 'swiftshader', isSoftware: true },
    read: { gbps: 1, bytes: 1, variant: 'v' },
    bytesPerToken: 10 * 2 ** 20,
    check: null,
    ours: side(20, 100),
    peerTimes: null,
    ...extra,
  };
}

describe('formatDecodeDocument', () => {
  const check = {
    ours: [1, 2],
    peer: [1, 2],
    tokensEqual: true,
    logitsError: 1e-7,
    tolerance: 1e-4,
    logitsWithin: true,
  };
  const doc: DecodeDocument = {
    kind: 'webgpu-roofline/peers-decode',
    version: 1,
    spec: { ...decodeRunSpec(options), onnxBytes: 1 },
    versions: { 'onnxruntime-web': '1.30.0' },
    pages: [
      page('ort-webgpu', { check, peerTimes: side(400, 200) }),
      page('transformers', {
        check: { ...check, peer: [1, 3], tokensEqual: false, logitsWithin: false },
        peerError: 'wrong: tokens differ; logits differ',
      }),
    ],
  };

  it('ours ÷ peer for the peer that agreed, its reason and no time for the one that did not', () => {
    const text = formatDecodeDocument(doc);
    expect(text).toMatch(
      /ORT WebGPU EP\s+400\.0\s+400\.0\s+200\.0\s+2\.50\s+[\d.]+%\s+0\.050\s+0\.500\s+yes/,
    );
    expect(text).toMatch(
      /transformers\.js(\s+–){7}\s+NO \(logits [\d.e-]+\); wrong: tokens differ/,
    );
    expect(text).not.toMatch(/transformers\.js\s+[\d.]+\s+[\d.]+/);
  });

  it('a token as a share of the read probe: bytes ÷ time ÷ GB/s', () => {
    expect(probeShare(page('ort-webgpu', {}), 10.48576)).toBeCloseTo(1, 6);
    expect(probeShare(page('ort-webgpu', { read: null }), 10)).toBeNull();
  });
});
