// The page's words in the chosen language: `t()` gives the current message set; `applyStatic`
// fills index.html's `data-i18n*` elements. Numbers are formatted in ./numbers.

import { en, type Messages } from './en';
import { type Locale, locale } from './locale';
import { zh } from './zh';

const MESSAGES: Record<Locale, Messages> = { en, zh };

export type { Messages };

/** The messages of the page's current language. */
export const t = (): Messages => MESSAGES[locale()];

/** `**bold**` and `` `code` `` inside a message, as DOM nodes; everything else is plain text. */
export function richText(text: string): Node[] {
  const nodes: Node[] = [];
  const pattern = /\*\*(.+?)\*\*|`(.+?)`/g;
  let last = 0;
  for (const m of text.matchAll(pattern)) {
    if (m.index > last) nodes.push(document.createTextNode(text.slice(last, m.index)));
    const el = document.createElement(m[1] !== undefined ? 'strong' : 'code');
    el.textContent = m[1] ?? m[2] ?? '';
    nodes.push(el);
    last = m.index + m[0].length;
  }
  if (last < text.length) nodes.push(document.createTextNode(text.slice(last)));
  return nodes;
}

/** Fills `data-i18n` (text), `data-i18n-aria` (aria-label) and `data-i18n-placeholder`. */
export function applyStatic(root: ParentNode = document): void {
  const page = t().page as Record<string, string>;
  const lookup = (key: string) => {
    const text = page[key];
    if (text === undefined) throw new Error(`no text for data-i18n key "${key}"`);
    return text;
  };
  for (const el of root.querySelectorAll<HTMLElement>('[data-i18n]')) {
    const text = lookup(el.dataset.i18n ?? '');
    if (el.tagName === 'TITLE' || el.tagName === 'OPTION') el.textContent = text;
    else el.replaceChildren(...richText(text));
  }
  for (const el of root.querySelectorAll<HTMLElement>('[data-i18n-aria]')) {
    el.setAttribute('aria-label', lookup(el.dataset.i18nAria ?? ''));
  }
  for (const el of root.querySelectorAll<HTMLInputElement>('[data-i18n-placeholder]')) {
    el.placeholder = lookup(el.dataset.i18nPlaceholder ?? '');
  }
}
