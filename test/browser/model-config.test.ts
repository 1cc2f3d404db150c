// The predictions section with a Hugging Face config.json dropped or pasted in headless
// Chromium: the model joins the pickers and the table, an MoE model says its total and active
// parameters, the link carries the config, and a bad file gets a clear message.

import { beforeAll, describe, expect, it } from 'vitest';
import pageHtml from '../../index.html?raw';
import { latencySection } from '../../src/ui/predictions/latency';
import { memorySection } from '../../src/ui/predictions/memory';
import { predictionsSection, TABLE_MODELS } from '../../src/ui/predictions/predictions';
import { PageController } from '../../src/ui/shell/page';
import { QWEN3_30B_A3B_CONFIG } from '../fixtures/hf-configs';

const page = new PageController(() => {
  throw new Error('no worker in this test');
});
const $ = <T extends HTMLElement>(sel: string) => document.querySelector(sel) as T;

const qwen3Moe = { _name_or_path: 'Qwen/Qwen3-30B-A3B', ...QWEN3_30B_A3B_CONFIG };

const until = async (ok: () => boolean) => {
  for (let i = 0; i < 100 && !ok(); i++) await new Promise((r) => setTimeout(r, 20));
  expect(ok()).toBe(true);
};

beforeAll(() => {
  const parsed = new DOMParser().parseFromString(pageHtml, 'text/html');
  for (const s of parsed.querySelectorAll('script')) s.remove();
  document.body.replaceChildren(
    ...[...parsed.body.childNodes].map((n) => document.importNode(n, true)),
  );
  page.mount([predictionsSection, latencySection, memorySection]);
});

describe('a model from config.json', () => {
  it('the pickers group the catalogue by family; the 8B/70B pair stays the headline', () => {
    const groups = [...$<HTMLSelectElement>('#focus-model').querySelectorAll('optgroup')];
    expect(groups.map((g) => g.label)).toEqual(
      expect.arrayContaining(['Llama', 'Mistral', 'Qwen', 'Gemma', 'DeepSeek']),
    );
    const qwen = groups.find((g) => g.label === 'Qwen');
    expect([...(qwen?.querySelectorAll('option') ?? [])].map((o) => o.value).slice(0, 2)).toEqual([
      'qwen2.5-7b',
      'qwen3-8b',
    ]);
    const heads = [...document.querySelectorAll('#pred-table tbody th')].map((t) => t.textContent);
    expect(heads).toEqual(['Llama 3 8B', 'Llama 3 70B']);
    expect(TABLE_MODELS).toEqual(['llama-3-8b', 'llama-3-70b']);
    expect($('#model-params').hidden).toBe(true);
  });

  it('dropped on the box: joins the table and the focus, says total and active, link carries it', async () => {
    const dt = new DataTransfer();
    dt.items.add(new File([JSON.stringify(qwen3Moe)], 'config.json', { type: 'application/json' }));
    $('#model-input').dispatchEvent(
      new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }),
    );
    await until(() => document.body.dataset.modelConfig === 'hf:qwen-qwen3-30b-a3b');
    expect($('#model-config-status').textContent).toMatch(/^Using Qwen\/Qwen3-30B-A3B/);
    expect($<HTMLSelectElement>('#focus-model').value).toBe('hf:qwen-qwen3-30b-a3b');
    const rows = document.querySelectorAll(
      '#pred-table tbody tr[data-model="hf:qwen-qwen3-30b-a3b"]',
    );
    expect(rows.length).toBeGreaterThan(0);
    expect([...rows].every((r) => (r as HTMLElement).dataset.source === 'spec')).toBe(true);
    expect($('#model-params').hidden).toBe(false);
    expect($('#model-params').textContent).toMatch(/30\.5 B total, 3\.4 B active per token/);
    expect($('#contrast-chapter').textContent).toMatch(/Qwen\/Qwen3-30B-A3B/);
    expect($('#bytes-title').textContent).toMatch(/Qwen\/Qwen3-30B-A3B/);
    await until(() => /[#&]m=/.test(location.hash));
  });

  it('the KV-cache control shrinks the KV bytes', () => {
    const kvCell = () =>
      document.querySelector('#bytes-table tbody tr[data-format="fp16"] td:nth-of-type(3)')
        ?.textContent ?? '';
    const before = kvCell();
    const kv = $<HTMLSelectElement>('#pred-kv-bits');
    expect([...kv.options].map((o) => o.value)).toEqual(['16', '8', '4']);
    kv.value = '4';
    kv.dispatchEvent(new Event('change'));
    expect(kvCell()).not.toBe(before);
  });

  it('pasted: a bad config gets a clear message and keeps the last good model', () => {
    const paste = $<HTMLTextAreaElement>('#model-config-text');
    paste.value = '{"model_type": "falcon", "hidden_size": 4544}';
    $('#model-config-use').click();
    expect($('#model-config-status').textContent).toMatch(
      /cannot be used: model_type "falcon" is not one this page reads/,
    );
    paste.value = '[1, 2]';
    $('#model-config-use').click();
    expect($('#model-config-status').textContent).toMatch(/an array, not one JSON object/);
    expect($<HTMLSelectElement>('#focus-model').value).toBe('hf:qwen-qwen3-30b-a3b');
    paste.value = JSON.stringify({
      ...qwen3Moe,
      _name_or_path: 'my/llama',
      model_type: 'llama',
      num_experts: undefined,
    });
    $('#model-config-use').click();
    expect($('#model-config-status').textContent).toMatch(/^Using my\/llama/);
    expect($('#model-params').hidden).toBe(true);
  });
});
