// The portability rules (docs/PORTABLE-WGSL.md) on every module the project composes, and on
// small modules that break each rule once; what a module needs of the device, and that the
// kernels offer a variant exactly where its module's needs are granted.

import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FORMAT_IDS } from '../../src/core/formats';
import { splitItems } from '../../src/core/wgsl/declarations';
import {
  ENABLE_FEATURES,
  portabilityProblems,
  portableModule,
  wgslNeeds,
} from '../../src/core/wgsl/portable';
import { composedModules } from '../../src/kernels/catalogue';
import { GEMM_VARIANTS, gemmPipelineSpec, gemmRefusal } from '../../src/kernels/gemm';
import {
  GEMV_VARIANTS,
  type GemvCapabilities,
  gemvPipelineSpec,
  gemvVariantsFor,
} from '../../src/kernels/gemv';

const modules = composedModules();

/** Every .wgsl file in shaders/ and its subfolders, by its path there (e.g. gemv/gemv.wgsl). */
const shaderFiles = (): string[] =>
  readdirSync('shaders', { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.wgsl'))
    .sort();

describe('every composed module', () => {
  it('is listed once per label, with at least one entry point', () => {
    expect(new Set(modules.map((m) => m.label)).size).toBe(modules.length);
    for (const m of modules) expect(m.entries.length, m.label).toBeGreaterThan(0);
    // GEMV and GEMM at every format, the probes, the decoder, and the traced builds.
    for (const kind of ['gemv', 'gemm', 'bandwidth', 'fma', 'decode', 'attention', 'kv', 'trace']) {
      expect(
        modules.some((m) => m.label.startsWith(kind)),
        kind,
      ).toBe(true);
    }
  });

  it('keeps every rule once put in portable order', () => {
    const broken = modules.flatMap((m) =>
      portabilityProblems(portableModule(m.code)).map((p) => `${m.label}: ${p}`),
    );
    expect(broken).toEqual([]);
  });

  it('loses and repeats nothing in portable order: the same declarations, directives once', () => {
    for (const m of modules) {
      const texts = (code: string) =>
        splitItems(code)
          .filter((i) => i.kind !== 'enable')
          .map((i) => i.text)
          .sort();
      expect(texts(portableModule(m.code)), m.label).toEqual(texts(m.code));
      const enables = splitItems(portableModule(m.code)).filter((i) => i.kind === 'enable');
      expect(new Set(enables.map((e) => e.text)).size, m.label).toBe(enables.length);
    }
  }, 60_000); // hundreds of modules, each split twice: seconds on a loaded 2-core machine

  it('as composed, breaks the rules the portable order mends (the check can fail)', () => {
    // The int3 tile GEMV: its format's words use the tile's overrides before it declares them.
    const tile = modules.find((m) => m.label === 'gemv int3 tile-r8-wg256');
    expect(tile).toBeDefined();
    expect(portabilityProblems(tile?.code ?? '').join('\n')).toMatch(/before .* is declared/);
  });

  it('includes every declaration of every shader file', () => {
    const all = modules.map((m) => m.code).join('\n');
    const files = shaderFiles();
    expect(files).toContain('gemv/tile/x/gemv_tile_x_f32.wgsl'); // the walk reaches subfolders
    for (const file of files) {
      for (const item of splitItems(readFileSync(`shaders/${file}`, 'utf8'))) {
        expect(all.includes(item.text), `${file}: ${item.name ?? item.kind}`).toBe(true);
      }
    }
  });
});

describe('the rules, each broken once', () => {
  const fn = '@compute @workgroup_size(1) fn main() { let a = N; }';
  it.each([
    ['a use before its declaration', `${fn}\nconst N = 1u;`, /main uses N before N is declared/],
    [
      'an override-sized array after a function that uses it',
      'override R: u32 = 4u;\nfn f() { s[0] = 1.0; }\nvar<workgroup> s: array<f32, R>;',
      /f uses s before s is declared/,
    ],
    ['a directive after a declaration', 'const N = 1u;\nenable f16;', /comes after a declaration/],
    [
      'a bitcast to f16',
      'fn f(u: u32) -> vec2<f16> { return bitcast<vec2<f16>>(u); }',
      /no-bitcast-to-f16/,
    ],
    ['an alias of an array', 'alias A = array<f32, 8>;', /no-array-alias/],
    ['a vec3 member', 'struct P {\n  a: u32,\n  b: vec3<f32>,\n}', /no-vec3-in-structs/],
    [
      'a continuing block',
      'fn f() { var i = 0u; loop { continuing { i++; break if i > 3u; } } }',
      /no-continuing/,
    ],
    ['an extension no feature grants', 'enable foo_bar;\nconst N = 1u;', /enable foo_bar/],
    ['a name declared twice', 'const N = 1u;\nconst N = 2u;', /N is declared twice/],
    [
      'a case label used before its declaration',
      'fn f(x: u32) -> u32 { switch x { case N: { return 1u; } default: { return 0u; } } }\nconst N = 1u;',
      /f uses N before N is declared/,
    ],
    ['text that is not a declaration', 'const N = 1u;\nlet x = 2;', /expected a declaration/],
  ])('%s is a problem', (_what, code, problem) => {
    expect(portabilityProblems(code).join('\n')).toMatch(problem);
  });

  it('portable order mends what order alone breaks, and keeps comments with their declaration', () => {
    const code = [
      'fn g() -> f32 { return s[0] + f(); }',
      '// f reads the array',
      'fn f() -> f32 { return s[R - 1u]; }',
      'enable f16;',
      'var<workgroup> s: array<f32, R * K>;',
      'override R: u32 = 4u;',
      'const K = 2u;',
      'enable f16;',
    ].join('\n');
    expect(portabilityProblems(code).length).toBeGreaterThan(0);
    const portable = portableModule(code);
    expect(portabilityProblems(portable)).toEqual([]);
    expect(splitItems(portable).map((i) => i.name ?? i.kind)).toEqual([
      'enable',
      'K',
      'R',
      's',
      'f',
      'g',
    ]);
    expect(portable).toContain('// f reads the array\nfn f()');
  });

  it('comments and members never count as uses', () => {
    const code = [
      'struct P { N: u32 }',
      '/* N */ @group(0) @binding(0) var<uniform> p: P;',
      'fn f() -> u32 { return p.N; } // N',
      'const N = 1u;',
    ].join('\n');
    expect(portabilityProblems(code)).toEqual([]);
  });
});

describe('what a module needs of the device', () => {
  it('names the feature each enable needs, and the language features its builtins use', () => {
    expect(wgslNeeds('enable f16;\nenable subgroups;\nconst N = 1u;').features).toEqual([
      'shader-f16',
      'subgroups',
    ]);
    const dp4a = 'fn f(a: u32, b: u32) -> i32 { return dot4I8Packed(a, b); }';
    expect(wgslNeeds(dp4a).languageFeatures).toEqual(['packed_4x8_integer_dot_product']);
    const ids = '@compute @workgroup_size(64) fn f(@builtin(subgroup_id) s: u32) {}';
    expect(wgslNeeds(ids).languageFeatures).toEqual(['subgroup_id']);
    // Only uses count: a comment that names a builtin needs nothing.
    expect(wgslNeeds('// dot4I8Packed(a, b)\nconst N = 1u;')).toEqual({
      features: [],
      languageFeatures: [],
    });
    expect(Object.values(ENABLE_FEATURES)).toContain('chromium-experimental-subgroup-matrix');
  });

  /** What a set of GEMV capabilities grants, as device features and language features. */
  const grants = (caps: GemvCapabilities) => ({
    features: [...(caps.f16 ? ['shader-f16'] : []), ...(caps.subgroups ? ['subgroups'] : [])],
    languageFeatures: [
      ...(caps.dp4a ? ['packed_4x8_integer_dot_product'] : []),
      ...(caps.subgroupId ? ['subgroup_id'] : []),
    ],
  });
  const within = (needs: ReturnType<typeof wgslNeeds>, granted: ReturnType<typeof grants>) =>
    needs.features.every((f) => granted.features.includes(f)) &&
    needs.languageFeatures.every((f) => granted.languageFeatures.includes(f));

  it('a GEMV variant is offered exactly where its module needs only what is granted', () => {
    const flags = [false, true];
    for (const f16 of flags)
      for (const dp4a of flags)
        for (const subgroups of flags)
          for (const subgroupId of flags) {
            const caps = { f16, dp4a, subgroups, subgroupId: subgroups && subgroupId };
            for (const format of FORMAT_IDS) {
              const offered = new Set(gemvVariantsFor(format, caps).map((v) => v.name));
              const every = gemvVariantsFor(format, {
                f16: true,
                dp4a: true,
                subgroups: true,
                subgroupId: true,
              });
              for (const v of every) {
                const needs = wgslNeeds(gemvPipelineSpec(format, v).code);
                expect(offered.has(v.name), `${format} ${v.name} ${JSON.stringify(caps)}`).toBe(
                  within(needs, grants(caps)),
                );
              }
            }
          }
    expect(GEMV_VARIANTS.length).toBeGreaterThan(10);
  }, 60_000); // 16 grants × every format × every variant, each module parsed: seconds when loaded

  it('a GEMM variant is refused exactly where its module needs what is not granted', () => {
    const configs = GEMM_VARIANTS.flatMap((v) => (v.sgmat ? [v.sgmat] : []));
    const flags = [false, true];
    for (const f16 of flags)
      for (const subgroups of flags)
        for (const subgroupId of flags)
          for (const matrices of flags) {
            const caps = {
              f16,
              subgroups,
              subgroupId: subgroups && subgroupId,
              // Every configuration listed: only the module's features can then refuse it.
              ...(matrices ? { subgroupMatrix: { configs } } : {}),
            };
            const granted = {
              features: [
                ...grants({ ...caps, dp4a: false }).features,
                ...(matrices ? ['chromium-experimental-subgroup-matrix'] : []),
              ],
              languageFeatures: grants({ ...caps, dp4a: false }).languageFeatures,
            };
            for (const variant of GEMM_VARIANTS) {
              const needs = wgslNeeds(gemmPipelineSpec('int4', variant).code);
              expect(gemmRefusal(variant, caps) === null, variant.name).toBe(
                within(needs, granted),
              );
            }
          }
    expect(configs.length).toBeGreaterThan(3);
  });
});
