// Numbers for the page, formatted for the page's language (digit grouping, decimal sign) with
// the same precision rule as the CLI's `num`: about three significant digits, no exponent.

import { formatBytes } from '../../core/describe';
import { intlLocale } from './locale';

const formatters = new Map<string, Intl.NumberFormat>();

function formatter(options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${intlLocale()} ${JSON.stringify(options)}`;
  let f = formatters.get(key);
  if (f === undefined) {
    f = new Intl.NumberFormat(intlLocale(), options);
    formatters.set(key, f);
  }
  return f;
}

const fixed = (digits: number) =>
  formatter({ minimumFractionDigits: digits, maximumFractionDigits: digits });

/** About three significant digits: 1,234 · 56.7 · 8.90 · 0.12. */
export function fmt(v: number): string {
  if (!Number.isFinite(v)) return String(v);
  const a = Math.abs(v);
  if (a === 0) return fixed(0).format(0);
  if (a >= 100) return fixed(0).format(v);
  if (a >= 10) return fixed(1).format(v);
  if (a >= 1) return fixed(2).format(v);
  return formatter({ minimumSignificantDigits: 2, maximumSignificantDigits: 2 }).format(v);
}

/** A fixed number of decimals: `fmtFixed(3.14159, 2)` → 3.14. */
export const fmtFixed = (v: number, digits: number): string => fixed(digits).format(v);

/** A whole number with digit grouping: 32,768. */
export const fmtInt = (v: number): string => fixed(0).format(v);

/** A share as a percentage: 0.834 → 83 %. */
export const fmtPercent = (share: number): string =>
  formatter({ style: 'percent', maximumFractionDigits: 0 }).format(share);

/** A number as a datasheet or the chapter states it (989.5 stays 989.5), grouped for the page. */
export function fmtAsGiven(v: number): string {
  const decimals = Math.min(3, String(v).split('.')[1]?.length ?? 0);
  return fmtFixed(v, decimals);
}

/** Bytes in binary units: 64 KiB, 1.5 GiB. */
export const fmtBytes = (bytes: number): string =>
  formatBytes(bytes, (v) => (Number.isInteger(v) ? fmtInt(v) : fmtFixed(v, 1)));

/** Bytes in GB (1e9), as datasheets state memory. */
export const fmtGB = (bytes: number): string => `${fmt(bytes / 1e9)} GB`;

/** A date and time (ISO string in), in the page's language. */
export const fmtDateTime = (iso: string): string =>
  new Intl.DateTimeFormat(intlLocale(), { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(iso),
  );
