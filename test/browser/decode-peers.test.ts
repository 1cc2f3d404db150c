// The "Decode for real" section shows a `bench:peers --decode --json` document opened in it:
// ours beside each peer (ms/token, p95, TTFT, tokens/s, ours ÷ peer, agreement), a peer that
// was wrong shown with its reason and no time; a file that is not such a document is refused
// with a message and leaves the table as it was. No GPU work: the section is only mounted.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodePeersPanel, decodeSection } from '../../src/ui/decode/decode-section';
import { en } from '../../src/ui/i18n/en';
import { PageController } from '../../src/ui/shell/page';
import { createBenchClient } from '../../src/worker/client';
import { PEERS_DECODE_DOC } from '../fixtures/peers-decode';

const page = new PageController(createBenchClient);
const $ = <T extends HTMLElement>(sel: string) => document.querySelector(sel) as T;
const file = (doc: unknown) => new File([JSON.stringify(doc)], 'peers.json');

function panel() {
  if (decodePeersPanel === undefined) throw new Error('not mounted');
  return decodePeersPanel;
}

beforeAll(() => {
  document.body.replaceChildren(document.createElement('main'));
  page.mount([decodeSection]);
});

afterAll(() => page.client.terminate());

describe('the Decode for real section with a peers document', () => {
  it('offers a picker and no table before a document is opened', () => {
    expect($('#decode-real').textContent).toContain(en.decode.peers.title);
    expect($<HTMLInputElement>('#decode-peers-file').type).toBe('file');
    expect($('#decode-peers').hidden).toBe(true);
  });

  it('shows ours beside each peer, the ratio, and a wrong peer with its reason', async () => {
    await panel().open(file(PEERS_DECODE_DOC));
    expect($('#decode-peers').hidden).toBe(false);
    const rows = [...document.querySelectorAll('#decode-peers tbody tr')].map(
      (r) => r.textContent ?? '',
    );
    expect(rows).toHaveLength(4);
    expect(rows[0]).toMatch(/^Ours \(ORT WebGPU EP page\)143/);
    expect(rows[1]).toMatch(/^ORT WebGPU EPyes \(logits 1\.3e-2\); wrong: logits differ/);
    expect(rows[2]).toMatch(/^Ours \(ORT JSEP page\)294/);
    const jsep = [...document.querySelectorAll('#decode-peers tbody tr:nth-child(4) > *')].map(
      (c) => c.textContent,
    );
    // ms/token, p95, TTFT, tokens/s, ours ÷ peer (293.6 / 8810), TTFT ours ÷ peer (2568 / 16845).
    expect(jsep).toEqual([
      'ORT JSEP',
      '8,810',
      '9,251',
      '16,845',
      '0.11',
      '0.033',
      '0.15',
      'yes (logits 3.6e-7)',
    ]);
    expect($('#decode-real').textContent).toMatch(/smollm2-135m, 2 layers .*vocabulary 49,152/);
  });

  it('refuses a file that is not a peers document and keeps the table', async () => {
    await panel().open(file({ kind: 'webgpu-roofline/peers', pages: [] }));
    expect($('#decode-peers-status').textContent).toMatch(/not a bench:peers --decode document/);
    expect(document.querySelectorAll('#decode-peers tbody tr')).toHaveLength(4);
  });
});
