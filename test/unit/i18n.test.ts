// The page's two languages: the same keys, every string translated, every number kept; the
// language choice; numbers formatted per locale.

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { en } from '../../src/ui/i18n/en';
import { chooseLocale, setLocale } from '../../src/ui/i18n/locale';
import { fmt, fmtBytes, fmtInt, fmtPercent } from '../../src/ui/i18n/numbers';
import { zh } from '../../src/ui/i18n/zh';

type Tree = { [key: string]: unknown };

/** Every leaf of a message tree, by its dotted path. */
function leaves(tree: Tree, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix === '' ? key : `${prefix}.${key}`;
    if (typeof value === 'object' && value !== null) {
      for (const [p, v] of leaves(value as Tree, path)) out.set(p, v);
    } else out.set(path, value);
  }
  return out;
}

/** Calls a message function with every parameter a visible token: ⟨name⟩. */
function render(fn: (p: Record<string, string>) => string): string {
  const params = new Proxy({} as Record<string, string>, {
    get: (_, name) => `⟨${String(name)}⟩`,
  });
  return fn(params);
}

const tokens = (text: string) => [...text.matchAll(/⟨\w+⟩/g)].map((m) => m[0]).sort();
const hasChinese = (text: string) => /[\u4e00-\u9fff]/.test(text);
/** English prose: two words in a row (units such as "ms/token" or "GB/s" are not prose). */
const isProse = (text: string) => /[A-Za-z]{3,}[ ,]+(?:the |a )?[a-z]{3,}/.test(text);

const enLeaves = leaves(en as unknown as Tree);
const zhLeaves = leaves(zh as unknown as Tree);

describe('the two languages', () => {
  it('have the same messages', () => {
    expect([...zhLeaves.keys()]).toEqual([...enLeaves.keys()]);
    for (const [path, value] of enLeaves)
      expect(typeof zhLeaves.get(path), path).toBe(typeof value);
  });

  it('translate every sentence, and keep every number a message is given', () => {
    for (const [path, value] of enLeaves) {
      const other = zhLeaves.get(path);
      if (typeof value === 'function' && typeof other === 'function') {
        const english = render(value as never);
        const chinese = render(other as never);
        expect(chinese.length, path).toBeGreaterThan(0);
        expect(tokens(chinese), `${path} must show the same values`).toEqual(tokens(english));
        if (isProse(english.replace(/⟨\w+⟩/g, ''))) expect(hasChinese(chinese), path).toBe(true);
      } else if (typeof value === 'string' && isProse(value)) {
        expect(hasChinese(String(other)), `${path}: ${String(other)}`).toBe(true);
      }
    }
  });

  it('cover every data-i18n key of the page, and no key is unused', () => {
    const html = readFileSync('index.html', 'utf8');
    // Keys the markup names, and those the sections read themselves (their headings).
    const code = readdirSync('src/ui', { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.ts'))
      .map((f) => readFileSync(join('src/ui', f), 'utf8'))
      .join('\n');
    const used = new Set([
      ...[...html.matchAll(/data-i18n(?:-aria|-placeholder)?="([^"]+)"/g)].map((m) => m[1]),
      ...[...code.matchAll(/\.page\['([^']+)'\]/g)].map((m) => m[1]),
    ]);
    const defined = new Set(Object.keys(en.page));
    expect([...used].filter((k) => k !== undefined && !defined.has(k))).toEqual([]);
    expect([...defined].filter((k) => !used.has(k))).toEqual([]);
  });

  it('keep the rich-text markup in step', () => {
    const marks = (s: string) => [...s.matchAll(/\*\*|`/g)].length;
    for (const [key, text] of Object.entries(en.page)) {
      expect(marks(zh.page[key as keyof typeof zh.page]), key).toBe(marks(text));
    }
  });
});

describe('choosing the language', () => {
  it('takes ?lang=, then the stored choice, then the browser languages, else English', () => {
    expect(chooseLocale('zh', 'en', ['en-US'])).toBe('zh');
    expect(chooseLocale(null, 'zh', ['en-US'])).toBe('zh');
    expect(chooseLocale('fr', null, ['fr-FR', 'zh-CN'])).toBe('zh');
    expect(chooseLocale(null, 'xx', ['de-DE'])).toBe('en');
  });
});

describe('numbers per locale', () => {
  afterEach(() => setLocale('en'));

  it('keep about three significant digits, with digit grouping', () => {
    setLocale('en');
    expect([fmt(12345.6), fmt(123.4), fmt(12.34), fmt(1.234), fmt(0.01234), fmt(0)]).toEqual([
      '12,346',
      '123',
      '12.3',
      '1.23',
      '0.012',
      '0',
    ]);
    expect(fmtInt(32768)).toBe('32,768');
    expect(fmtPercent(0.834)).toBe('83%');
    expect(fmtBytes(1.5 * 2 ** 30)).toBe('1.5 GiB');
    expect(fmtBytes(64 * 1024)).toBe('64 KiB');
  });

  it('follow the chosen locale', () => {
    setLocale('zh');
    expect(fmt(12345.6)).toBe(new Intl.NumberFormat('zh-CN').format(12346));
    expect(fmtPercent(0.5)).toBe(new Intl.NumberFormat('zh-CN', { style: 'percent' }).format(0.5));
  });
});
