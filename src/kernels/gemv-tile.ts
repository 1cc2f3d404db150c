// The GPU-class GEMV (shaders/gemv_tile.wgsl): lanes along K reading neighbouring 16-byte words,
// x staged once per workgroup for R rows, a tree or subgroup reduction. Its WGSL per format and
// weights code comes from shaders/gemv_tile_<format>[_f16].wgsl, found by name: a format without
// one simply has no tile variants. f16-native here means f16 x (2 bytes a value) and f16 products;
// dp4a, x quantized to int8 on the GPU (src/kernels/quantize-x.ts) and integer dot products.

import gemvCommon from '../../shaders/gemv_common.wgsl?raw';
import tileShader from '../../shaders/gemv_tile.wgsl?raw';
import tileSubgroupShader from '../../shaders/gemv_tile_sg.wgsl?raw';
import tileXDp4a from '../../shaders/gemv_tile_x_dp4a.wgsl?raw';
import tileXF16 from '../../shaders/gemv_tile_x_f16.wgsl?raw';
import tileXF32 from '../../shaders/gemv_tile_x_f32.wgsl?raw';
import xF32 from '../../shaders/gemv_x_f32.wgsl?raw';
import type { FormatId } from '../core/formats';
import { packedWords, packMatrix, weightReader } from './formats';
import { activations } from './matrix';
import { blockConstants, type WeightsCode } from './weights';

/** Every gemv_tile_*.wgsl, by file name. */
const SHADERS: Record<string, string> = Object.fromEntries(
  Object.entries(
    import.meta.glob<string>('../../shaders/gemv_tile_*.wgsl', {
      query: '?raw',
      import: 'default',
      eager: true,
    }),
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

/**
 * gemv_tile calls tile_stage(t, row0, lid) between the barriers of each step, after staging x:
 * a format's words file may define it to stage more in workgroup memory (int3 stages its scales);
 * this empty one stands in for the others.
 */
const NO_STAGE = 'fn tile_stage(t: u32, row0: u32, lid: u32) {}';

/**
 * The tile GEMV's WGSL: directives, x, shared declarations, the format's storage constants and
 * words, the entries.
 */
export function tileCode(format: FormatId, code: WeightsCode, subgroups: boolean): string {
  const words = SHADERS[tileShaderFile(format, code)];
  if (words === undefined) throw new RangeError(`no tile GEMV ${code} code for ${format}`);
  const f16 = code === 'f16-native';
  const x = { portable: `${xF32}\n${tileXF32}`, 'f16-native': tileXF16, dp4a: tileXDp4a };
  return [
    subgroups ? 'enable subgroups;' : '',
    f16 ? 'enable f16;' : '',
    x[code],
    gemvCommon,
    blockConstants(format),
    words,
    /\bfn tile_stage\(/.test(words) ? '' : NO_STAGE,
    tileShader,
    subgroups ? tileSubgroupShader : '',
  ].join('\n');
}

/** A tile variant's shape: invocations, rows per workgroup (R) and lanes along K (KL). */
export interface TileShape {
  workgroupSize: number;
  rows: number;
  lanes: number;
}

/** Override constants: WG, R, KL, and the rows each team of KL lanes takes (RPT). */
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
