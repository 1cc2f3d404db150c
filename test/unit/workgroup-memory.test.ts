// Workgroup memory read from a module's WGSL (src/kernels/trace/workgroup-memory.ts): the rules
// on small modules, every composed module within WebGPU's default limit, and the GPU-class GEMVs'
// figures as their shapes give them by hand.

import { describe, expect, it } from 'vitest';
import type { FormatId } from '../../src/core/formats';
import { composedModules } from '../../src/kernels/catalogue';
import { GEMV_VARIANTS } from '../../src/kernels/gemv';
import { gemvWorkgroupBytes } from '../../src/kernels/trace/gemv-trace';
import { workgroupBytes, workgroupVariables } from '../../src/kernels/trace/workgroup-memory';
import { variantNamed } from '../../src/kernels/types';

/** WebGPU's default maxComputeWorkgroupStorageSize, which the project never raises. */
const DEFAULT_LIMIT = 16384;

// Each test walks all ~500 composed modules: seconds on a quiet machine, more on a busy one.
describe('workgroup memory from the WGSL', { timeout: 60_000 }, () => {
  const code = `
alias V = vec4<f16>;
const C: u32 = 8u;
override WG: u32 = 64u;
override R: u32 = 2u;
var<workgroup> a: array<V, C / 2u * (R + 1u)>;
var<workgroup> b: array<vec3<f32>, max(WG, 16u)>;
var<workgroup> unused: array<f32, 1024>;
var<private> p: array<f32, 64>;
var<workgroup> n: atomic<u32>;
fn helper() { b[0].x = f32(atomicLoad(&n)); }
@compute @workgroup_size(WG)
fn main() { a[0] = V(); helper(); }
@compute @workgroup_size(WG)
fn other() { unused[0] = 1.0; }`;

  it('sizes what the entry point reaches, with its constants, aliases and vec3 strides', () => {
    // a: 4 × 3 vec4<f16> (8 B); b: 64 vec3<f32> at a 16-byte stride; n: 4 B; not `unused`.
    expect(workgroupVariables(code, 'main')).toEqual([
      { name: 'a', bytes: 12 * 8 },
      { name: 'b', bytes: 64 * 16 },
      { name: 'n', bytes: 4 },
    ]);
    expect(workgroupBytes(code, 'main', { WG: 128, R: 3 })).toBe(16 * 8 + 128 * 16 + 4);
    expect(workgroupBytes(code, 'other')).toBe(4096);
  });

  it('names what it cannot size or evaluate', () => {
    expect(() =>
      workgroupBytes('var<workgroup> m: mat4x4<f32>;\nfn e() { m[0].x = 1.0; }', 'e'),
    ).toThrow(/mat4x4/);
    expect(() =>
      workgroupBytes('var<workgroup> m: array<f32, N>;\nfn e() { m[0] = 1.0; }', 'e'),
    ).toThrow(/N is not a constant/);
    expect(() => workgroupBytes(code, 'missing')).toThrow(/no entry point missing/);
  });

  it('sizes every entry point of every composed module within the default 16 KiB', () => {
    let sized = 0;
    for (const module of composedModules()) {
      for (const entry of module.entries) {
        const bytes = workgroupBytes(module.code, entry.entryPoint, entry.constants);
        expect(bytes, `${module.label} ${entry.entryPoint}`).toBeLessThanOrEqual(DEFAULT_LIMIT);
        sized++;
      }
    }
    expect(sized).toBeGreaterThan(300);
  });
});

describe('the GPU-class GEMVs use what they declare', () => {
  const bytes = (format: FormatId, name: string) =>
    gemvWorkgroupBytes(format, variantNamed(GEMV_VARIANTS, name));

  it('the tile: a step of x and WG · RPT partial sums for its tree, not WG · R', () => {
    // f32 r8-wg256: 32 words of x (512 B) + 256 × 1 f32 (1 KiB; WG · R was 8 KiB).
    expect(bytes('f32', 'tile-r8-wg256')).toBe(512 + 1024);
    // r8-wg128: four teams of 32 lanes take 2 rows each: 128 × 2 f32.
    expect(bytes('f32', 'tile-r8-wg128')).toBe(512 + 1024);
    // int4: 32 groups of x (32 × 128 B); int3 adds its staged scales (8 rows × 32 f32).
    expect(bytes('int4', 'tile-r8-wg256')).toBe(4096 + 1024);
    expect(bytes('int3', 'tile-r8-wg256')).toBe(4096 + 1024 + 1024);
    // f16 x: half the bytes of x.
    expect(bytes('int4', 'tile-r8-wg256-f16')).toBe(2048 + 1024);
    // The subgroup form: x and num_subgroups (≤ WG / 4) × R sums.
    expect(bytes('f32', 'tilesg-r8-wg256')).toBe(512 + (256 / 4) * 8 * 4);
  });

  it('the register form: its reduction alone, the same at every format and code', () => {
    for (const format of ['f32', 'fp16', 'int8', 'int4', 'int3'] as const) {
      // Tree: WG · RPT f32 (128 × 2, 128 × 4); subgroups: WG / 4 × R f32.
      expect(bytes(format, 'regx-r8-wg128'), format).toBe(128 * 2 * 4);
      expect(bytes(format, 'regx-r16-wg128'), format).toBe(128 * 4 * 4);
      expect(bytes(format, 'regxsg-r8-wg128'), format).toBe(32 * 8 * 4);
      expect(bytes(format, 'regxsg-r16-wg128'), format).toBe(32 * 16 * 4);
    }
    expect(bytes('int4', 'regx-r8-wg128-dp4a')).toBe(1024);
    expect(bytes('int8', 'regx-r16-wg128-f16')).toBe(2048);
  });
});
