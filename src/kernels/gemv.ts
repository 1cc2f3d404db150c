// GEMV y = W·x (decode), assembled from parts: directives, the weights code (how a group of 32
// weights meets x: dequantized in f32, in f16, or as int8 dot products), x's binding, the shared
// declarations (gemv_common.wgsl), then the entry points (gemv.wgsl, gemv_rows4.wgsl or
// gemv_subgroup.wgsl).

import gemvShader from '../../shaders/gemv.wgsl?raw';
import gemvCommon from '../../shaders/gemv_common.wgsl?raw';
import rows4Shader from '../../shaders/gemv_rows4.wgsl?raw';
import subgroupShader from '../../shaders/gemv_subgroup.wgsl?raw';
import xF32 from '../../shaders/gemv_x_f32.wgsl?raw';
import type { GpuContext } from '../gpu/device';
import { type MatrixFormat, matrixBytes, packedWords, packMatrix, weightAt } from './formats';
import { activations, type MatrixOptions, prepareMatrixProduct } from './matrix';
import type { KernelCase, KernelEnv, PreparedKernel } from './types';
import { WEIGHTS_TOLERANCE, type WeightsCode, weightsShader } from './weights';

export interface GemvVariant {
  name: string;
  entry: 'gemv_row' | 'gemv_rows4' | 'gemv_team' | 'gemv_subgroup' | 'gemv_subgroup_rows';
  workgroupSize: number;
  /**
   * Invocations per row (gemv_team; gemv_subgroup: the whole workgroup); gemv_subgroup_rows:
   * a subgroup per row, `workgroupSize / team` rows per workgroup; gemv_rows4: ¼ (an
   * invocation takes four rows).
   */
  team: number;
  /**
   * How weights meet x: portable f32 code; f16-native for fp16 weights where shader-f16 is
   * granted; dp4a for int8/int4 weights with int8 activations (packed_4x8_integer_dot_product).
   */
  weights: WeightsCode;
}

const ENTRIES: readonly Omit<GemvVariant, 'weights'>[] = [
  { name: 'row-wg64', entry: 'gemv_row', workgroupSize: 64, team: 1 },
  { name: 'rows4-wg64', entry: 'gemv_rows4', workgroupSize: 64, team: 1 / 4 },
  { name: 'team32-wg256', entry: 'gemv_team', workgroupSize: 256, team: 32 },
  { name: 'team8-wg64', entry: 'gemv_team', workgroupSize: 64, team: 8 },
  { name: 'subgroup-wg64', entry: 'gemv_subgroup', workgroupSize: 64, team: 64 },
  { name: 'subgroup-wg128', entry: 'gemv_subgroup', workgroupSize: 128, team: 128 },
  { name: 'sgrow16-wg64', entry: 'gemv_subgroup_rows', workgroupSize: 64, team: 4 },
];

/**
 * Every entry point with every weights code: e.g. row-wg64, row-wg64-f16, row-wg64-dp4a. gemv_rows4
 * walks f32 x eight weights at a time, so it has no DP4A form (whose x is int8).
 */
export const GEMV_VARIANTS: readonly GemvVariant[] = (
  [
    ['portable', ''],
    ['f16-native', '-f16'],
    ['dp4a', '-dp4a'],
  ] as const
).flatMap(([weights, suffix]) =>
  ENTRIES.filter((v) => weights !== 'dp4a' || v.entry !== 'gemv_rows4').map((v) => ({
    ...v,
    name: v.name + suffix,
    weights,
  })),
);

export interface GemvCapabilities {
  /** shader-f16 granted. */
  f16: boolean;
  /** The WGSL language feature packed_4x8_integer_dot_product is present. */
  dp4a: boolean;
  /** The subgroups feature is granted (subgroupAdd). */
  subgroups?: boolean;
  /** The WGSL language feature subgroup_id (subgroup_id and num_subgroups builtins). */
  subgroupId?: boolean;
}

/** What a device offers the GEMV variants. */
export const gemvCapabilities = (
  gpu: Pick<GpuContext, 'hasF16' | 'hasDp4a' | 'hasSubgroups' | 'hasSubgroupId'>,
): GemvCapabilities => ({
  f16: gpu.hasF16,
  dp4a: gpu.hasDp4a,
  subgroups: gpu.hasSubgroups,
  subgroupId: gpu.hasSubgroupId,
});

/** The variants that can run for `format` with these capabilities. */
export function gemvVariantsFor(format: MatrixFormat, caps: GemvCapabilities): GemvVariant[] {
  return GEMV_VARIANTS.filter((v) => {
    if (v.entry === 'gemv_subgroup' && caps.subgroups !== true) return false;
    if (v.entry === 'gemv_subgroup_rows' && !(caps.subgroups === true && caps.subgroupId === true))
      return false;
    if (v.weights === 'dp4a') return (format === 'int8' || format === 'int4') && caps.dp4a;
    return v.weights === 'portable' || (format === 'fp16' && caps.f16);
  });
}

