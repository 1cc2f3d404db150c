// The GPU-class GEMVs: lanes along K reading neighbouring 16-byte words, then a tree or subgroup
// reduction. The tile (shaders/gemv/tile/gemv_tile.wgsl) stages x once per workgroup for R rows,
// between two barriers a step; the register form (shaders/gemv/regx/gemv_regx.wgsl) has each lane
// load its own x into registers, with no barrier in the K loop. Their WGSL per format and weights
// code comes from shaders/gemv/tile/gemv_tile_<format>[_f16|_dp4a].wgsl (and, for the register
// form, an optional shaders/gemv/regx/gemv_regx_<format>[…].wgsl with its own regx_dot), found by
// name: a format without a tile file simply has neither. f16-native here means f16 x (2 bytes a
// value) and f16 products; dp4a, x quantized to int8 on the GPU (src/kernels/quantize-x.ts) and
// integer dot products.

import gemvCommon from '../../shaders/gemv/gemv_common.wgsl?raw';
import reduceSubgroupShader from '../../shaders/gemv/gemv_reduce_sg.wgsl?raw';
import reduceTreeShader from '../../shaders/gemv/gemv_reduce_tree.wgsl?raw';
import xF32 from '../../shaders/gemv/gemv_x_f32.wgsl?raw';
import partsTile from '../../shaders/gemv/parts/gemv_parts.wgsl?raw';
import partsRegx from '../../shaders/gemv/parts/gemv_regx_parts.wgsl?raw';
import regxShader from '../../shaders/gemv/regx/gemv_regx.wgsl?raw';
import regxSubgroupShader from '../../shaders/gemv/regx/gemv_regx_sg.wgsl?raw';
import tileShader from '../../shaders/gemv/tile/gemv_tile.wgsl?raw';
import tileSubgroupShader from '../../shaders/gemv/tile/gemv_tile_sg.wgsl?raw';
import tileXDp4a from '../../shaders/gemv/tile/x/gemv_tile_x_dp4a.wgsl?raw';
import tileXF16 from '../../shaders/gemv/tile/x/gemv_tile_x_f16.wgsl?raw';
import tileXF32 from '../../shaders/gemv/tile/x/gemv_tile_x_f32.wgsl?raw';
import type { FormatId } from '../core/formats';
import { packedWords, packMatrix, weightReader } from './formats';
import { activations } from './matrix';
import { blockConstants, type WeightsCode } from './weights';

/** Every gemv_tile_*.wgsl and gemv_regx_*.wgsl, by file name. */
const SHADERS: Record<string, string> = Object.fromEntries(
  Object.entries(
    import.meta.glob<string>(
      ['../../shaders/gemv/tile/gemv_tile_*.wgsl', '../../shaders/gemv/regx/gemv_regx_*.wgsl'],
      {
        query: '?raw',
        import: 'default',
        eager: true,
      },
    ),
  ).map(([path, code]) => [path.slice(path.lastIndexOf('/') + 1), code]),
);

const CODE_SUFFIX: Record<WeightsCode, string> = {
  portable: '',
  'f16-native': '_f16',
  dp4a: '_dp4a',
};

/** The file that holds `format`'s tile words for `code`, e.g. gemv_tile_int4_f16.wgsl. */
export const tileShaderFile = (format: FormatId, code: WeightsCode): string =>
  `gemv_tile_${format}${CODE_SUFFIX[code]}.wgsl`;

export const hasTileCode = (format: FormatId, code: WeightsCode): boolean =>
  SHADERS[tileShaderFile(format, code)] !== undefined;

/** The file that may hold the register form's own regx_dot, e.g. gemv_regx_int4.wgsl. */
export const regxShaderFile = (format: FormatId, code: WeightsCode): string =>
  `gemv_regx_${format}${CODE_SUFFIX[code]}.wgsl`;

/**
 * gemv_tile calls tile_stage(t, row0, lid) between the barriers of each step, after staging x:
 * a format's words may bring one that stages more in workgroup memory (a format read as u32
 * parts stages its scales); this empty one stands in for the others.
 */
const NO_STAGE = 'fn tile_stage(t: u32, row0: u32, lid: u32) {}';

/**
 * gemv_regx calls regx_dot(row, w) for word w of a row against the lane's x in xs (private):
 * a format's gemv_regx_<format>[…].wgsl may define it (int4: no int → float conversion), a format
 * read as u32 parts gets shaders/gemv/parts/gemv_regx_parts.wgsl's (a whole group a lane); this
 * one stands in for the others, the tile words at xs[0 …].
 */
const TILE_DOT = 'fn regx_dot(row: u32, w: u32) -> f32 {\n  return tile_dot(row, w, 0u);\n}';

/** Which GPU-class GEMV: the tile (x staged in workgroup memory) or the register form. */
export type TileForm = 'tile' | 'regx';

/**
 * The tile or register GEMV's WGSL: directives, x, shared declarations, the format's storage
 * constants and words, the reduction(s), the entries (with `subgroups`, the subgroup entry too).
 */
export function tileCode(
  format: FormatId,
  code: WeightsCode,
  subgroups: boolean,
  form: TileForm = 'tile',
): string {
  const words = SHADERS[tileShaderFile(format, code)];
  if (words === undefined) throw new RangeError(`no tile GEMV ${code} code for ${format}`);
  const f16 = code === 'f16-native';
  const x = { portable: `${xF32}\n${tileXF32}`, 'f16-native': tileXF16, dp4a: tileXDp4a };
  // A format whose groups are u32 parts (int3, int5) defines tile_part; the rest, tile_dot.
  const parts = /\bfn tile_part\(/.test(words);
  const own =
    form === 'tile'
      ? [parts ? partsTile : NO_STAGE, tileShader]
      : [parts ? partsRegx : (SHADERS[regxShaderFile(format, code)] ?? TILE_DOT), regxShader];
  return [
    subgroups ? 'enable subgroups;' : '',
    f16 ? 'enable f16;' : '',
    x[code],
    gemvCommon,
    blockConstants(format),
    words,
    ...own,
    reduceTreeShader,
    subgroups ? reduceSubgroupShader : '',
    subgroups ? (form === 'tile' ? tileSubgroupShader : regxSubgroupShader) : '',
  ].join('\n');
}

/** A tile variant's shape: invocations, rows per workgroup (R) and lanes along K (KL). */
export interface TileShape {
  workgroupSize: number;
  rows: number;
  lanes: number;
}

/** Override constants (both forms): WG, R, KL, and the rows each team of KL lanes takes (RPT). */
export function tileConstants(v: TileShape): Record<string, number> {
  const teams = v.workgroupSize / v.lanes;
  if (!Number.isInteger(teams) || v.rows % teams !== 0 || v.rows / teams > 8) {
    throw new RangeError(`a tile of ${v.rows} rows cannot be shared by ${teams} teams`);
  }
  return { WG: v.workgroupSize, R: v.rows, KL: v.lanes, RPT: v.rows / teams };
}

/** x in f16 (the tile's f16 form): the words it reads and the values the reference uses. */
export function f16Activations(k: number): { words: Uint32Array; values: Float32Array } {
  const packed = packMatrix('fp16', 1, k, activations(1, k));
  const read = weightReader(packedWords(packed));
  return {
    words: packed.weights,
    values: Float32Array.from({ length: k }, (_, c) => read(0, c)),
  };
}
