// The page's language: English or Chinese (the chapter's language). Chosen by ?lang=, else the
// last choice kept in this browser, else the browser's own languages. Views re-render on change.

export const LOCALES = {
  en: { name: 'English', intl: 'en' },
  zh: { name: '中文', intl: 'zh-CN' },
} as const;

export type Locale = keyof typeof LOCALES;

export const isLocale = (v: unknown): v is Locale => v === 'en' || v === 'zh';

/** ?lang= first, then the stored choice, then the first browser language we speak; else English. */
export function chooseLocale(
  urlParam: string | null,
  stored: string | null,
  browserLanguages: readonly string[],
): Locale {
  if (isLocale(urlParam)) return urlParam;
  if (isLocale(stored)) return stored;
  for (const lang of browserLanguages) {
    const base = lang.toLowerCase().split('-')[0];
    if (isLocale(base)) return base;
  }
  return 'en';
}

let current: Locale = 'en';
const listeners = new Set<() => void>();

export const locale = (): Locale => current;
export const intlLocale = (): string => LOCALES[current].intl;

/** Switches the language and re-renders every view that registered with `onLocaleChange`. */
export function setLocale(next: Locale): void {
  if (next === current) return;
  current = next;
  for (const fn of listeners) fn();
}

/** Calls `fn` after every language switch; returns a function that unregisters it. */
export function onLocaleChange(fn: () => void): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}