/** Bytes of x as the kernel reads it: f32, or (DP4A) int8 with f16 scales (+ i32 sums for int4). */
export function gemvInputBytes(format: MatrixFormat, k: number, variant?: GemvVariant): number {
  if (variant?.weights !== 'dp4a') return 4 * k;
  return matrixBytes('int8', 1, k) + (format === 'int4' ? (4 * k) / 32 : 0);
}

export function gemvBytes(
  format: MatrixFormat,
  n: number,
  k: number,
  variant?: GemvVariant,
): number {
  return matrixBytes(format, n, k) + gemvInputBytes(format, k, variant) + 4 * n;
}

export function gemvCase(
  format: MatrixFormat,
  n: number,
  k: number,
  variant: GemvVariant,
  options: MatrixOptions,
): KernelCase {
  return {
    kernel: 'gemv',
    variant: variant.name,
    format,
    shape: { m: 1, n, k },
    bytes: gemvBytes(format, n, k, variant),
    flops: 2 * n * k,
    label: `gemv ${format} ${n}×${k} (${variant.name})`,
    prepare: (env) => prepareGemv(env, format, n, k, variant, options),
  };
}

/** A GEMV variant's WGSL: directives, weights code, x (unless DP4A), shared part, entries. */
function gemvCode(format: MatrixFormat, variant: GemvVariant): string {
  const subgroup = variant.entry === 'gemv_subgroup' || variant.entry === 'gemv_subgroup_rows';
  return [
    subgroup ? 'enable subgroups;' : '',
    weightsShader(format, variant.weights),
    variant.weights === 'dp4a' ? '' : xF32,
    gemvCommon,
    subgroup ? subgroupShader : variant.entry === 'gemv_rows4' ? rows4Shader : gemvShader,
  ].join('\n');
}

function prepareGemv(
  env: KernelEnv,
  format: MatrixFormat,
  n: number,
  k: number,
  variant: GemvVariant,
  options: MatrixOptions,
): Promise<PreparedKernel> {
  const rowsPerWorkgroup = variant.workgroupSize / variant.team;
  return prepareMatrixProduct(env, {
    label: `gemv-${format}-${variant.name}`,
    code: gemvCode(format, variant),
    tolerance: WEIGHTS_TOLERANCE[variant.weights],
    entryPoint: variant.entry,
    constants:
      variant.entry === 'gemv_subgroup_rows'
        ? { WG: variant.workgroupSize, ROWS: variant.workgroupSize / variant.team }
        : variant.entry === 'gemv_row' || variant.entry === 'gemv_team'
          ? { WG: variant.workgroupSize, TEAM: variant.team }
          : { WG: variant.workgroupSize },
    ...(variant.weights === 'dp4a' ? { input: int8Activations(k, format === 'int4') } : {}),
    format,
    m: 1,
    n,
    k,
    seed: options.seed ?? 0x6e3f,
    rotationBytes: options.rotationBytes,
    maxBindingBytes: options.maxBindingBytes,
    layout: (chunk) => ({
      params: [chunk.rows, k / 32, chunk.rowStart, 0],
      workgroups: [Math.ceil(chunk.rows / rowsPerWorkgroup), 1],
    }),
  });
}

/**
 * x in the int8 format for the DP4A path: int8 words, then the f16 group scales, then (for int4
 * weights, `withSums`) each group's sum of int8 activations as an i32. The reference uses exactly
 * the values the kernel sees (the quantized x), so only rounding in the final scaling separates
 * them.
 */
export function int8Activations(
  k: number,
  withSums = false,
): { words: Uint32Array; values: Float32Array } {
  const packed = packMatrix('int8', 1, k, activations(1, k));
  const groups = k / 32;
  const words = new Uint32Array(
    packed.weights.length + packed.scales.length + (withSums ? groups : 0),
  );
  words.set(packed.weights);
  words.set(packed.scales, packed.weights.length);
  if (withSums) {
    const bytes = new Int8Array(packed.weights.buffer, packed.weights.byteOffset, k);
    const sums = new Int32Array(words.buffer, 4 * (packed.weights.length + packed.scales.length));
    for (let g = 0; g < groups; g++) {
      let sum = 0;
      for (let c = 32 * g; c < 32 * (g + 1); c++) sum += bytes[c] ?? 0;
      sums[g] = sum;
    }
  }
  const view = packedWords(packed);
  return { words, values: Float32Array.from({ length: k }, (_, c) => weightAt(view, 0, c)) };
}
