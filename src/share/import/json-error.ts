// Where a JSON text first goes wrong, for a message with line and column. Engines word their
// SyntaxErrors differently and V8 often gives no position, so this scans the text itself.
// Iterative (an explicit stack), so deep nesting cannot overflow the call stack.

export interface JsonErrorPlace {
  offset: number;
  /** 1-based. */
  line: number;
  /** 1-based, in UTF-16 code units. */
  column: number;
  /** What stands there, e.g. `"}"` or `character U+0009`; "end of text" past the end. */
  found: string;
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const ESCAPE = /\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4})/y;

/** The offset of the first syntax error in `text`, or null when it is valid JSON. */
export function jsonErrorOffset(text: string): number | null {
  let i = 0;
  const stack: string[] = [];
  const skipSpace = () => {
    while (i < text.length && ' \t\n\r'.includes(text.charAt(i))) i++;
  };
  const string = (): boolean => {
    i++; // opening quote
    while (i < text.length) {
      const c = text.charCodeAt(i);
      if (c === 0x22) {
        i++;
        return true;
      }
      if (c < 0x20) return false;
      if (c === 0x5c) {
        ESCAPE.lastIndex = i;
        if (!ESCAPE.test(text)) return false;
        i = ESCAPE.lastIndex;
      } else i++;
    }
    return false;
  };
  const key = (): boolean => {
    if (text.charAt(i) !== '"' || !string()) return false;
    skipSpace();
    if (text.charAt(i) !== ':') return false;
    i++;
    return true;
  };
  let wantValue = true;
  for (;;) {
    skipSpace();
    const c = text.charAt(i);
    if (wantValue) {
      if (c === '{' || c === '[') {
        i++;
        skipSpace();
        if (text.charAt(i) === (c === '{' ? '}' : ']')) {
          i++;
          wantValue = false;
        } else {
          stack.push(c);
          if (c === '{' && !key()) return i;
        }
      } else if (c === '"') {
        if (!string()) return i;
        wantValue = false;
      } else {
        NUMBER.lastIndex = i;
        const literal = ['true', 'false', 'null'].find((w) => text.startsWith(w, i));
        if (literal) i += literal.length;
        else if (NUMBER.test(text)) i = NUMBER.lastIndex;
        else return i;
        wantValue = false;
      }
      continue;
    }
    const top = stack.at(-1);
    if (top === undefined) return i < text.length ? i : null;
    if (c === ',') {
      i++;
      wantValue = true;
      if (top === '{') {
        skipSpace();
        if (!key()) return i;
      }
    } else if (c === (top === '{' ? '}' : ']')) {
      i++;
      stack.pop();
    } else return i;
  }
}

/** Line, column and what was found at `offset`. */
export function placeOf(text: string, offset: number): JsonErrorPlace {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  const column = offset - (before.lastIndexOf('\n') + 1) + 1;
  const ch = text.charAt(offset);
  const found =
    offset >= text.length
      ? 'end of text'
      : ch.trim() === '' || ch.charCodeAt(0) < 0x20
        ? `character U+${ch.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`
        : JSON.stringify(ch);
  return { offset, line, column, found };
}
