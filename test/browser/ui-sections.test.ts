// The page's roofline, predictions, latency and memory sections in a real browser, without the
// worker or a GPU: mounted by the page controller on index.html's markup and fed synthetic
// results documents.

import { beforeAll, describe, expect, it } from 'vitest';
import pageHtml from '../../index.html?raw';
import { FORMAT_PRESETS } from '../../src/core/format-presets';
import { FORMAT_IDS, MODEL_FORMAT_IDS } from '../../src/core/formats';
import type { ResultsDocument } from '../../src/core/results';
import { ENGINE_IDS } from '../../src/model/engines/ids';
import { GPU_GROUPS, GPUS } from '../../src/model/hardware/gpus';
import { latencySection } from '../../src/ui/predictions/latency';
import { memorySection } from '../../src/ui/predictions/memory';
import {
  clampInput,
  DEFAULT_SPEC_GPU,
  LIMITS,
  predictionsSection,
  TABLE_MODELS,
} from '../../src/ui/predictions/predictions';
import { howSection } from '../../src/ui/predictions/trust-calibration';
import { rooflineSection } from '../../src/ui/sections/roofline-chart';
import { PageController } from '../../src/ui/shell/page';
import type { ScreenOrigin, Section } from '../../src/ui/shell/section';
import { doc, fmaRow, matRow, readRow } from '../unit/model/synthetic';

/** The page without a worker: these sections never ask for one. */
const page = new PageController(() => {
  throw new Error('no worker in this test');
});
const show = (d: ResultsDocument | null) => page.show(d, 'imported');
/** What a section with no markup in index.html is told, and where its element lands. */
const told: { doc: ResultsDocument | null; origin: ScreenOrigin }[] = [];
const newSection: Section = {
  id: 'test-new-section',
  mount(host) {
    host.append(Object.assign(document.createElement('h2'), { textContent: 'New section' }));
    return { onDocument: (d, origin) => told.push({ doc: d, origin }) };
  },
};
const $ = <T extends HTMLElement>(sel: string) => document.querySelector(sel) as T;

/** A small measured document: read probe, f32 FMA, GEMV per format, an f32 GEMM sweep. */
function measured() {
  return doc([
    readRow(1 << 20, 80),
    readRow(16 << 20, 100),
    fmaRow('f32', 2000),
    matRow('fp16', 16, 1, 1024, 1024, 0.03),
    matRow('int8', 8.5, 1, 1024, 1024, 0.018),
    matRow('int4', 4.5, 1, 1024, 1024, 0.01),
    matRow('f32', 32, 1, 1024, 1024, 0.05),
    matRow('f32', 32, 8, 1024, 1024, 0.055),
    matRow('f32', 32, 64, 1024, 1024, 0.1),
  ]);
}

beforeAll(() => {
  const parsed = new DOMParser().parseFromString(pageHtml, 'text/html');
  for (const s of parsed.querySelectorAll('script')) s.remove();
  document.body.replaceChildren(
    ...[...parsed.body.childNodes].map((n) => document.importNode(n, true)),
  );
  page.mount([
    rooflineSection,
    predictionsSection,
    latencySection,
    howSection,
    memorySection,
    newSection,
  ]);
});

