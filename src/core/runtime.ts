// Which WebGPU implementation ran a plan, from what the runtime says of itself: a browser's user
// agent names its engine (Chrome and Edge ship Dawn, Firefox ships wgpu, Safari WebKit's own), so
// runs from different browsers on one adapter can be compared knowingly. And what a run's WebGPU
// did not offer, grouped for the page and the CLI to show.

import type { RuntimeDescription, UnofferedVariant, WebGpuImplementation } from './results';

export function implementationOfUserAgent(userAgent: string): WebGpuImplementation {
  if (/\bDeno\//.test(userAgent) || /\b(Firefox|FxiOS)\//.test(userAgent)) return 'wgpu';
  if (/\b(Chrome|Chromium|CriOS|Edg[AeiOS]*)\//.test(userAgent)) return 'dawn';
  if (/\bAppleWebKit\//.test(userAgent) && /\bSafari\//.test(userAgent)) return 'webkit';
  return 'unknown';
}

/** The page's (or its worker's) runtime, by its user agent. */
export const browserRuntime = (userAgent: string): RuntimeDescription => ({
  kind: 'browser',
  description: userAgent,
  implementation: implementationOfUserAgent(userAgent),
});

/** Unoffered variants grouped by what they lack, most variants first: one line each to show. */
export function unofferedGroups(
  unoffered: readonly UnofferedVariant[],
): { missing: string[]; variants: string[] }[] {
  const groups = new Map<string, { missing: string[]; variants: string[] }>();
  for (const u of unoffered) {
    const key = u.missing.join(' + ');
    const group = groups.get(key) ?? { missing: u.missing, variants: [] };
    group.variants.push(`${u.kernel} ${u.variant}`);
    groups.set(key, group);
  }
  return [...groups.values()].sort((a, b) => b.variants.length - a.variants.length);
}
