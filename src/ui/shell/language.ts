// The language picker: applies the chosen language to the page's fixed text and <html lang>,
// keeps the choice in this browser and the address (?lang=), and re-renders every view.

import { applyStatic } from '../i18n';
import { chooseLocale, isLocale, LOCALES, type Locale, setLocale } from '../i18n/locale';
import { element } from './dom';

const STORAGE_KEY = 'webgpu-roofline:lang';

function stored(): string | null {
  try {
    return window.localStorage.getItem(STORAGE_KEY);
  } catch {
    return null; // storage blocked: the choice lasts for this visit only
  }
}

function apply(next: Locale): void {
  document.documentElement.lang = LOCALES[next].intl;
  applyStatic(document);
}

/** Picks the first language, fills the page's fixed text, and wires the picker. */
export function setupLanguage(): void {
  const select = element<HTMLSelectElement>('language');
  const params = new URLSearchParams(location.search);
  const first = chooseLocale(params.get('lang'), stored(), navigator.languages ?? []);
  setLocale(first);
  apply(first);
  select.value = first;
  select.addEventListener('change', () => {
    const next = select.value;
    if (!isLocale(next)) return;
    try {
      window.localStorage.setItem(STORAGE_KEY, next);
    } catch {
      // storage blocked: nothing to keep
    }
    const url = new URL(location.href);
    url.searchParams.set('lang', next);
    history.replaceState(history.state, '', url);
    setLocale(next);
    apply(next);
  });
}
