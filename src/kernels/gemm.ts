// GEMM Y = X·Wᵀ (prefill, batched decode): a variant's shader with the format's weights prepended.

import gemmShader from '../../shaders/gemm/gemm.wgsl?raw';
import gemmColsShader from '../../shaders/gemm/gemm_cols.wgsl?raw';
import gemmPadShader from '../../shaders/gemm/gemm_pad.wgsl?raw';
import gemmSgmatShader from '../../shaders/gemm/gemm_sgmat.wgsl?raw';
import type { FormatId } from '../core/formats';
import { GpuError } from '../gpu/errors';
import { ungrantedNeeds } from '../gpu/wgsl-support';
import { matrixBytes } from './formats';
import { type MatrixOptions, prepareMatrixProduct } from './matrix';
import {
  SGMAT_CONFIGS,
  type SubgroupMatrixConfig,
  type SubgroupMatrixGrant,
  sgmatParts,
  subgroupMatrixField,
  subgroupMatrixRefusal,
} from './sgmat';
import type { KernelBuild, KernelCase, KernelEnv, PreparedKernel } from './types';
import { WEIGHTS_TOLERANCE, weightsShader } from './weights';

/** One GEMM variant: everything that differs between them. */
export interface GemmVariant {
  name: string;
  /** The WGSL that defines its entry point (after the weights code). */
  shader: string;
  entry: 'gemm_reg' | 'gemm_reg8' | 'gemm_tile' | 'gemm_cols' | 'gemm_pad' | 'gemm_sgmat';
  /** Rows of Y (tokens) one workgroup computes. */
  blockM: number;
  /** Columns of Y (rows of W) one workgroup computes. */
  blockN: number;
  /** Device capabilities it needs; absent: none. */
  requires?: readonly GemmCapability[];
  /** Directives its module opens with (before the weights code). */
  directives?: string;
  /** Computes in f16 (shader-f16): checked at the f16-native tolerance. */
  f16?: true;
  /** gemm_sgmat: the subgroup-matrix configuration it multiplies with (adapter-listed only). */
  sgmat?: SubgroupMatrixConfig;
}

/** What a GEMM variant may need of the device. */
export interface GemmCapabilities {
  /** shader-f16 granted. */
  f16: boolean;
  /** The subgroups feature granted. */
  subgroups?: boolean;
  /** …and WGSL's subgroup_id language feature (the subgroup_id builtin). */
  subgroupId?: boolean;
  /**
   * `chromium-experimental-subgroup-matrix` granted (Chrome's experimental subgroup matrices;
   * neither SwiftShader nor lavapipe offers it): what the adapter lists. Absent: not granted.
   */
  subgroupMatrix?: SubgroupMatrixGrant;
}
/** The capabilities a variant lists in `requires` (subgroup matrices go by `sgmat`). */
export type GemmCapability = 'f16' | 'subgroups' | 'subgroupId';

/** Why `variant` cannot run with `caps`, or null. */
export function gemmRefusal(variant: GemmVariant, caps: GemmCapabilities): string | null {
  const why: Record<GemmCapability, string> = {
    f16: 'the adapter does not grant shader-f16',
    subgroups: 'the adapter does not grant subgroups',
    subgroupId: "WGSL's subgroup_id language feature is not offered",
  };
  const reasons = (variant.requires ?? []).filter((c) => caps[c] !== true).map((c) => why[c]);
  const sgmat = variant.sgmat && subgroupMatrixRefusal(variant.sgmat, caps.subgroupMatrix);
  if (sgmat) reasons.push(sgmat);
  if (reasons.length === 0) return null;
  return `${variant.name} needs what this adapter lacks: ${reasons.join('; ')}.`;
}

/**
 * What this device grants a GEMM: shader-f16, subgroups and the subgroup_id builtin, and the
 * subgroup-matrix configurations Dawn lists in the adapter info.
 */
export function gemmCapabilitiesOf(device: GPUDevice): GemmCapabilities {
  const subgroups = device.features.has('subgroups');
  return {
    f16: device.features.has('shader-f16'),
    subgroups,
    subgroupId:
      subgroups &&
      ungrantedNeeds(device, { features: [], languageFeatures: ['subgroup_id'] }).length === 0,
    ...subgroupMatrixField(device),
  };
}

/** The variants that can run with these capabilities. */
export const gemmVariantsFor = (caps: GemmCapabilities): GemmVariant[] =>
  GEMM_VARIANTS.filter((v) => gemmRefusal(v, caps) === null);

/**
 * gemm_cols with `rows` rows of Y per workgroup and `lanes` invocations × 8 columns of Y each:
 * 16 (the first variants, half a 32-wide SIMD idle) or 64 (full width).
 */
function colsVariant(rows: number, lanes = 16): GemmVariant {
  return {
    name: `cols${rows}x${8 * lanes}`,
    shader: `const COLS_M: u32 = ${rows}u;\nconst COLS_WG: u32 = ${lanes}u;\n${gemmShader}\n${gemmColsShader}`,
    entry: 'gemm_cols',
    blockM: rows,
    blockN: 8 * lanes,
  };
}

/**
 * gemm_pad: a `tile`² block of Y, (tile ÷ 4)² invocations, `stage` vec4 of K staged at a time;
 * f16: the tiles in f16 (shader-f16).
 */
