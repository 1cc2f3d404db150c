// Workgroup memory a kernel's entry point declares, in bytes, read from its WGSL (no GPU needed:
// WebGPU reports no such figure): every `var<workgroup>` the entry point reaches through the
// functions it calls, sized with the pipeline's override constants (others at their defaults)
// and WGSL's layout rules (an array element's stride is its size rounded up to its alignment).
// A variable declared in the module but reached by no function the entry point calls is not
// counted: compilers allocate per entry point. Enough of WGSL for the kernels of this project —
// scalars, vectors, arrays, aliases, atomics, integer constant expressions of + − * / % ( ) min
// max; anything else is a RangeError naming it.

import { splitItems, type WgslItem } from '../../core/wgsl/declarations';

/** Size and alignment of a WGSL type, in bytes. */
interface Layout {
  size: number;
  align: number;
}

const SCALARS: Record<string, number> = { f32: 4, u32: 4, i32: 4, f16: 2 };
/** vec4f, vec2h, vec3u, vec4i: the predeclared aliases. */
const SHORT_VECTOR = /^vec([234])([fhui])$/;
const SHORT_SCALAR: Record<string, string> = { f: 'f32', h: 'f16', u: 'u32', i: 'i32' };

/** The items a module declares, by name. */
const byName = (items: readonly WgslItem[]) =>
  new Map(items.filter((i) => i.name !== null).map((i) => [i.name as string, i]));

/** `inner` of `outer<inner>` split at its top-level commas, or null if `type` is not generic. */
function genericArguments(type: string): { outer: string; args: string[] } | null {
  const open = type.indexOf('<');
  if (open === -1 || !type.endsWith('>')) return null;
  const args: string[] = [];
  let depth = 0;
  let from = open + 1;
  for (let i = open + 1; i < type.length - 1; i++) {
    const c = type[i];
    if (c === '<' || c === '(') depth++;
    else if (c === '>' || c === ')') depth--;
    else if (c === ',' && depth === 0) {
      args.push(type.slice(from, i).trim());
      from = i + 1;
    }
  }
  args.push(type.slice(from, type.length - 1).trim());
  return { outer: type.slice(0, open).trim(), args: args.filter((a) => a !== '') };
}

/** Evaluates the module's integer constant and override expressions. */
class Evaluator {
  private readonly cache = new Map<string, number>();

  constructor(
    private readonly items: Map<string, WgslItem>,
    private readonly constants: Readonly<Record<string, number>>,
  ) {}

  /** The value of a `const` or `override` named `name` (the pipeline's constant first). */
  value(name: string): number {
    const cached = this.cache.get(name);
    if (cached !== undefined) return cached;
    const given = this.constants[name];
    const item = this.items.get(name);
    let value: number;
    if (given !== undefined && item?.kind === 'override') value = given;
    else if (item?.kind === 'const' || item?.kind === 'override') {
      const init = /=([\s\S]*);\s*$/.exec(item.text)?.[1];
      if (init === undefined) throw new RangeError(`${name} has no value`);
      value = this.expression(init);
    } else throw new RangeError(`${name} is not a constant`);
    this.cache.set(name, value);
    return value;
  }

