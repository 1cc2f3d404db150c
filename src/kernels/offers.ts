// What this device is not offered, and why: each GEMV and GEMM variant whose module needs a
// feature or WGSL language feature the device does not grant (wgslNeeds, the same test the
// pipeline applies before compiling). Recorded in the results document and shown by the page and
// the CLI, so a run on a WebGPU without subgroups or shader-f16 says what it could not try.

import { FORMAT_IDS } from '../core/formats';
import type { UnofferedVariant } from '../core/results';
import { wgslNeeds } from '../core/wgsl/portable';
import type { GpuContext } from '../gpu/device';
import { GEMM_VARIANTS, gemmCapabilitiesOf, gemmPipelineSpec, gemmRefusal } from './gemm';
import { gemvPipelineSpec, gemvVariantsFor } from './gemv';

/** What a device grants WGSL: its features and the WGSL language features listed beside it. */
export interface WgslGrants {
  features: readonly string[];
  languageFeatures: readonly string[];
  /** Subgroup matrices with the f32 8×8×8 configuration the sgmat GEMM uses. */
  subgroupMatrixF32?: boolean;
}

const EVERY_CAPABILITY = { f16: true, dp4a: true, subgroups: true, subgroupId: true };
/** Said of the sgmat GEMM where the feature is granted without the configuration it needs. */
export const SUBGROUP_MATRIX_CONFIG = 'an f32 8×8×8 subgroup-matrix configuration';

function missingFor(code: string, grants: WgslGrants): string[] {
  const needs = wgslNeeds(code);
  return [
    ...needs.features.filter((f) => !grants.features.includes(f)),
    ...needs.languageFeatures.filter((f) => !grants.languageFeatures.includes(f)),
  ];
}

export function unofferedVariants(grants: WgslGrants): UnofferedVariant[] {
  const gemv = new Map<string, string>();
  for (const format of FORMAT_IDS) {
    for (const v of gemvVariantsFor(format, EVERY_CAPABILITY)) {
      if (!gemv.has(v.name)) gemv.set(v.name, gemvPipelineSpec(format, v).code);
    }
  }
  const unoffered: UnofferedVariant[] = [...gemv].flatMap(([variant, code]) => {
    const missing = missingFor(code, grants);
    return missing.length === 0 ? [] : [{ kernel: 'gemv' as const, variant, missing }];
  });
  const gemmCaps = {
    f16: grants.features.includes('shader-f16'),
    subgroupMatrix: grants.subgroupMatrixF32 === true,
  };
  for (const v of GEMM_VARIANTS) {
    if (gemmRefusal(v, gemmCaps) === null) continue;
    const missing = missingFor(gemmPipelineSpec('f32', v).code, grants);
    unoffered.push({
      kernel: 'gemm',
      variant: v.name,
      missing: missing.length > 0 ? missing : [SUBGROUP_MATRIX_CONFIG],
    });
  }
  return unoffered;
}

/** What `gpu` is not offered. */
export const unofferedOn = (gpu: GpuContext): UnofferedVariant[] =>
  unofferedVariants({
    features: [...gpu.device.features].map(String),
    languageFeatures: gpu.description.wgslLanguageFeatures,
    subgroupMatrixF32: gemmCapabilitiesOf(gpu.device).subgroupMatrix === true,
  });
