// A WGSL module split into its top-level items — directives and declarations — each with the
// name it declares and the module-scope names it uses. Enough of WGSL's grammar to reorder a
// composed module and to check it against the portability rules (docs/PORTABLE-WGSL.md); not a
// compiler: it never looks inside an expression beyond its identifiers.

export type ItemKind =
  | 'enable'
  | 'requires'
  | 'diagnostic'
  | 'alias'
  | 'struct'
  | 'const'
  | 'override'
  | 'var'
  | 'const_assert'
  | 'fn';

export const DIRECTIVE_KINDS: readonly ItemKind[] = ['enable', 'requires', 'diagnostic'];

export interface WgslItem {
  kind: ItemKind;
  /** The name it declares; null for directives and const_assert. */
  name: string | null;
  /** Its text, from its first attribute or keyword to its closing `;` or `}`. */
  text: string;
  /** The comments and blank lines before it in the source, kept with it when it moves. */
  leading: string;
  /**
   * Every identifier in its text (attributes' arguments included) not preceded by `.` or `@`
   * (members and attribute names), but its own name.
   */
  identifiers: ReadonlySet<string>;
}

const KINDS = new Set<string>([
  'enable',
  'requires',
  'diagnostic',
  'alias',
  'struct',
  'const',
  'override',
  'var',
  'const_assert',
  'fn',
]);

/** The source with every comment replaced by spaces (line breaks kept), so offsets stay put. */
export function blankComments(source: string): string {
  let out = '';
  let i = 0;
  while (i < source.length) {
    if (source.startsWith('//', i)) {
      const end = source.indexOf('\n', i);
      const stop = end === -1 ? source.length : end;
      out += ' '.repeat(stop - i);
      i = stop;
    } else if (source.startsWith('/*', i)) {
      // Block comments nest in WGSL.
      let depth = 0;
      const start = i;
      do {
        if (source.startsWith('/*', i)) {
          depth++;
          i += 2;
        } else if (source.startsWith('*/', i)) {
          depth--;
          i += 2;
        } else i++;
      } while (depth > 0 && i < source.length);
      out += source.slice(start, i).replace(/[^\n]/g, ' ');
    } else {
      out += source[i];
      i++;
    }
  }
  return out;
}

const IDENTIFIER = /[A-Za-z_][A-Za-z0-9_]*/y;
/** Keywords after which an identifier is declared, not used. */
const DECLARING = new Set(['let', 'var', 'const', 'override', 'alias', 'struct', 'fn']);

/**
 * The identifiers `code` uses: not members or attribute names (after `.` or `@`), not names it
 * declares (after `let`, `var`, …, or before a `:` — parameters, members, typed lets).
 */
function identifiersOf(code: string): Set<string> {
  const found = new Set<string>();
  let previous = '';
  for (let i = 0; i < code.length; ) {
    IDENTIFIER.lastIndex = i;
    const match = IDENTIFIER.exec(code);
    if (match && (i === 0 || !/[A-Za-z0-9_]/.test(code[i - 1] ?? ''))) {
      const word = match[0];
      let b = i - 1;
      while (b >= 0 && /\s/.test(code[b] ?? '')) b--;
      const before = code[b] ?? '';
      let a = i + word.length;
      while (a < code.length && /\s/.test(code[a] ?? '')) a++;
      const after = code[a] ?? '';
      // `name:` declares (a member, a parameter, a typed let), except a switch's `case NAME:`.
      const typed = after === ':' && previous !== 'case';
      const declared = DECLARING.has(previous) || typed;
      if (before !== '.' && before !== '@' && !declared) found.add(word);
      previous = word;
      i += word.length;
    } else {
      if (!/\s/.test(code[i] ?? '')) previous = '';
      i++;
    }
  }
  return found;
}

/** The keyword after any attributes (`@id(0)`, `@compute @workgroup_size(64)`), and its offset. */
function keywordOf(code: string): { keyword: string; at: number } {
  let i = 0;
  for (;;) {
    while (/\s/.test(code[i] ?? '')) i++;
    if (code[i] !== '@') break;
    i++;
    IDENTIFIER.lastIndex = i;
    const attribute = IDENTIFIER.exec(code);
    i += attribute?.[0].length ?? 0;
    while (/\s/.test(code[i] ?? '')) i++;
    if (code[i] === '(') {
      let depth = 0;
      do {
        if (code[i] === '(') depth++;
        else if (code[i] === ')') depth--;
        i++;
      } while (depth > 0 && i < code.length);
    }
  }
  IDENTIFIER.lastIndex = i;
  return { keyword: IDENTIFIER.exec(code)?.[0] ?? '', at: i };
}

/** The name a declaration introduces: the identifier after its keyword (and var's `<…>`). */
function declaredName(kind: ItemKind, code: string, at: number): string | null {
  if (DIRECTIVE_KINDS.includes(kind) || kind === 'const_assert') return null;
  let rest = code.slice(at + kind.length).trimStart();
  if (kind === 'var' && rest.startsWith('<')) rest = rest.slice(rest.indexOf('>') + 1).trimStart();
  return /^[A-Za-z_][A-Za-z0-9_]*/.exec(rest)?.[0] ?? null;
}

/**
 * The module's items in source order. Throws on text that is not a sequence of items (an
 * unclosed brace, a stray token): composition must not hide a broken part.
 */
export function splitItems(source: string): WgslItem[] {
  const code = blankComments(source);
  const items: WgslItem[] = [];
  let start = 0;
  let depth = 0;
  const close = (end: number) => {
    const span = code.slice(start, end);
    const first = span.search(/\S/);
    if (first !== -1 && span.trim() !== ';') {
      const text = source.slice(start + first, end).trim();
      const stripped = span.slice(first).trim();
      const { keyword, at } = keywordOf(stripped);
      if (!KINDS.has(keyword)) {
        throw new SyntaxError(
          `WGSL: expected a declaration or directive, found "${stripped.slice(0, 40)}"`,
        );
      }
      const kind = keyword as ItemKind;
      const name = declaredName(kind, stripped, at);
      const identifiers = identifiersOf(stripped);
      if (name !== null) identifiers.delete(name);
      items.push({ kind, name, text, leading: source.slice(start, start + first), identifiers });
    }
    start = end;
  };
  for (let i = 0; i < code.length; i++) {
    const c = code[i];
    if (c === '{') depth++;
    else if (c === '}') {
      depth--;
      if (depth < 0) throw new SyntaxError('WGSL: a } closes nothing');
      if (depth === 0) close(i + 1);
    } else if (c === ';' && depth === 0) close(i + 1);
  }
  if (depth !== 0) throw new SyntaxError('WGSL: a { is never closed');
  if (code.slice(start).trim() !== '') {
    throw new SyntaxError(
      `WGSL: text after the last declaration: "${code.slice(start).trim().slice(0, 40)}"`,
    );
  }
  return items;
}