  /** An integer expression of literals, constants, + − * / % ( ), min and max. */
  expression(text: string): number {
    const tokens = text.match(/0[xX][0-9a-fA-F]+[ui]?|\d+[ui]?|[A-Za-z_]\w*|[-+*/%(),]/g) ?? [];
    if (tokens.join('') !== text.replace(/\s+/g, '')) {
      throw new RangeError(`cannot evaluate "${text.trim()}"`);
    }
    let at = 0;
    const peek = () => tokens[at];
    const take = (expected?: string) => {
      const t = tokens[at++];
      if (t === undefined || (expected !== undefined && t !== expected)) {
        throw new RangeError(`cannot evaluate "${text.trim()}"`);
      }
      return t;
    };
    const primary = (): number => {
      const t = take();
      if (t === '(') {
        const v = sum();
        take(')');
        return v;
      }
      if (t === '-') return -primary();
      if (/^(0[xX]|\d)/.test(t)) return Number(t.replace(/[ui]$/, ''));
      if (t === 'min' || t === 'max') {
        take('(');
        const a = sum();
        take(',');
        const b = sum();
        take(')');
        return t === 'min' ? Math.min(a, b) : Math.max(a, b);
      }
      return this.value(t);
    };
    const product = (): number => {
      let v = primary();
      for (let op = peek(); op === '*' || op === '/' || op === '%'; op = peek()) {
        take();
        const r = primary();
        v = op === '*' ? v * r : op === '/' ? Math.trunc(v / r) : v % r;
      }
      return v;
    };
    const sum = (): number => {
      let v = product();
      for (let op = peek(); op === '+' || op === '-'; op = peek()) {
        take();
        v = op === '+' ? v + product() : v - product();
      }
      return v;
    };
    const v = sum();
    if (at !== tokens.length) throw new RangeError(`cannot evaluate "${text.trim()}"`);
    return v;
  }
}

function layoutOf(type: string, items: Map<string, WgslItem>, evaluate: Evaluator): Layout {
  const t = type.trim();
  const scalar = SCALARS[t];
  if (scalar !== undefined) return { size: scalar, align: scalar };
  const short = SHORT_VECTOR.exec(t);
  if (short) return layoutOf(`vec${short[1]}<${SHORT_SCALAR[short[2] ?? '']}>`, items, evaluate);
  const generic = genericArguments(t);
  if (generic?.outer === 'atomic') return { size: 4, align: 4 };
  if (generic && /^vec[234]$/.test(generic.outer) && generic.args.length === 1) {
    const n = Number(generic.outer.slice(3));
    const s = layoutOf(generic.args[0] ?? '', items, evaluate).size;
    return { size: n * s, align: (n === 3 ? 4 : n) * s };
  }
  if (generic?.outer === 'array' && generic.args.length === 2) {
    const element = layoutOf(generic.args[0] ?? '', items, evaluate);
    const stride = Math.ceil(element.size / element.align) * element.align;
    return { size: evaluate.expression(generic.args[1] ?? '') * stride, align: element.align };
  }
  const alias = items.get(t);
  if (alias?.kind === 'alias') {
    return layoutOf(/=([\s\S]*);\s*$/.exec(alias.text)?.[1] ?? '', items, evaluate);
  }
  throw new RangeError(`workgroup memory: cannot size the type ${t}`);
}

/** The names of every module-scope item `entryPoint` reaches (itself included). */
function reachable(items: Map<string, WgslItem>, entryPoint: string): Set<string> {
  const seen = new Set<string>();
  const queue = [entryPoint];
  for (let name = queue.pop(); name !== undefined; name = queue.pop()) {
    if (seen.has(name) || !items.has(name)) continue;
    seen.add(name);
    queue.push(...(items.get(name)?.identifiers ?? []));
  }
  if (!seen.has(entryPoint)) throw new RangeError(`no entry point ${entryPoint} in the module`);
  return seen;
}

/** Each `var<workgroup>` the entry point reaches, in module order, with its bytes. */
export function workgroupVariables(
  code: string,
  entryPoint: string,
  constants: Readonly<Record<string, number>> = {},
): { name: string; bytes: number }[] {
  const all = splitItems(code);
  const items = byName(all);
  const evaluate = new Evaluator(items, constants);
  const used = reachable(items, entryPoint);
  return all
    .filter((item) => item.kind === 'var' && item.name !== null && used.has(item.name))
    .filter((item) => /^var\s*<\s*workgroup\s*>/.test(item.text))
    .map((item) => {
      const type = /:([\s\S]*);\s*$/.exec(item.text)?.[1] ?? '';
      return { name: item.name as string, bytes: layoutOf(type, items, evaluate).size };
    });
}

/** Bytes of workgroup memory one workgroup of the entry point uses. */
export const workgroupBytes = (
  code: string,
  entryPoint: string,
  constants: Readonly<Record<string, number>> = {},
): number => workgroupVariables(code, entryPoint, constants).reduce((sum, v) => sum + v.bytes, 0);
