// GEMV y = W·x (decode), assembled from parts: directives, the weights code (how a group of 32
// weights meets x: dequantized in f32, in f16, or as int8 dot products), x's binding, the shared
// declarations (gemv_common.wgsl), then the entry points (gemv.wgsl, gemv_rows4.wgsl,
// gemv_subgroup.wgsl or gemv_subgroup_rows.wgsl); the GPU-class tile and register forms are
// composed in gemv-tile.ts.

import gemvShader from '../../shaders/gemv/gemv.wgsl?raw';
import gemvCommon from '../../shaders/gemv/gemv_common.wgsl?raw';
import rows4Shader from '../../shaders/gemv/gemv_rows4.wgsl?raw';
import subgroupShader from '../../shaders/gemv/gemv_subgroup.wgsl?raw';
import subgroupRowsShader from '../../shaders/gemv/gemv_subgroup_rows.wgsl?raw';
import xF32 from '../../shaders/gemv/gemv_x_f32.wgsl?raw';
import type { FormatId } from '../core/formats';
import type { GpuContext } from '../gpu/device';
import { matrixBytes } from './formats';
import { f16Activations, hasTileCode, tileCode, tileConstants } from './gemv-tile';
import { type MatrixOptions, type MatrixProductSpec, prepareMatrixProduct } from './matrix';
import { quantizedXBytes, quantizeStage } from './quantize-x';
import type { TracedBuffer } from './trace/instrument';
import type { KernelBuild, KernelCase, KernelEnv, PreparedKernel } from './types';
import { hasWeightsCode, WEIGHTS_TOLERANCE, type WeightsCode, weightsShader } from './weights';

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

type Capability = keyof GemvCapabilities;

/** A variant's invocations: workgroup size, team and lanes along K (see GemvVariant). */
type Invocations = { workgroupSize: number; team: number; lanes?: number };

/** How a variant's x is declared, sized and filled, where its weights code does not say. */
type XMode = Pick<WeightsCodeRow, 'inputBytes' | 'xArray' | 'input'>;

/** What differs between the GEMV entry points: one row each. */
interface EntryPoint {
  /** The WGSL that defines it (after the weights code, x and gemv_common.wgsl). */
  shader: string;
  /** Directives the shader needs, first in the module. */
  directives: string;
  /** Device capabilities it needs (besides its weights code's). */
  requires: readonly Capability[];
  /** The weights codes it has a form for: gemv_rows4 walks f32 x, so it has no DP4A form. */
  codes: readonly WeightsCode[];
  /** Its override constants, from the variant's shape. */
  constants(v: Invocations): Record<string, number>;
  /** Its whole WGSL, where it is not assembled from the weights code (the tile GEMV). */
  code?(format: FormatId, weights: WeightsCode): string;
  /** Whether it has a form for this format and code (default: the format's weights codes). */
  has?(format: FormatId, weights: WeightsCode): boolean;
  /** x as it reads it under a weights code, where that differs from the code's own. */
  x?: Partial<Record<WeightsCode, XMode>>;
}

const ALL_CODES: readonly WeightsCode[] = ['portable', 'f16-native', 'dp4a'];
const wgTeam = (v: Invocations) => ({ WG: v.workgroupSize, TEAM: v.team });
const wg = (v: Invocations) => ({ WG: v.workgroupSize });
const tileShape = (v: Invocations) =>
  tileConstants({
    workgroupSize: v.workgroupSize,
    rows: v.workgroupSize / v.team,
    lanes: v.lanes ?? 32,
  });
/** DP4A: quantize_x reads the f32 x and writes int8 x, which the product reads. */
const dp4aInput = (_format: FormatId, k: number) => 4 * k + 2 * quantizedXBytes(k);
/** The tile GEMV's f16 form reads x in f16: 2 bytes a value, 8 to a traced element. */
const TILE_X: Partial<Record<WeightsCode, XMode>> = {
  'f16-native': {
    inputBytes: (_format, k) => 2 * k,
    xArray: { name: 'x', elementBytes: 8 },
    input: (_format, k) => f16Activations(k),
  },
  dp4a: { inputBytes: dp4aInput, xArray: { name: 'x', elementBytes: 16 } },
};

