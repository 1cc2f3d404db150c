// Reading a `bench:peers --decode --json` document for the page: the figures of each peer page
// (ours and the peer, the cross-check, why a peer has no times), and a clear ImportError for a
// file that is not such a document or has a field of the wrong kind.

import { describe, expect, it } from 'vitest';
import { ImportError } from '../../../src/share/import/import-error';
import { parsePeersDecode } from '../../../src/share/import/peers-decode';
import { PEERS_DECODE_DOC } from '../../fixtures/peers-decode';

const text = (doc: unknown) => JSON.stringify(doc);
const refusal = (source: string): ImportError => {
  try {
    parsePeersDecode(source);
  } catch (e) {
    if (e instanceof ImportError) return e;
    throw e;
  }
  throw new Error('accepted');
};

describe('parsePeersDecode', () => {
  it('reads the run and every peer page: times, agreement, and why a peer was not timed', () => {
    const f = parsePeersDecode(text(PEERS_DECODE_DOC));
    expect(f).toMatchObject({ model: 'smollm2-135m', layers: 2, hidden: 576, vocab: 49152 });
    expect(f).toMatchObject({ context: 512, tokens: 3, rounds: 1, promptTokens: 8 });
    expect(f.versions).toContainEqual(['onnxruntime-web', '1.30.0']);
    const [webgpu, jsep] = f.pages;
    expect(webgpu).toMatchObject({ peer: 'ort-webgpu', label: 'ORT WebGPU EP', peerSide: null });
    expect(webgpu?.ours?.msPerToken).toBe(143.4);
    expect(webgpu?.logitsError).toBe(1.32e-2);
    expect(webgpu?.note).toMatch(/^wrong: logits differ/);
    expect(jsep?.peerSide).toMatchObject({ msPerToken: 8810, ttftMs: 16845 });
    expect(jsep).toMatchObject({ tokensEqual: true, tolerance: 1e-3, note: null });
  });

  it('refuses what is not a peers document, saying so', () => {
    expect(refusal('{').reason).toBe('malformed-json');
    const other = refusal(text({ kind: 'webgpu-roofline/peers', pages: [] }));
    expect(other.reason).toBe('not-results');
    expect(other.message).toMatch(/not a bench:peers --decode document/);
  });

  it('names the field that is wrong', () => {
    const badPeer = structuredClone(PEERS_DECODE_DOC) as unknown as { pages: { peer: string }[] };
    (badPeer.pages[1] as { peer: string }).peer = 'webllm';
    const e = refusal(text(badPeer));
    expect(e.reason).toBe('invalid');
    expect(e.message).toMatch(/pages\[1\]\.peer is not one of ort-webgpu, ort-jsep, transformers/);
    const badTime = structuredClone(PEERS_DECODE_DOC);
    (badTime.pages[1]?.peerTimes as { medianMs: unknown }).medianMs = '8810';
    expect(refusal(text(badTime)).message).toMatch(
      /pages\[1\]\.peerTimes\.medianMs is not a number/,
    );
    const noPages = { ...PEERS_DECODE_DOC, pages: undefined };
    expect(refusal(text(noPages)).message).toMatch(/pages is not a list/);
  });
});
