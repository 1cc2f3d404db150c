// Every weight format of the registry, enumerated: its packing round-trips to the nearest value
// it can hold, its bytes match its bits per weight, its shaders exist, the plans measure it, the
// CLI accepts its names and the page lists it. A new entry is checked here with no edit.

import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildPlan, isTuned } from '../../src/bench/plan';
import { PREDICT_USAGE, parsePredictArgs } from '../../src/cli/args/predict-args';
import {
  FORMAT_ALIASES,
  FORMAT_IDS,
  FORMATS,
  formatEntry,
  MODEL_FORMAT_IDS,
  resolveFormat,
  WEIGHT_FORMATS,
  weightBytes,
} from '../../src/core/formats';
import { fromHalfBits } from '../../src/core/half';
import {
  matrixBytes,
  packedWords,
  packMatrix,
  randomMatrixWords,
  readStored,
  unpackMatrix,
  wordsPerRow,
} from '../../src/kernels/formats';
import { GEMV_VARIANTS, gemvBytes, gemvVariantsFor } from '../../src/kernels/gemv';
import { hasTileCode } from '../../src/kernels/gemv-tile';
import { type WeightsCode, weightsShader, weightsShaderFile } from '../../src/kernels/weights';

/** Values of both signs over several magnitudes, zeros and a group of equal values included. */
function values(n: number, k: number): Float64Array {
  const v = Float64Array.from({ length: n * k }, (_, i) => Math.sin(i * 1.618) * (1 + (i % 7)));
  v.fill(0, 32, 40);
  v.fill(0.3, 64, 96);
  return v;
}

/** The stored bits of weight i of a packed N×K matrix (the same layout rule the kernels use). */
function storedBits(words: Uint32Array, id: (typeof FORMAT_IDS)[number], k: number, i: number) {
  const word = (w: number) => words[w] ?? 0;
  return readStored(formatEntry(id), word, wordsPerRow(id, k), Math.floor(i / k), i % k);
}

const ALL_CAPS = { f16: true, dp4a: true, subgroups: true, subgroupId: true };
const OPTIONAL_CODES = ['f16-native', 'dp4a'] as const satisfies readonly WeightsCode[];
const limits = { maxStorageBufferBindingSize: 2 ** 30, maxBufferSize: 2 ** 30 };

describe('the format registry', () => {
  it('has unique ids that make unambiguous shader names, and aliases that name one format', () => {
    expect(new Set(FORMAT_IDS).size).toBe(FORMAT_IDS.length);
    for (const id of FORMAT_IDS) expect(id).toMatch(/^[a-z][a-z0-9-]*$/);
    const aliases = FORMATS.flatMap((f) => f.aliases);
    expect(new Set(aliases).size).toBe(aliases.length);
    for (const alias of aliases) {
      expect(FORMAT_IDS as readonly string[]).not.toContain(alias);
      expect(alias).toBe(alias.toLowerCase());
    }
    expect(Object.keys(FORMAT_ALIASES)).toEqual(aliases);
  });

  it('ships a shader for every code an entry lists, and no shader for one it does not', () => {
    const files = readdirSync('shaders/weights').filter((f) => f.endsWith('.wgsl'));
    const expected = FORMATS.flatMap((f) => [
      weightsShaderFile(f.id),
      ...OPTIONAL_CODES.filter((c) => f.codes[c] !== undefined).map((c) =>
        weightsShaderFile(f.id, c),
      ),
    ]);
    expect(files.sort()).toEqual(expected.sort());
  });
});

