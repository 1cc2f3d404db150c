// The page's results rows, drawn from the shared column list, in a real browser: the text,
// classes and data attributes the page had when main.ts drew them by hand.

import { afterEach, describe, expect, it } from 'vitest';
import pageHtml from '../../index.html?raw';
import type { ResultRow } from '../../src/core/results';
import { TABLE_COLUMNS } from '../../src/share/result-columns';
import { setLocale } from '../../src/ui/i18n/locale';
import { HEADER_KEYS, resultRowElement } from '../../src/ui/sections/results-table';
import { sampleDocument } from '../fixtures/results';

/** Row `i` of the sample document. */
const sampleRow = (i: number) => sampleDocument().results[i] as ResultRow;
const cells = (tr: HTMLTableRowElement) => [...tr.cells].map((td) => td.textContent);
const classes = (tr: HTMLTableRowElement) => [...tr.cells].map((td) => td.className);

afterEach(() => setLocale('en'));

describe('results table on the page', () => {
  it("index.html's header cells are the column list's, in its order", () => {
    const page = new DOMParser().parseFromString(pageHtml, 'text/html');
    const keys = [...page.querySelectorAll<HTMLElement>('#results-table thead th')].map(
      (th) => th.dataset.i18n,
    );
    expect(keys).toEqual(TABLE_COLUMNS.map((id) => HEADER_KEYS[id]));
  });

  it('a verified, noisy row: figures with fixed decimals, the status in words', () => {
    const tr = resultRowElement(sampleRow(0));
    expect(tr.dataset.kernel).toBe('read');
    expect(tr.dataset.verified).toBe('true');
    expect(cells(tr)).toEqual([
      'read u32',
      '1 MiB',
      'u32x4-wg256',
      '1.000',
      '1.100',
      '1.05',
      '—',
      '—',
      'verified · noisy, spread 20%',
    ]);
    expect(classes(tr)).toEqual(['', '', '', 'num', 'num', 'num', 'num', 'num', '']);
  });

  it('an FMA row, and a failed row with no figures', () => {
    expect(cells(resultRowElement(sampleRow(2)))[6]).toBe('7.0');
    const failed = resultRowElement(sampleRow(4));
    expect(failed.dataset.verified).toBe('false');
    expect(cells(failed)).toEqual([
      'fma u32',
      '8 FMA/elt · 0.0 FLOP/B',
      'u32x4-wg256',
      '—',
      '—',
      '—',
      '—',
      '—',
      'FAILED: mismatch',
    ]);
    expect(classes(failed).at(-1)).toBe('failed');
  });

  it('in Chinese, with grouped digits and a roofline share', () => {
    setLocale('zh');
    const row: ResultRow = {
      ...sampleRow(0),
      kernel: 'gemv',
      format: 'int4',
      shape: { m: 1, n: 4096, k: 4096 },
      flops: 1,
      gflops: 1234.56,
      noisy: false,
      rooflineEfficiency: 0.834,
    };
    const tr = resultRowElement(row);
    expect(cells(tr).slice(1, 2)).toEqual(['m=1 n=4096 k=4096']);
    expect(cells(tr)[6]).toBe('1,234.6');
    expect(cells(tr)[7]).toBe('83%');
    expect(cells(tr)[8]).toBe('已校验');
  });
});