const ENTRY_POINTS = {
  gemv_row: {
    shader: gemvShader,
    directives: '',
    requires: [],
    codes: ALL_CODES,
    constants: wgTeam,
  },
  gemv_team: {
    shader: gemvShader,
    directives: '',
    requires: [],
    codes: ALL_CODES,
    constants: wgTeam,
  },
  gemv_rows4: {
    shader: rows4Shader,
    directives: '',
    requires: [],
    codes: ['portable', 'f16-native'],
    constants: wg,
  },
  gemv_subgroup: {
    shader: subgroupShader,
    directives: 'enable subgroups;',
    requires: ['subgroups'],
    codes: ALL_CODES,
    constants: wg,
  },
  gemv_subgroup_rows: {
    shader: subgroupRowsShader,
    directives: 'enable subgroups;',
    requires: ['subgroups', 'subgroupId'],
    codes: ALL_CODES,
    constants: (v) => ({ WG: v.workgroupSize, ROWS: v.workgroupSize / v.team }),
  },
  gemv_tile: {
    shader: '',
    directives: '',
    requires: [],
    codes: ALL_CODES,
    constants: tileShape,
    code: (format, weights) => tileCode(format, weights, false),
    has: hasTileCode,
    x: TILE_X,
  },
  gemv_tile_sg: {
    shader: '',
    directives: '',
    requires: ['subgroups', 'subgroupId'],
    codes: ALL_CODES,
    constants: tileShape,
    code: (format, weights) => tileCode(format, weights, true),
    has: hasTileCode,
    x: TILE_X,
  },
  // The tile's lanes with x in registers: no workgroup memory or barrier in the K loop.
  gemv_regx: {
    shader: '',
    directives: '',
    requires: [],
    codes: ALL_CODES,
    constants: tileShape,
    code: (format, weights) => tileCode(format, weights, false, 'regx'),
    has: hasTileCode,
    x: TILE_X,
  },
  gemv_regx_sg: {
    shader: '',
    directives: '',
    requires: ['subgroups', 'subgroupId'],
    codes: ALL_CODES,
    constants: tileShape,
    code: (format, weights) => tileCode(format, weights, true, 'regx'),
    has: hasTileCode,
    x: TILE_X,
  },
} satisfies Record<string, EntryPoint>;

const entryPoint = (name: keyof typeof ENTRY_POINTS): EntryPoint => ENTRY_POINTS[name];

export interface GemvVariant {
  name: string;
  entry: keyof typeof ENTRY_POINTS;
  workgroupSize: number;
  /** gemv_tile, gemv_regx: invocations along K in each team (default 32). */
  lanes?: number;
  /**
   * Invocations per row (gemv_team; gemv_subgroup: the whole workgroup); gemv_subgroup_rows:
   * a subgroup per row, `workgroupSize / team` rows per workgroup; gemv_rows4: ¼ (an
   * invocation takes four rows); gemv_tile, gemv_regx: workgroupSize / R. A workgroup covers
   * workgroupSize / team rows.
   */
  team: number;
  /**
   * How weights meet x: portable f32 code; f16-native for fp16 weights where shader-f16 is
   * granted; dp4a for int8/int4 weights with int8 activations (packed_4x8_integer_dot_product).
   */
  weights: WeightsCode;
}