describe('page sections', () => {
  it('clamps inputs with a message', () => {
    expect(clampInput('512', LIMITS.prompt, 512)).toEqual({ value: 512 });
    expect(clampInput('', LIMITS.context, undefined)).toEqual({ value: undefined });
    expect(clampInput('0', LIMITS.batch, 1).value).toBe(1);
    expect(clampInput('99999', LIMITS.batch, 1).message).toMatch(/outside 1–256: using 256/);
    expect(clampInput('2.5', LIMITS.output, 256)).toMatchObject({ value: 3 });
    expect(clampInput('abc', LIMITS.prompt, 512).message).toMatch(/not a number: using 512/);
  });

  it('offers every catalogue GPU in the pickers, one optgroup per vendor', () => {
    const vendors = ['NVIDIA', 'AMD', 'Apple', 'Intel'];
    const groups = (sel: string) =>
      [...document.querySelectorAll<HTMLOptGroupElement>(`${sel} optgroup`)].map((g) => g.label);
    const ids = (sel: string) =>
      [...document.querySelectorAll<HTMLOptionElement>(`${sel} optgroup option`)].map(
        (o) => o.value,
      );
    expect(groups('#pred-source')).toEqual(vendors);
    expect(ids('#pred-source')).toEqual(GPU_GROUPS.flatMap((g) => g.gpus.map((x) => x.id)));
    expect(ids('#pred-source').length).toBe(GPUS.length);
    // The default datasheet stays the page's (DEFAULT_SPEC_GPU), inside its vendor's group.
    expect($<HTMLSelectElement>('#pred-source').value).toBe(DEFAULT_SPEC_GPU);
    expect(
      $<HTMLSelectElement>('#pred-source').selectedOptions[0]?.parentElement?.getAttribute('label'),
    ).toBe('NVIDIA');
    const amd = document.querySelector<HTMLOptGroupElement>('#pred-source optgroup[label="AMD"]');
    expect([...(amd?.querySelectorAll('option') ?? [])].map((o) => o.value)).toContain(
      'rx-7900-xtx',
    );
    // The roofline's second reference: "none" first and selected, the A100 left out (it has its own
    // checkbox), so the chart draws at most two reference GPUs.
    const ref = $<HTMLSelectElement>('#roofline-ref');
    expect(ref.options[0]?.value).toBe('');
    expect(ref.value).toBe('');
    expect(groups('#roofline-ref')).toEqual(vendors);
    expect(ids('#roofline-ref')).not.toContain('a100-80g-sxm');
    expect(ids('#roofline-ref').length).toBe(GPUS.length - 1);
  });

  it('predicts in spec mode with no document, and draws the reference roofline', () => {
    const rows = document.querySelectorAll('#pred-table tbody tr[data-source="spec"]');
    // Every model of the table in every format models are served in (fp16, int8, int4, …).
    expect(rows.length).toBe(TABLE_MODELS.length * MODEL_FORMAT_IDS.length);
    // The kernel formats, then the weight-file presets.
    expect([...$<HTMLSelectElement>('#focus-format').options].map((o) => o.value)).toEqual([
      ...MODEL_FORMAT_IDS,
      ...FORMAT_PRESETS.map((p) => p.id),
    ]);
    expect($<HTMLSelectElement>('#focus-format').value).toBe('fp16');
    expect($('#pred-source-note').textContent).toMatch(/Source: spec/);
    expect($('#roofline-chart').dataset.points).toBe('0');
    expect(document.querySelectorAll('#contrast-table tbody tr').length).toBe(
      MODEL_FORMAT_IDS.length,
    );
    expect(document.querySelectorAll('#latency-table tbody tr').length).toBe(9);
    expect(document.querySelectorAll('#chapter-table tbody tr').length).toBe(3);
    expect(
      [...document.querySelectorAll<HTMLElement>('#bytes-table tbody tr')].map(
        (r) => r.dataset.format,
      ),
    ).toEqual(FORMAT_IDS);
    expect($('#bytes-why').textContent).toMatch(/INT4/);
  });

  it('switches to measured mode for a document and back to spec for none', () => {
    const d = measured();
    show(d);
    expect($<HTMLSelectElement>('#pred-source').value).toBe('measured');
    expect($('#roofline-chart').dataset.points).toBe('6');
    expect($('#roofline-summary').textContent).toMatch(/β = 100 GB\/s/);
    const row = $('#pred-table tr[data-model="llama-3-8b"][data-format="int4"]');
    expect(row.dataset.source).toBe('measured');
    // The f32 GEMM sweep drives the latency–throughput points (M = 1, 8, 64).
    $<HTMLSelectElement>('#focus-format').append(new Option('f32', 'f32'));
    $<HTMLSelectElement>('#focus-format').value = 'f32';
    $('#focus-format').dispatchEvent(new Event('change'));
    const batches = [...document.querySelectorAll('#latency-table tbody th')].map(
      (th) => th.textContent,
    );
    expect(batches).toEqual(['1', '8', '64']);
    $<HTMLSelectElement>('#focus-format').value = 'fp16';
    $('#focus-format').dispatchEvent(new Event('change'));

    show(null);
    expect($<HTMLSelectElement>('#pred-source').value).not.toBe('measured');
    expect(document.querySelectorAll('#pred-table tbody tr[data-source="spec"]').length).toBe(
      TABLE_MODELS.length * MODEL_FORMAT_IDS.length,
    );
  });

  it('refuses a document without a bandwidth ceiling and says why', () => {
    show(doc([fmaRow('f32', 2000)]));
    expect($<HTMLSelectElement>('#pred-source').value).not.toBe('measured');
    expect($('#pred-source-note').textContent).toMatch(
      /cannot drive predictions: no verified read rows/,
    );
    show(null);
  });

  it('the engine picker and GPU count drive spec mode; a model that does not fit says what would', () => {
    const change = (sel: string, value: string) => {
      const el = $<HTMLSelectElement>(sel);
      el.value = value;
      el.dispatchEvent(new Event('change'));
    };
    const engine = $<HTMLSelectElement>('#pred-engine');
    expect([...engine.options].map((o) => o.value)).toEqual([...ENGINE_IDS]);
    expect(engine.value).toBe('native');
    expect([...$<HTMLSelectElement>('#pred-tp').options].map((o) => o.value)).toEqual([
      '1',
      '2',
      '4',
      '8',
    ]);
    change('#pred-source', 'a100-80g-sxm');
    change('#pred-engine', 'llama.cpp-cuda');
    const row = (model: string) => $(`#pred-table tr[data-model="${model}"][data-format="fp16"]`);
    expect(row('llama-3-8b').dataset.fits).toBe('true');
    expect(row('llama-3-8b').textContent).toMatch(/spec \(llama\.cpp-cuda\)/);
    expect(row('llama-3-70b').dataset.fits).toBe('false');
    expect(row('llama-3-70b').textContent).toMatch(
      /does not fit: needs 13\d GB per GPU, has 80\.0 GB \(fits on 2 GPUs in tensor parallel, or as int8\)/,
    );
    expect(row('llama-3-70b').textContent).not.toMatch(/meets|misses/);
    expect($('#pred-source-note').textContent).toMatch(
      /sources \(threads, repositories, papers\) and GPU families the fit had not seen: llama\.cpp-cuda decode is off by \d+%/,
    );
    expect($('#pred-source-note').textContent).toMatch(
      /llama\.cpp-cuda's profile: \d+% of the datasheet bandwidth and [\d.]+ ms per layer/,
    );
    expect($('#pred-source-note').textContent).toMatch(
      /Its kernels also spend [\d.]+ ms per GB of weights and cache read, whatever the GPU: a ceiling near [\d,]+ GB\/s/,
    );
    expect($('#pred-source-note').textContent).not.toMatch(/In a browser/);
    // transformers.js has measurements of its own (browser-llm-lab, sokuji): its own figures,
    // nothing borrowed (a borrower's words: test/unit/engines/borrowed.test.ts).
    change('#pred-engine', 'transformers.js');
    expect($('#pred-source-note').textContent).toMatch(/transformers\.js decode is off by \d+%/);
    expect($('#pred-source-note').textContent).not.toMatch(/borrowed from/);
    change('#pred-engine', 'llama.cpp-webgpu');
    expect($('#pred-source-note').textContent).not.toMatch(/ms per GB of weights/);
    expect($('#pred-source-note').textContent).toMatch(
      /In a browser each token also costs [\d.]+ ms .*unpacks quantised weights in [\d.]+× \(one scale per block\) or [\d.]+× \(k-quants\)/,
    );
    // A range wider than 4× is never two numbers: the expected value, then the words.
    change('#pred-engine', 'llama.cpp-webgpu-dawn');
    expect(row('llama-3-8b').querySelector('.no-range')?.textContent).toBe(
      'not enough data for a range',
    );
    change('#pred-engine', 'llama.cpp-cuda');
    expect(row('llama-3-8b').querySelector('.no-range')).toBeNull();
    change('#pred-tp', '2');
    expect(row('llama-3-70b').dataset.fits).toBe('true');
    expect(row('llama-3-70b').textContent).toMatch(/spec \(llama\.cpp-cuda, 2 GPUs\)/);
    expect(page.context()?.options.tp).toBe(2);
    // The 70B contrast: eight A100s in tensor parallel beside the chapter's TP = 8 row.
    change('#focus-model', 'llama-3-70b');
    expect($('#contrast-table tbody tr').textContent).toMatch(/80–120$/);
    expect($('#contrast-chapter').textContent).toMatch(/70B, 8× A100, TP = 8/);
    expect($('#contrast-chapter').textContent).toMatch(/8 A100s in tensor parallel/);
    // Measured mode has no engine or GPU count: the kernels as measured, on one GPU.
    show(measured());
    expect(engine.disabled).toBe(true);
    expect($<HTMLSelectElement>('#pred-tp').disabled).toBe(true);
    show(null);
    expect(engine.disabled).toBe(false);
    change('#focus-model', 'llama-3-8b');
    change('#pred-tp', '1');
    change('#pred-engine', 'native');
    change('#pred-source', 'rtx-4090');
  });

  it('caps inputs beyond a model’s context limit and says so', () => {
    const prompt = $<HTMLInputElement>('#pred-prompt');
    prompt.value = '8000';
    prompt.dispatchEvent(new Event('change'));
    // Llama 3 8B and 70B take 8,192 tokens: 8,000 + 256 is capped for them, with a note.
    expect($('#pred-source-note').textContent).toMatch(
      /Llama 3 8B takes at most 8,192 tokens of context/,
    );
    expect(document.querySelectorAll('#pred-table tbody tr[data-source="error"]').length).toBe(0);
    prompt.value = '512';
    prompt.dispatchEvent(new Event('change'));
    expect($('#pred-source-note').textContent).not.toMatch(/takes at most/);
  });

  const metalCoverage = () =>
    $('#trust-table tr[data-engine="llama.cpp-metal"]').querySelectorAll('td')[2]?.textContent;

  it('shows each engine’s held-out calibration figures', async () => {
    await expect
      .poll(() => document.querySelectorAll('#trust-table tbody tr').length)
      .toBeGreaterThan(0);
    for (const id of ['#trust-table', '#trust-table-source', '#trust-table-family']) {
      const rows = document.querySelectorAll<HTMLElement>(`${id} tbody tr`);
      expect([...rows].map((r) => r.dataset.engine)).toEqual([...ENGINE_IDS]);
      const metal = $(`${id} tr[data-engine="llama.cpp-metal"]`);
      expect(metal.querySelectorAll('td')[0]?.textContent).toMatch(/^\d+$/);
      expect(metal.textContent).toMatch(/\d+%/);
      // transformers.js has figures of its own now: no engine borrows its lender's row.
      const tjs = $(`${id} tr[data-engine="transformers.js"]`);
      expect(tjs.querySelectorAll('td').length).toBeGreaterThan(1);
      expect(tjs.textContent).not.toMatch(/borrowed from/);
    }
    // Held out by source and GPU family (the headline table), most llama.cpp WebGPU rows get no
    // range ("not enough data"): the share inside says of how many ranges it is.
    const webgpu = $('#trust-table tr[data-engine="llama.cpp-webgpu"]').querySelectorAll('td');
    expect(webgpu[2]?.textContent).toMatch(/^\d+% of \d+$/);
    expect(metalCoverage()).toMatch(/^\d+%$/);
    expect($('#trust-table caption').textContent).toMatch(/by source and GPU family together/);
    expect($('#trust-table-source caption').textContent).toMatch(/by source \(/);
    expect($('#trust-table-family caption').textContent).toMatch(/by GPU family/);
  });

  it('shows a clamped batch with a visible message', () => {
    const batch = $<HTMLInputElement>('#pred-batch');
    batch.value = '5000';
    batch.dispatchEvent(new Event('change'));
    expect($('#pred-clamp').hidden).toBe(false);
    expect($('#pred-clamp').textContent).toMatch(/Batch 5000 is outside 1–256: using 256/);
    expect(batch.value).toBe('256');
    batch.value = '1';
    batch.dispatchEvent(new Event('change'));
    expect($('#pred-clamp').hidden).toBe(true);
  });

  it('places a section without markup after the previous one, and tells it the document', () => {
    const host = document.getElementById('test-new-section');
    expect(host?.tagName).toBe('SECTION');
    // The previous section (memory, #bytes-part) sits inside #charts: the new one follows that.
    expect(host?.previousElementSibling?.id).toBe('charts');
    expect(host?.textContent).toBe('New section');
    const d = measured();
    show(d);
    expect(told.at(-1)).toEqual({ doc: d, origin: 'imported' });
    expect(page.context()?.source.kind).toBe('measured');
    show(null);
  });
});
