// The "Decode for real" section in a real browser with the real worker: mounted by the page
// controller with no index.html markup; a small decode (SmolLM2's shape with a small vocabulary,
// one layer) streams token ids and shows its figures, a cancel stops a longer one within a
// second, a small mixture-of-experts model states its random routing, and a model with latent
// attention is refused in the page's words.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getModel } from '../../src/model/llm/models';
import { decodeController, decodeSection } from '../../src/ui/decode/decode-section';
import { en } from '../../src/ui/i18n/en';
import { PageController } from '../../src/ui/shell/page';
import { createBenchClient } from '../../src/worker/client';

const page = new PageController(createBenchClient);
const $ = <T extends HTMLElement>(sel: string) => document.querySelector(sel) as T;
const small = { ...getModel('smollm2-135m'), vocabSize: 4096, layers: 4 };

function controller() {
  if (decodeController === undefined) throw new Error('not mounted');
  return decodeController;
}

async function until(check: () => boolean, ms = 60_000): Promise<void> {
  const start = performance.now();
  while (!check()) {
    if (performance.now() - start > ms) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 5));
  }
}

const setValue = (sel: string, value: string) => {
  $<HTMLInputElement>(sel).value = value;
};

beforeAll(() => {
  document.body.replaceChildren(document.createElement('main'));
  page.mount([decodeSection]);
});

afterAll(() => page.client.terminate());

describe('the Decode for real section', () => {
  it('builds its own markup with defaults that run anywhere, and says the weights are random', () => {
    expect($('#decode-real h2').textContent).toBe(en.decode.title);
    expect($('#decode-real').textContent).toMatch(/weights are random/);
    expect($<HTMLSelectElement>('#decode-model').value).toBe('smollm2-135m');
    expect($<HTMLSelectElement>('#decode-format').value).toBe('int4');
    expect($<HTMLSelectElement>('#decode-context').value).toBe('512');
    expect($('#decode-stream').textContent).toBe(en.decode.streamEmpty);
    expect(document.querySelector('#decode-runs')?.hasAttribute('hidden')).toBe(true);
  });

  it('runs a small decode: token ids stream in, then ms/token beside the floor, the A100 and the reading line', async () => {
    const c = controller();
    c.config = small;
    setValue('#decode-layers', '1');
    setValue('#decode-tokens', '4');
    $<HTMLSelectElement>('#decode-context').value = '128';
    const run = await c.run();
    expect(run?.error).toBeUndefined();
    expect(run?.verified).toBe(true);
    expect(run?.layers).toBe(1);
    const chips = [...document.querySelectorAll('#decode-stream .decode-token')];
    expect(chips).toHaveLength(4);
    for (const chip of chips) expect(Number(chip.textContent)).toBeLessThan(small.vocabSize);
    const figures = $('#decode-figures').textContent ?? '';
    expect(figures).toMatch(/median ms\/token/);
    expect(figures).toMatch(/Bandwidth this run reached.*GB\/s/);
    expect(figures).toMatch(/22–30 ms/); // the chapter's A100, one user
    expect(figures).toMatch(/40 ms/); // the reading line
    // No document on screen: no prediction, and the page says where one comes from.
    expect(figures).toMatch(/run the benchmark first/);
    expect($('#decode-status').textContent).toBe('Done: 1 of 4 layers ran.');
    expect($<HTMLButtonElement>('#decode-cancel').hidden).toBe(true);
  });

  it('Cancel stops a run within a second, as a failed run', async () => {
    const c = controller();
    c.config = small;
    setValue('#decode-tokens', '256');
    const running = c.run();
    await until(() => document.querySelectorAll('#decode-stream .decode-token').length >= 2);
    const asked = performance.now();
    $<HTMLButtonElement>('#decode-cancel').click();
    const run = await running;
    expect(performance.now() - asked).toBeLessThan(1000);
    expect(run?.verified).toBe(false);
    expect(run?.error).toBeDefined();
    expect(document.querySelectorAll('#decode-stream .decode-token').length).toBeLessThan(256);
    expect($('#decode-status').textContent).toBe(en.decode.cancelled);
  });

  it('a device lost mid-run is a failed run, and the next run gets a new device', async () => {
    const c = controller();
    c.config = small;
    setValue('#decode-tokens', '256');
    const running = c.run();
    await until(() => document.querySelectorAll('#decode-stream .decode-token').length >= 1);
    await page.client.destroyDevice();
    const lost = await running;
    expect(lost?.verified).toBe(false);
    expect(lost?.error).toMatch(/lost|destroyed/i);
    expect($('#decode-figures').textContent).toMatch(/^Failed: /);
    setValue('#decode-tokens', '2');
    const again = await c.run();
    expect(again?.verified).toBe(true);
  });

  it('a small mixture-of-experts model runs, and says its routing is random', async () => {
    const c = controller();
    const mixtral = getModel('mixtral-8x7b');
    c.config = {
      ...mixtral,
      id: 'test-moe',
      hiddenSize: 256,
      attentionHeads: 4,
      kvHeads: 2,
      headDim: 64,
      vocabSize: 1024,
      layers: 2,
      moe: { ...(mixtral.moe as NonNullable<typeof mixtral.moe>), expertIntermediateSize: 256 },
    };
    setValue('#decode-layers', '1');
    setValue('#decode-tokens', '2');
    $<HTMLSelectElement>('#decode-context').value = '128';
    const run = await c.run();
    expect(run?.error).toBeUndefined();
    expect(run?.verified).toBe(true);
    expect(run?.routing).toBe('uniform-random');
    expect($('#decode-figures').textContent).toContain(
      en.decode.routing({ experts: '8', k: '2', shared: '0' }),
    );
  });

  it('a model with latent attention is refused in the page’s words', async () => {
    const c = controller();
    c.config = null;
    $<HTMLSelectElement>('#decode-model').value = 'deepseek-v3';
    const run = await c.run();
    expect(run?.refused).toBe('mla');
    expect($('#decode-figures').textContent).toBe(en.decode.refused.mla);
  });

  it('lists the decode runs of the document on screen', () => {
    const run = controller().last;
    if (run === null) throw new Error('no run');
    const doc = { decode: [run, { ...run, model: 'x', refused: undefined }] };
    page.show(doc as never, 'imported');
    expect(document.querySelectorAll('#decode-runs tbody tr')).toHaveLength(2);
    expect(document.querySelector('#decode-runs')?.hasAttribute('hidden')).toBe(false);
  });
});
