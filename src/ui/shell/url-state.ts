// Section settings kept in the URL fragment beside a permalink's results (`#r=…&load=…`): a
// section reads its parameter on mount and rewrites it as its settings change, and the share
// section's permalink carries every parameter but the results' own. The fragment never reaches a
// server; each section validates what it reads.

import { PERMALINK_PARAM } from '../../share/link/permalink';

function params(): Map<string, string> {
  const out = new Map<string, string>();
  const hash = location.hash.startsWith('#') ? location.hash.slice(1) : location.hash;
  for (const part of hash.split('&')) {
    const eq = part.indexOf('=');
    if (eq > 0) out.set(part.slice(0, eq), part.slice(eq + 1));
  }
  return out;
}

/** A section's parameter (decoded), or null. */
export function fragmentParam(name: string): string | null {
  const v = params().get(name);
  if (v === undefined) return null;
  try {
    return decodeURIComponent(v);
  } catch {
    return null;
  }
}

/** Sets (or, with null, removes) a section's parameter, keeping the rest of the fragment. */
export function setFragmentParam(name: string, value: string | null): void {
  const all = params();
  if (value === null) all.delete(name);
  else all.set(name, encodeURIComponent(value));
  const hash = [...all].map(([k, v]) => `${k}=${v}`).join('&');
  const url = new URL(location.href);
  url.hash = hash;
  history.replaceState(history.state, '', url);
}

/** `&name=value` for every section parameter: what a permalink adds after its `#r=…`. */
export function sectionParams(): string {
  return [...params()]
    .filter(([k]) => k !== PERMALINK_PARAM)
    .map(([k, v]) => `&${k}=${v}`)
    .join('');
}