/** The variants, one row each, before the weights code is chosen. */
const ROWS: readonly Omit<GemvVariant, 'weights'>[] = [
  { name: 'row-wg64', entry: 'gemv_row', workgroupSize: 64, team: 1 },
  { name: 'rows4-wg64', entry: 'gemv_rows4', workgroupSize: 64, team: 1 / 4 },
  { name: 'team32-wg256', entry: 'gemv_team', workgroupSize: 256, team: 32 },
  { name: 'team8-wg64', entry: 'gemv_team', workgroupSize: 64, team: 8 },
  { name: 'subgroup-wg64', entry: 'gemv_subgroup', workgroupSize: 64, team: 64 },
  { name: 'subgroup-wg128', entry: 'gemv_subgroup', workgroupSize: 128, team: 128 },
  { name: 'sgrow16-wg64', entry: 'gemv_subgroup_rows', workgroupSize: 64, team: 4 },
  // GPU-class: R rows a workgroup, lanes along K (team = workgroupSize / R).
  { name: 'tile-r4-wg128', entry: 'gemv_tile', workgroupSize: 128, team: 32 },
  { name: 'tile-r8-wg128', entry: 'gemv_tile', workgroupSize: 128, team: 16 },
  { name: 'tile-r8-wg256', entry: 'gemv_tile', workgroupSize: 256, team: 32 },
  { name: 'tile-r4-wg256', entry: 'gemv_tile', workgroupSize: 256, team: 64, lanes: 64 },
  { name: 'tilesg-r4-wg128', entry: 'gemv_tile_sg', workgroupSize: 128, team: 32 },
  { name: 'tilesg-r8-wg256', entry: 'gemv_tile_sg', workgroupSize: 256, team: 32 },
  // GPU-class, x in registers (the tile's lanes; team = workgroupSize / R): 32 lanes along K,
  // RPT = 2 or 4 rows a lane sharing its x; the Quick plan tries the first of each entry.
  { name: 'regx-r8-wg128', entry: 'gemv_regx', workgroupSize: 128, team: 16 },
  { name: 'regx-r16-wg128', entry: 'gemv_regx', workgroupSize: 128, team: 8 },
  { name: 'regxsg-r8-wg128', entry: 'gemv_regx_sg', workgroupSize: 128, team: 16 },
  { name: 'regxsg-r16-wg128', entry: 'gemv_regx_sg', workgroupSize: 128, team: 8 },
];

/** What differs between the weights codes: one row each. */
interface WeightsCodeRow {
  /** Appended to the variant's name: row-wg64, row-wg64-f16, row-wg64-dp4a. */
  suffix: string;
  /** The device capability it needs, if any. */
  requires: readonly Capability[];
  /** x's declaration: the shared f32 one, or none where the weights code declares its own. */
  x: string;
  /** Bytes of x as the kernel reads it. */
  inputBytes(format: FormatId, k: number): number;
  /** x's WGSL variable and the bytes of one element of its array (for the address trace). */
  xArray: { name: string; elementBytes: number };
  /** x as the kernel reads it, and the values the reference uses (default: f32 activations). */
  input?(format: FormatId, k: number): { words: Uint32Array; values: Float32Array };
  /** A dispatch before each product that turns the f32 x into what it reads (DP4A: int8). */
  stage?: MatrixProductSpec['stage'];
}

const f32Input = (_format: FormatId, k: number) => 4 * k;
const X_F32 = { name: 'x', elementBytes: 16 };

const WEIGHTS_CODES: Record<WeightsCode, WeightsCodeRow> = {
  portable: { suffix: '', requires: [], x: xF32, inputBytes: f32Input, xArray: X_F32 },
  'f16-native': { suffix: '-f16', requires: ['f16'], x: xF32, inputBytes: f32Input, xArray: X_F32 },
  dp4a: {
    suffix: '-dp4a',
    requires: ['dp4a'],
    x: '',
    xArray: { name: 'xq', elementBytes: 4 },
    inputBytes: dp4aInput,
    stage: (env, x, values) => quantizeStage(env, 'gemv', x, values),
  },
};

/** Every row with every weights code its entry point has: e.g. row-wg64, row-wg64-f16, row-wg64-dp4a. */
export const GEMV_VARIANTS: readonly GemvVariant[] = ALL_CODES.flatMap((weights) =>
  ROWS.filter((v) => entryPoint(v.entry).codes.includes(weights)).map((v) => ({
    ...v,
    name: v.name + WEIGHTS_CODES[weights].suffix,
    weights,
  })),
);

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
export function gemvVariantsFor(format: FormatId, caps: GemvCapabilities): GemvVariant[] {
  const granted = (c: Capability) => caps[c] === true;
  return GEMV_VARIANTS.filter(
    (v) =>
      entryPoint(v.entry).requires.every(granted) &&
      WEIGHTS_CODES[v.weights].requires.every(granted) &&
      (entryPoint(v.entry).has ?? hasWeightsCode)(format, v.weights),
  );
}

