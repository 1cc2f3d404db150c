// Numbers for the page, in the page's language (digit grouping, decimal sign): the formats of
// src/core/numbers.ts, bound to the current locale. The CLIs and Markdown use the same rules.

import { type Numbers, numbersFor } from '../../core/numbers';
import { intlLocale } from './locale';

const page = (): Numbers => numbersFor(intlLocale());

/** About three significant digits: 1,234 · 56.7 · 8.90 · 0.12. */
export const fmt = (v: number): string => page().threeDigits(v);

/** A fixed number of decimals: `fmtFixed(3.14159, 2)` → 3.14. */
export const fmtFixed = (v: number, digits: number): string => page().fixed(v, digits);

/** A whole number with digit grouping: 32,768. */
export const fmtInt = (v: number): string => page().int(v);

/** A share as a percentage: 0.834 → 83 %. */
export const fmtPercent = (share: number): string => page().percent(share);

/** A number as a datasheet or the chapter states it (989.5 stays 989.5), grouped for the page. */
export const fmtAsGiven = (v: number): string => page().asGiven(v);

/** Bytes in binary units: 64 KiB, 1.5 GiB. */
export const fmtBytes = (bytes: number): string => page().bytes(bytes);

/** Bytes in GB (1e9), as datasheets state memory. */
export const fmtGB = (bytes: number): string => page().gb(bytes);

/** Items joined as the page's language lists them: "16 and 64", "16和64". */
export const fmtList = (items: readonly string[]): string =>
  new Intl.ListFormat(intlLocale(), { type: 'conjunction' }).format(items);

/** A date and time (ISO string in), in the page's language. */
export const fmtDateTime = (iso: string): string => page().dateTime(iso);

/** Bytes in GB as a VRAM label counts them (GiB: an "80 GB" GPU holds 80 × 2³⁰ bytes). */
export const fmtLabelGB = (bytes: number): string => page().gb((bytes / 2 ** 30) * 1e9);
