// The subgroup-matrix GEMMs without a GPU that has them: which variants a synthetic adapter's
// configurations offer, why the others are refused, what the results document lists as not
// offered, and the blocks and workgroup memory each variant declares.

import { describe, expect, it } from 'vitest';
import {
  GEMM_VARIANTS,
  type GemmCapabilities,
  gemmPipelineSpec,
  gemmRefusal,
  gemmVariantsFor,
} from '../../src/kernels/gemm';
import { unofferedVariants } from '../../src/kernels/offers';
import {
  SGMAT_CONFIGS,
  SGMAT_WORKGROUP,
  type SubgroupMatrixConfig,
  sgmatParts,
  sgmatWorkgroupBytes,
} from '../../src/kernels/sgmat';
import { workgroupBytes } from '../../src/kernels/trace/workgroup-memory';

const config = (
  componentType: string,
  resultComponentType: string,
  M: number,
  N: number,
  K: number,
): SubgroupMatrixConfig => ({ componentType, resultComponentType, M, N, K });

/** What Dawn lists on an NVIDIA GPU through Vulkan (f16 16×16×16 both ways, 16×8×16, and an integer one). */
const NVIDIA = [
  config('f16', 'f16', 16, 16, 16),
  config('f16', 'f32', 16, 16, 16),
  config('f16', 'f32', 16, 8, 16),
  config('u8', 'u32', 16, 16, 32),
];
const APPLE = [config('f32', 'f32', 8, 8, 8), config('f16', 'f16', 8, 8, 8)];

const caps = (configs: SubgroupMatrixConfig[], extra: Partial<GemmCapabilities> = {}) => ({
  f16: true,
  subgroups: true,
  subgroupId: true,
  subgroupMatrix: { configs, subgroupMaxSize: 32 },
  ...extra,
});
const sgmatNames = (c: GemmCapabilities) =>
  gemmVariantsFor(c)
    .filter((v) => v.sgmat !== undefined)
    .map((v) => v.name);

describe('subgroup-matrix GEMM variants', () => {
  it('one per known configuration, each offered exactly where the adapter lists it', () => {
    expect(GEMM_VARIANTS.filter((v) => v.sgmat).length).toBe(SGMAT_CONFIGS.length);
    expect(sgmatNames(caps(NVIDIA))).toEqual([
      'sgmat-f16-16x16x16-f32',
      'sgmat-f16-16x16x16-f16',
      'sgmat-f16-16x8x16-f32',
    ]);
    expect(sgmatNames(caps(APPLE))).toEqual(['sgmat-f32-8x8x8-f32', 'sgmat-f16-8x8x8-f16']);
    expect(sgmatNames(caps([config('f16', 'f32', 8, 16, 16)]))).toEqual(['sgmat-f16-8x16x16-f32']);
    expect(sgmatNames(caps([]))).toEqual([]);
  });

  it('refuses each with the reason: the feature, its configuration, shader-f16, subgroup width', () => {
    const v = (name: string) => {
      const found = GEMM_VARIANTS.find((g) => g.name === name);
      if (!found) throw new Error(name);
      return found;
    };
    const f16x16 = v('sgmat-f16-16x16x16-f32');
    expect(gemmRefusal(f16x16, { f16: true, subgroups: true, subgroupId: true })).toMatch(
      /not granted chromium-experimental-subgroup-matrix .*allow_unsafe_apis .*--experimental/,
    );
    expect(gemmRefusal(f16x16, caps(APPLE))).toMatch(
      /lists no f16·f16→f32 16×16×16 subgroup-matrix configuration \(it lists: f32·f32→f32 8×8×8, f16·f16→f16 8×8×8\)/,
    );
    expect(gemmRefusal(f16x16, caps(NVIDIA, { f16: false }))).toMatch(/does not grant shader-f16/);
    expect(gemmRefusal(v('sgmat-f32-8x8x8-f32'), caps(APPLE, { f16: false }))).toBeNull();
    expect(gemmRefusal(f16x16, caps(NVIDIA, { subgroupId: false }))).toMatch(/subgroup_id/);
    const wide = caps(NVIDIA, { subgroupMatrix: { configs: NVIDIA, subgroupMaxSize: 128 } });
    expect(gemmRefusal(f16x16, wide)).toMatch(/128 invocations wide/);
    const wave64 = caps(NVIDIA, { subgroupMatrix: { configs: NVIDIA, subgroupMaxSize: 64 } });
    expect(gemmRefusal(f16x16, wave64)).toBeNull();
  });

  it('lists what an adapter with the feature but not the configuration is not offered', () => {
    const all = {
      features: ['shader-f16', 'subgroups', 'chromium-experimental-subgroup-matrix'],
      languageFeatures: ['subgroup_id', 'packed_4x8_integer_dot_product'],
    };
    const unoffered = unofferedVariants({ ...all, subgroupMatrix: { configs: NVIDIA } });
    const gemm = unoffered.filter((u) => u.kernel === 'gemm');
    expect(gemm.map((u) => u.variant)).toContain('sgmat-f32-8x8x8-f32');
    expect(gemm.map((u) => u.variant)).not.toContain('sgmat-f16-16x16x16-f32');
    expect(gemm.find((u) => u.variant === 'sgmat-f16-8x8x8-f16')?.missing).toEqual([
      'the subgroup-matrix configuration f16·f16→f16 8×8×8',
    ]);
    // Without the feature, the module's own needs say what is missing.
    const none = unofferedVariants({ features: ['shader-f16'], languageFeatures: [] });
    const missing = none.find((u) => u.variant === 'sgmat-f16-16x16x16-f32')?.missing ?? [];
    expect([...missing].sort()).toEqual([
      'chromium-experimental-subgroup-matrix',
      'subgroup_id',
      'subgroups',
    ]);
  });

  it('gives every subgroup a 32×32 block (several accumulators) and the workgroup 32×128', () => {
    for (const c of SGMAT_CONFIGS) {
      const p = sgmatParts(c);
      expect(p.accumulators, p.name).toBe((32 / c.M) * (32 / c.N));
      expect(p.accumulators, p.name).toBeGreaterThanOrEqual(4);
      expect([p.blockM, p.blockN], p.name).toEqual([32, 128]);
      // Within WebGPU's default 16 KiB of workgroup memory.
      expect(sgmatWorkgroupBytes(c), p.name).toBeLessThanOrEqual(16 * 1024);
      expect(p.directives, p.name).toMatch(/enable chromium_experimental_subgroup_matrix;/);
      expect(p.directives.includes('enable f16;'), p.name).toBe(p.f16);
    }
    expect(sgmatWorkgroupBytes(config('f16', 'f32', 16, 16, 16))).toBe(
      (32 + 128) * 32 * 2 + 4 * 256 * 4,
    );
    expect(SGMAT_WORKGROUP).toBe(256);
  });

  it('declares the workgroup memory and size its figures say (read from the composed WGSL)', () => {
    for (const v of GEMM_VARIANTS) {
      if (!v.sgmat) continue;
      const code = gemmPipelineSpec('int4', v).code;
      expect(workgroupBytes(code, 'gemm_sgmat'), v.name).toBe(sgmatWorkgroupBytes(v.sgmat));
      expect(code, v.name).toMatch(/@workgroup_size\(SGM_WG\)/);
      expect(code, v.name).toMatch(/const SGM_WG: u32 = SGM_SLOTS \* SGM_LANES;/);
      expect(code, v.name).toContain(`const SGM_LANES: u32 = ${SGMAT_WORKGROUP / 4}u;`);
    }
  });
});