/** Bytes of x as the kernel reads it: f32, or (DP4A) int8 with f16 scales (+ i32 sums for int4). */
export function gemvInputBytes(format: FormatId, k: number, variant?: GemvVariant): number {
  return xMode(variant).inputBytes(format, k);
}

/**
 * What `variant` reads as x, which a caller holding f32 activations must produce first: the f32
 * values themselves, their f16 halves (the tile GEMV's f16 form), or int8 groups quantized by
 * shaders/x/quantize_x.wgsl (every DP4A form).
 */
export function gemvXForm(variant: GemvVariant): 'f32' | 'f16' | 'int8' {
  if (variant.weights === 'dp4a') return 'int8';
  return entryPoint(variant.entry).x?.[variant.weights] === undefined ? 'f32' : 'f16';
}

/** How `variant` reads x: its entry point's own mode for its weights code, or the code's. */
function xMode(variant?: GemvVariant): XMode {
  const weights = variant?.weights ?? 'portable';
  return (variant && entryPoint(variant.entry).x?.[weights]) ?? WEIGHTS_CODES[weights];
}

export function gemvBytes(format: FormatId, n: number, k: number, variant?: GemvVariant): number {
  return matrixBytes(format, n, k) + gemvInputBytes(format, k, variant) + 4 * n;
}

export function gemvCase(
  format: FormatId,
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
function gemvCode(format: FormatId, variant: GemvVariant): string {
  const entry = entryPoint(variant.entry);
  if (entry.code) return entry.code(format, variant.weights);
  return [
    entry.directives,
    weightsShader(format, variant.weights),
    WEIGHTS_CODES[variant.weights].x,
    gemvCommon,
    entry.shader,
  ].join('\n');
}

/**
 * A variant as another kernel runs it on its own buffers (the decode model): its WGSL, entry
 * point, override constants and the workgroup grid for a chunk of `rows` rows. Bindings and
 * uniform words are those of gemv_common.wgsl: [rows, K / 32, rowOffset, 0].
 */
export function gemvPipelineSpec(format: FormatId, variant: GemvVariant) {
  const rowsPerWorkgroup = variant.workgroupSize / variant.team;
  return {
    code: gemvCode(format, variant),
    entryPoint: variant.entry,
    constants: entryPoint(variant.entry).constants(variant),
    workgroups: (rows: number): [number, number] => [Math.ceil(rows / rowsPerWorkgroup), 1],
  };
}

/** Output rows one workgroup of `variant` covers. */
export const gemvRowsPerWorkgroup = (variant: GemvVariant): number =>
  variant.workgroupSize / variant.team;

/** The buffers a GEMV loads from, as the address trace names them: weights 0, scales 1, x 2. */
export function gemvTracedBuffers(variant: GemvVariant): TracedBuffer[] {
  const x = xMode(variant).xArray;
  return [
    { name: 'weights', id: 0, elementBytes: 16, componentBytes: 4 },
    { name: 'scales', id: 1, elementBytes: 4 },
    { name: x.name, id: 2, elementBytes: x.elementBytes },
  ];
}

export function prepareGemv(
  env: KernelEnv,
  format: FormatId,
  n: number,
  k: number,
  variant: GemvVariant,
  options: MatrixOptions,
  build?: KernelBuild,
): Promise<PreparedKernel> {
  const rowsPerWorkgroup = gemvRowsPerWorkgroup(variant);
  const { input } = xMode(variant);
  const { stage } = WEIGHTS_CODES[variant.weights];
  const code = gemvCode(format, variant);
  return prepareMatrixProduct(env, {
    label: `gemv-${format}-${variant.name}${build ? '-traced' : ''}`,
    code: build ? build.code(code, variant.entry) : code,
    ...(build ? { group1: build.group1 } : {}),
    ...(stage ? { stage } : {}),
    tolerance: WEIGHTS_TOLERANCE[variant.weights],
    entryPoint: variant.entry,
    constants: entryPoint(variant.entry).constants(variant),
    ...(input === undefined ? {} : { input: input(format, k) }),
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