function padVariant(tile: 32 | 64, stage: 8 | 4, f16 = false): GemmVariant {
  const constants = `const PAD_T: u32 = ${tile}u;\nconst PAD_W: u32 = ${tile / 4}u;\nconst PAD_KV: u32 = ${stage}u;\nalias PadT = ${f16 ? 'f16' : 'f32'};`;
  return {
    name: `tile${tile}-pad${f16 ? '-f16' : ''}`,
    shader: `${constants}\n${gemmShader}\n${gemmPadShader}`,
    entry: 'gemm_pad',
    blockM: tile,
    blockN: tile,
    ...(f16 ? { requires: ['f16'] as const, directives: 'enable f16;\n', f16: true as const } : {}),
  };
}

/**
 * gemm_sgmat with one subgroup-matrix configuration: four subgroups per workgroup, each a
 * 32 × 32 block of Y in that configuration's tiles (SGM_TM × SGM_TN accumulators), X and W staged
 * in its component type.
 */
function sgmatVariant(config: SubgroupMatrixConfig): GemmVariant {
  const parts = sgmatParts(config);
  return {
    name: parts.name,
    shader: `${parts.constants}\n${gemmShader}\n${gemmSgmatShader}`,
    entry: 'gemm_sgmat',
    blockM: parts.blockM,
    blockN: parts.blockN,
    requires: parts.f16 ? ['f16', 'subgroups', 'subgroupId'] : ['subgroups', 'subgroupId'],
    directives: parts.directives,
    ...(parts.f16 ? { f16: true as const } : {}),
    sgmat: config,
  };
}

export const GEMM_VARIANTS: readonly GemmVariant[] = [
  { name: 'reg4x4', shader: gemmShader, entry: 'gemm_reg', blockM: 32, blockN: 32 },
  { name: 'reg8x4', shader: gemmShader, entry: 'gemm_reg8', blockM: 64, blockN: 32 },
  { name: 'tile32-smem', shader: gemmShader, entry: 'gemm_tile', blockM: 32, blockN: 32 },
  colsVariant(8),
  colsVariant(16),
  colsVariant(8, 64),
  padVariant(32, 8),
  padVariant(64, 4),
  padVariant(32, 8, true),
  ...SGMAT_CONFIGS.map(sgmatVariant),
];

/** A variant's whole module: its directives, the format's weights code, its shader. */
const gemmCode = (format: FormatId, variant: GemmVariant): string =>
  `${variant.directives ?? ''}${weightsShader(format)}\n${variant.shader}`;

export function gemmBytes(format: FormatId, m: number, n: number, k: number): number {
  return matrixBytes(format, n, k) + 4 * m * k + 4 * m * n;
}

export function gemmCase(
  format: FormatId,
  m: number,
  n: number,
  k: number,
  variant: GemmVariant,
  options: MatrixOptions,
): KernelCase {
  return {
    kernel: 'gemm',
    variant: variant.name,
    format,
    shape: { m, n, k },
    bytes: gemmBytes(format, m, n, k),
    flops: 2 * m * n * k,
    label: `gemm ${format} M=${m} ${n}×${k} (${variant.name})`,
    prepare: (env) => prepareGemm(env, format, m, n, k, variant, options),
  };
}

/**
 * A variant as another kernel runs it on its own buffers (the decode model's prefill): its
 * WGSL, entry point and the workgroup grid for `m` rows of X against a chunk of `rows` rows of
 * W. Uniform words: [m, rows, K / 32, rowOffset, N, 0, 0, 0].
 */
export function gemmPipelineSpec(format: FormatId, variant: GemmVariant) {
  return {
    code: gemmCode(format, variant),
    entryPoint: variant.entry,
    workgroups: (rows: number, m: number): [number, number] => [
      Math.ceil(rows / variant.blockN),
      Math.ceil(m / variant.blockM),
    ],
  };
}

/** The GEMM on its own buffers; `build` rewrites it (the address trace's instrumented build). */
export function prepareGemm(
  env: KernelEnv,
  format: FormatId,
  m: number,
  n: number,
  k: number,
  variant: GemmVariant,
  options: MatrixOptions,
  build?: KernelBuild,
): Promise<PreparedKernel> {
  const refused = gemmRefusal(variant, gemmCapabilitiesOf(env.device));
  if (refused !== null) return Promise.reject(new GpuError('feature-missing', refused));
  const code = gemmCode(format, variant);
  return prepareMatrixProduct(env, {
    label: `gemm-${format}-${variant.name}${build ? '-traced' : ''}`,
    code: build ? build.code(code, variant.entry) : code,
    ...(build ? { group1: build.group1 } : {}),
    tolerance: WEIGHTS_TOLERANCE[variant.f16 ? 'f16-native' : 'portable'],
    entryPoint: variant.entry,
    format,
    m,
    n,
    k,
    seed: options.seed ?? 0x9e77,
    rotationBytes: options.rotationBytes,
    maxBindingBytes: options.maxBindingBytes,
    layout: (chunk) => ({
      params: [m, chunk.rows, k / 32, chunk.rowStart, n, 0, 0, 0],
      workgroups: [Math.ceil(chunk.rows / variant.blockN), Math.ceil(m / variant.blockM)],
    }),
  });
}