describe.each(FORMATS)('format $id', (f) => {
  const id = f.id;

  it('packs to the nearest value it can hold, and decodes what it packed', () => {
    const [n, k] = [5, 96];
    const v = values(n, k);
    const packed = packMatrix(id, n, k, v);
    const back = unpackMatrix(packedWords(packed));
    const mask = f.storedBits === 32 ? 0xffffffff : (1 << f.storedBits) - 1;
    const group = f.scales === null ? n * k : f.block.weights;
    const scaleOf = (i: number) => {
      if (f.scales === null) return 1;
      const g = Math.floor(i / group);
      return fromHalfBits(((packed.scales[g >> 1] ?? 0) >>> (16 * (g & 1))) & 0xffff);
    };
    for (let i = 0; i < n * k; i++) {
      const want = v[i] ?? 0;
      const got = back[i] ?? Number.NaN;
      expect(Number.isFinite(got), `${id}[${i}]`).toBe(true);
      // No neighbouring stored value (one step either way) is nearer to the input.
      const bits = storedBits(packed.weights, id, k, i);
      expect(f.decode(bits) * scaleOf(i)).toBe(got);
      for (const step of [-1, 1]) {
        const neighbour = f.decode((bits + step) & mask) * scaleOf(i);
        if (Number.isFinite(neighbour)) {
          expect(Math.abs(got - want), `${id}[${i}] = ${want}`).toBeLessThanOrEqual(
            Math.abs(neighbour - want),
          );
        }
      }
    }
    // Grouped: within half a step of the group's scale (max |w| / qmax).
    if (f.scales !== null) {
      for (let g = 0; g < (n * k) / group; g++) {
        const span = [...v.slice(g * group, (g + 1) * group)];
        const step = Math.max(...span.map(Math.abs)) / f.scales.qmax;
        for (let j = 0; j < group; j++) {
          const i = g * group + j;
          expect(Math.abs((back[i] ?? 0) - (v[i] ?? 0))).toBeLessThanOrEqual(step * 0.501);
        }
      }
    }
    // Packing what it decoded gives the same words again.
    const again = packMatrix(id, n, k, back);
    expect([...again.weights]).toEqual([...packed.weights]);
    expect([...again.scales]).toEqual([...packed.scales]);
  });

  it('counts bytes from its block, scales included', () => {
    const bpw = (8 * f.block.bytes + (f.scales === null ? 0 : 16)) / f.block.weights;
    expect(WEIGHT_FORMATS[id].bitsPerWeight).toBe(bpw);
    expect(weightBytes(64, WEIGHT_FORMATS[id])).toBe((64 * bpw) / 8);
    const packed = packMatrix(id, 3, 64, values(3, 64));
    const scaleBytes = f.scales === null ? 0 : ((3 * 64) / f.block.weights) * 2;
    expect(packed.weights.byteLength + scaleBytes).toBe(packed.bytes);
    expect(packed.bytes).toBe((3 * 64 * bpw) / 8);
    expect(matrixBytes(id, 3, 64)).toBe(packed.bytes);
    expect(packed.weights.length).toBe(3 * wordsPerRow(id, 64));
    expect(gemvBytes(id, 3, 64)).toBe(packed.bytes + 4 * 64 + 4 * 3);
  });

  it('makes finite, moderate random matrices', () => {
    const w = unpackMatrix(randomMatrixWords(id, 3, 64, 42));
    expect(w.every(Number.isFinite)).toBe(true);
    expect(Math.max(...w.map(Math.abs))).toBeLessThan(2);
    expect(new Set(w).size).toBeGreaterThan(16);
  });

  it('has WGSL for every code it lists, defining what the kernels call', () => {
    const portable = weightsShader(id);
    for (const fn of ['group_dot', 'dequant_vec', 'eight_dot', 'group_scale']) {
      expect(portable, `${id}: fn ${fn}`).toMatch(new RegExp(`fn ${fn}\\(`));
    }
    expect(portable).toMatch(new RegExp(`const GROUPED = ${f.scales !== null};`));
    for (const code of OPTIONAL_CODES) {
      if (f.codes[code] === undefined) {
        expect(() => weightsShader(id, code)).toThrow(/no .* weights code/);
      } else {
        expect(weightsShader(id, code)).toMatch(/fn group_dot\(/);
      }
    }
  });

  it('is offered every GEMV variant its codes allow', () => {
    // The weights-code kernels follow the registry's codes; the tile kernel and its register
    // form their own files (shaders/gemv/tile/gemv_tile_<format>[_f16|_dp4a].wgsl), found by name.
    const isTile = (v: { entry: string }) => /^gemv_(tile|regx)/.test(v.entry);
    const all = gemvVariantsFor(id, ALL_CAPS);
    const offered = all.filter((v) => !isTile(v)).map((v) => v.weights);
    expect(offered).toContain('portable');
    for (const code of OPTIONAL_CODES) {
      expect(offered.includes(code), code).toBe(f.codes[code] !== undefined);
    }
    for (const v of all.filter(isTile)) expect(hasTileCode(id, v.weights), v.name).toBe(true);
    expect(gemvVariantsFor(id, ALL_CAPS).length).toBeLessThanOrEqual(GEMV_VARIANTS.length);
  });

  it('is in the plans: GEMV in quick and full, GEMM prefill in full, and its optional sets', () => {
    const tuned = (name: 'quick' | 'full') =>
      buildPlan(name, { limits, hasF16: true }).cases.filter(isTuned);
    const formatsOf = (name: 'quick' | 'full', kernel: string, m?: number) =>
      tuned(name)
        .filter((c) => c.kernel === kernel)
        .map((c) => c.make(c.variants[0] ?? ''))
        .filter((c) => m === undefined || c.shape.m === m)
        .map((c) => c.format);
    expect(formatsOf('quick', 'gemv')).toContain(id);
    expect(formatsOf('full', 'gemv')).toContain(id);
    expect(formatsOf('full', 'gemm', 512)).toContain(id);
    expect(formatsOf('quick', 'gemm').includes(id)).toBe(f.plan.quickGemm);
    expect(formatsOf('full', 'gemm', 256).includes(id)).toBe(f.plan.batchSweep);
    // The 70B output head (128256 × 8192) only in the formats models are served in.
    const head = tuned('full')
      .filter((c) => c.kernel === 'gemv')
      .map((c) => c.make(c.variants[0] ?? ''))
      .filter((c) => c.shape.n === 128256 && c.shape.k === 8192)
      .map((c) => c.format);
    expect(head.includes(id)).toBe(f.servesModels);
  });

  it('resolves by id and every alias, in the predictor and the CLI', () => {
    const names = [id, id.toUpperCase(), ...f.aliases, ...f.aliases.map((a) => a.toUpperCase())];
    for (const name of names) {
      expect(resolveFormat(name)).toBe(WEIGHT_FORMATS[id]);
      const args = parsePredictArgs(['--model', 'llama-3-8b', '--weights', name, '--gpu', 'a100']);
      expect(args.help).toBe(false);
      if (!args.help) expect(args.format).toBe(WEIGHT_FORMATS[id]);
    }
    // --help lists the formats models are served in, with their aliases.
    const help = PREDICT_USAGE.split('\n').find((l) => /^\s+--weights FORMAT/.test(l)) ?? '';
    const listed = help.split(/[\s|(),]+/);
    for (const name of [id, ...f.aliases]) expect(listed.includes(name), name).toBe(f.servesModels);
  });

  it('is offered by the page where models are served in it', () => {
    expect(MODEL_FORMAT_IDS.includes(id)).toBe(f.servesModels);
    // The page fills its format picker from the registry: index.html names no format.
    const html = readFileSync('index.html', 'utf8');
    expect(html).toMatch(/<select id="focus-format"><\/select>/);
    expect(html).not.toMatch(new RegExp(`<option value="${id}"`));
  });
});
