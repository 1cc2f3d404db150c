// Browser family and operating system from a run's runtime description (a user agent in the
// page, "node …" or "deno …" from the CLI): the gallery's filters. Only these two words are kept
// as columns.

import type { RuntimeKind } from '../../src/core/results';

export const BROWSERS = ['chrome', 'edge', 'firefox', 'safari', 'node', 'deno', 'other'] as const;
export type Browser = (typeof BROWSERS)[number];
export const OPERATING_SYSTEMS = [
  'windows',
  'macos',
  'linux',
  'chromeos',
  'android',
  'ios',
  'other',
] as const;
export type OperatingSystem = (typeof OPERATING_SYSTEMS)[number];

export function browserOf(kind: RuntimeKind, description: string): Browser {
  if (kind !== 'browser') return kind;
  if (/\bEdg(e|A|iOS)?\//.test(description)) return 'edge';
  if (/\b(Firefox|FxiOS)\//.test(description)) return 'firefox';
  if (/\b(Chrome|Chromium|CriOS)\//.test(description)) return 'chrome';
  if (/\bSafari\//.test(description)) return 'safari';
  return 'other';
}

export function osOf(description: string): OperatingSystem {
  if (/\b(iPhone|iPad|iPod)\b/.test(description)) return 'ios';
  if (/\bAndroid\b/.test(description)) return 'android';
  if (/\bCrOS\b/.test(description)) return 'chromeos';
  if (/\bWindows\b/.test(description)) return 'windows';
  if (/\bMac OS X\b|\bMacintosh\b|\bdarwin\b/i.test(description)) return 'macos';
  if (/\bLinux\b|\blinux\b/.test(description)) return 'linux';
  return 'other';
}
