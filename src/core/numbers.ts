// Numbers as text, one rule for every reader: about three significant digits (no more than a
// measurement or a prediction supports), never an exponent. `numbersFor(locale)` writes them in
// a language's digits and separators; the page binds it to its language (ui/i18n/numbers.ts),
// the CLIs and the Markdown export use PLAIN_NUMBERS: English, without digit grouping.

import { formatBytes } from './describe';

export interface Numbers {
  /** `digits` significant digits; whole numbers keep all of theirs: 0.000123 · 1.05 · 123457. */
  significant(v: number, digits: number): string;
  /** About three significant digits, two below 1: 12,346 · 123 · 12.3 · 1.23 · 0.012. */
  threeDigits(v: number): string;
  /** A fixed number of decimals: `fixed(3.14159, 2)` → 3.14. */
  fixed(v: number, digits: number): string;
  /** A whole number: 32,768. */
  int(v: number): string;
  /** A share as a percentage: 0.834 → 83%. */
  percent(share: number): string;
  /** A number as a datasheet or the chapter states it (989.5 stays 989.5), up to 3 decimals. */
  asGiven(v: number): string;
  /** Bytes in binary units: 64 KiB, 1.5 GiB. */
  bytes(bytes: number): string;
  /** Bytes in GB (1e9), as datasheets state memory. */
  gb(bytes: number): string;
  /** A date and time from an ISO string. */
  dateTime(iso: string): string;
}

export interface NumberStyle {
  /** Digit grouping (12,346); off for plain text, where 12346 reads and parses better. */
  grouping?: boolean;
}

function createNumbers(locale: string, grouping: boolean): Numbers {
  const formatters = new Map<string, Intl.NumberFormat>();
  const formatter = (options: Intl.NumberFormatOptions): Intl.NumberFormat => {
    const key = JSON.stringify(options);
    let f = formatters.get(key);
    if (f === undefined) {
      f = new Intl.NumberFormat(locale, { useGrouping: grouping, ...options });
      formatters.set(key, f);
    }
    return f;
  };
  const fixed = (v: number, digits: number): string =>
    formatter({ minimumFractionDigits: digits, maximumFractionDigits: digits }).format(v);
  const int = (v: number): string => fixed(v, 0);
  const significant = (v: number, digits: number): string => {
    if (!Number.isFinite(v)) return String(v);
    if (v === 0) return int(0);
    // Whichever of "`digits` significant" and "whole" keeps more digits: 45678 stays 45678.
    return formatter({
      minimumSignificantDigits: digits,
      maximumSignificantDigits: digits,
      maximumFractionDigits: 0,
      roundingPriority: 'morePrecision',
    }).format(v);
  };
  const threeDigits = (v: number): string => significant(v, Math.abs(v) < 1 ? 2 : 3);
  return {
    significant,
    threeDigits,
    fixed,
    int,
    percent: (share) => formatter({ style: 'percent', maximumFractionDigits: 0 }).format(share),
    asGiven: (v) => fixed(v, Math.min(3, String(v).split('.')[1]?.length ?? 0)),
    bytes: (bytes) => formatBytes(bytes, (v) => (Number.isInteger(v) ? int(v) : fixed(v, 1))),
    gb: (bytes) => `${threeDigits(bytes / 1e9)} GB`,
    dateTime: (iso) =>
      new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(
        new Date(iso),
      ),
  };
}

const byLocale = new Map<string, Numbers>();

/** The number formats of a BCP 47 locale ('en', 'zh-CN'), made once and kept. */
export function numbersFor(locale: string, { grouping = true }: NumberStyle = {}): Numbers {
  const key = `${locale} ${grouping}`;
  let numbers = byLocale.get(key);
  if (numbers === undefined) {
    numbers = createNumbers(locale, grouping);
    byLocale.set(key, numbers);
  }
  return numbers;
}

/** For terminals and Markdown: English, no digit grouping (13.6 · 8.75 · 0.042 · 12346). */
export const PLAIN_NUMBERS: Numbers = numbersFor('en', { grouping: false });
