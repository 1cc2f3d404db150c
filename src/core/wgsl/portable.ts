// Portable WGSL: the rules every module this project hands a compiler follows, so that Tint
// (Chrome, Edge, the `webgpu` package), naga (Firefox, Deno) and WebKit's compiler (Safari) all
// accept it. `portableModule` puts a composed module in an order that keeps them by construction;
// `portabilityProblems` checks a module against them; `wgslNeeds` says what the device must grant
// for it. docs/PORTABLE-WGSL.md gives each rule's reason.

import {
  blankComments,
  DIRECTIVE_KINDS,
  type ItemKind,
  splitItems,
  type WgslItem,
} from './declarations';

/** Each extension a module may `enable`, and the device feature that grants it. */
export const ENABLE_FEATURES: Readonly<Record<string, string>> = {
  f16: 'shader-f16',
  subgroups: 'subgroups',
  chromium_experimental_subgroup_matrix: 'chromium-experimental-subgroup-matrix',
};

/** Uses that need a WGSL language feature (navigator.gpu.wgslLanguageFeatures) without a `requires`. */
const LANGUAGE_FEATURE_USES: readonly { feature: string; use: RegExp }[] = [
  {
    feature: 'packed_4x8_integer_dot_product',
    use: /\b(dot4[IU]8Packed|pack4x[IU]8(Clamp)?|unpack4x[IU]8)\s*\(/,
  },
  { feature: 'subgroup_id', use: /@builtin\s*\(\s*(subgroup_id|num_subgroups)\s*\)/ },
];

/** Constructs some compiler is known to get wrong, with what to write instead. */
export const FORBIDDEN_CONSTRUCTS: readonly { rule: string; pattern: RegExp; why: string }[] = [
  {
    rule: 'no-bitcast-to-f16',
    pattern: /\bbitcast\s*<\s*(vec[234]\s*<\s*)?f16\b/,
    why: 'naga (29) types a bitcast to f16 or a vector of f16 as f32 and rejects the module; write vec2<f16>(unpack2x16float(word)) instead',
  },
  {
    rule: 'no-array-alias',
    pattern: /\balias\s+\w+\s*=\s*array\b/,
    why: 'WebKit built arrays constructed through an alias wrongly, silently, until 2026-09 (WebKit PR 73375); name the array type where it is used',
  },
  {
    rule: 'no-vec3-in-structs',
    pattern: /\bstruct\s+\w+\s*\{[^}]*:\s*(vec3|mat[234]x3)\b/,
    why: 'WebKit packs vec3 and matNx3 members of buffer structs and fails to compile some of their uses (WebKit PR 70346, 2026-07); use vec4 or scalars with explicit padding',
  },
  {
    rule: 'no-continuing',
    pattern: /\bcontinuing\b/,
    why: 'WebKit compiled a continue in a loop with a continuing block as a break until 2025-04 (WebKit PR 43653); write for or while loops',
  },
];

/** What a module needs of the device: features for its `enable`s, WGSL language features. */
export interface WgslNeeds {
  features: string[];
  languageFeatures: string[];
}

const directiveNames = (item: WgslItem): string[] =>
  item.text
    .replace(/^\s*(enable|requires)\b/, '')
    .replace(/;\s*$/, '')
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');

export function wgslNeeds(code: string): WgslNeeds {
  const items = splitItems(code);
  const features = new Set<string>();
  const languageFeatures = new Set<string>();
  for (const item of items) {
    if (item.kind === 'enable') {
      for (const name of directiveNames(item)) features.add(ENABLE_FEATURES[name] ?? name);
    } else if (item.kind === 'requires') {
      for (const name of directiveNames(item)) languageFeatures.add(name);
    }
  }
  const uncommented = blankComments(code);
  for (const { feature, use } of LANGUAGE_FEATURE_USES) {
    if (use.test(uncommented)) languageFeatures.add(feature);
  }
  return { features: [...features].sort(), languageFeatures: [...languageFeatures].sort() };
}

/**
 * Where each kind of declaration goes: constants and types, then every override, then the
 * module's variables (a workgroup array sized by an override after all of them: naga panics
 * otherwise), then functions.
 */
const KIND_RANK: Readonly<Record<ItemKind, number>> = {
  enable: 0,
  requires: 0,
  diagnostic: 0,
  alias: 1,
  struct: 1,
  const: 1,
  const_assert: 1,
  override: 2,
  var: 3,
  fn: 4,
};

/**
 * The declarations in an order where each comes after everything it names and after every
 * declaration of a lower KIND_RANK that it does not precede by necessity, otherwise as composed.
 */
function declarationOrder(declarations: readonly WgslItem[]): WgslItem[] {
  const byName = new Map<string, number>();
  declarations.forEach((d, i) => {
    if (d.name !== null && !byName.has(d.name)) byName.set(d.name, i);
  });
  const uses = declarations.map((d) =>
    [...d.identifiers].flatMap((id) => {
      const at = byName.get(id);
      return at === undefined ? [] : [at];
    }),
  );
  const rank = (i: number) => KIND_RANK[declarations[i]?.kind ?? 'fn'];
  const placed = new Set<number>();
  const order: WgslItem[] = [];
  while (order.length < declarations.length) {
    const waiting = declarations.map((_, i) => i).filter((i) => !placed.has(i));
    const ready = waiting.filter((i) => (uses[i] ?? []).every((j) => placed.has(j) || j === i));
    // A cycle (only ever a false one: a local that shadows a global) keeps the composed order.
    const pool = ready.length > 0 ? ready : waiting;
    const next = pool.reduce((a, b) => (rank(b) < rank(a) ? b : a));
    placed.add(next);
    order.push(declarations[next] as WgslItem);
  }
  return order;
}

const leadingComment = (item: WgslItem): string => {
  const comment = item.leading.trim();
  return comment === '' ? '' : `${comment}\n`;
};

/**
 * `code` rearranged to keep the rules: every directive once, first; then each declaration after
 * what it uses, functions last. Module-scope order has no meaning in WGSL, so the module computes
 * the same; only the order some compilers depend on changes.
 */
export function portableModule(code: string): string {
  const items = splitItems(code);
  const enables = new Set<string>();
  const requires = new Set<string>();
  const diagnostics = new Set<string>();
  for (const item of items) {
    if (item.kind === 'enable') for (const name of directiveNames(item)) enables.add(name);
    else if (item.kind === 'requires') for (const name of directiveNames(item)) requires.add(name);
    else if (item.kind === 'diagnostic') diagnostics.add(item.text);
  }
  const directives = [
    ...[...enables].sort().map((name) => `enable ${name};`),
    ...[...requires].sort().map((name) => `requires ${name};`),
    ...diagnostics,
  ];
  const declarations = declarationOrder(items.filter((i) => !DIRECTIVE_KINDS.includes(i.kind)));
  const body = declarations.map((d) => `${leadingComment(d)}${d.text}\n`).join('\n');
  return `${directives.length > 0 ? `${directives.join('\n')}\n\n` : ''}${body}`;
}

/** Every way `code` breaks the portability rules, as sentences; empty when it keeps them all. */
export function portabilityProblems(code: string): string[] {
  let items: WgslItem[];
  try {
    items = splitItems(code);
  } catch (e) {
    return [(e as Error).message];
  }
  const problems: string[] = [];
  const firstDeclaration = items.findIndex((i) => !DIRECTIVE_KINDS.includes(i.kind));
  items.forEach((item, i) => {
    if (DIRECTIVE_KINDS.includes(item.kind) && firstDeclaration !== -1 && i > firstDeclaration) {
      problems.push(`directive "${item.text}" comes after a declaration`);
    }
  });
  const declaredAt = new Map<string, number>();
  items.forEach((item, i) => {
    if (item.name === null) return;
    if (declaredAt.has(item.name)) problems.push(`${item.name} is declared twice`);
    else declaredAt.set(item.name, i);
  });
  items.forEach((item, i) => {
    for (const id of item.identifiers) {
      const at = declaredAt.get(id);
      if (at !== undefined && at > i) {
        problems.push(`${item.name ?? item.kind} uses ${id} before ${id} is declared`);
      }
    }
  });
  for (const item of items.filter((i) => i.kind === 'enable')) {
    for (const name of directiveNames(item)) {
      if (ENABLE_FEATURES[name] === undefined) {
        problems.push(`enable ${name}: no device feature is known to grant it`);
      }
    }
  }
  const uncommented = blankComments(code);
  for (const { rule, pattern, why } of FORBIDDEN_CONSTRUCTS) {
    if (pattern.test(uncommented)) problems.push(`${rule}: ${why}`);
  }
  return problems;
}
