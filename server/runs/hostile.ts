// What the gallery refuses beyond the import validator: it stores documents from strangers and
// shows them to others. Keys that name object prototypes, and markup in any string (a tag or a
// comment opening: "<" then a letter, "/", "!" or "?"; no adapter name, user agent or error
// message has one, while "gemm M>16" is an ordinary family name), are refused, not cleaned.

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
const MARKUP = /<[A-Za-z!/?]/;

/** The first problem found, as a sentence, or null when there is none. */
export function hostileContent(value: unknown, path = 'document'): string | null {
  if (typeof value === 'string') {
    return MARKUP.test(value)
      ? `${path} contains markup (a "<" opening a tag), which no results document holds`
      : null;
  }
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = hostileContent(value[i], `${path}[${i}]`);
      if (found !== null) return found;
    }
    return null;
  }
  if (typeof value === 'object' && value !== null) {
    for (const key of Object.keys(value)) {
      if (FORBIDDEN_KEYS.has(key)) return `${path} has a key named "${key}"`;
      if (MARKUP.test(key)) return `${path} has a key containing markup`;
      const found = hostileContent((value as Record<string, unknown>)[key], `${path}.${key}`);
      if (found !== null) return found;
    }
  }
  return null;
}
