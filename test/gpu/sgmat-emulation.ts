// The subgroup-matrix GEMM with Chrome's subgroup-matrix builtins emulated in plain WGSL, so that
// an adapter without `chromium-experimental-subgroup-matrix` (SwiftShader, lavapipe) can run
// everything else in shaders/gemm/gemm_sgmat.wgsl against the CPU reference: the staging of X
// and the dequantized W, the tile offsets and strides, the accumulator grid, the write-out and
// its bounds. A left or right tile becomes its place in workgroup memory (offset, stride), read
// as the builtin's layout says — row-major: [r][c] at offset + r·stride + c; column-major: at
// offset + c·stride + r (Dawn's docs/dawn/features/subgroup_matrix.md, "Loading and storing") —
// when it is multiplied (the kernel overwrites neither before its next barrier); each invocation
// holds whole result tiles in function memory, a store writes one (every invocation of the
// subgroup the same values), and multiply-accumulate sums over K in the result type. Loop bounds
// read params._pad0 (always 0) so that no compiler unrolls them into thousands of instructions.
// What this cannot check is the builtins themselves: that awaits a GPU.

import type { GemmVariant } from '../../src/kernels/gemm';

/** Emulating functions, written against the constants and aliases the variant prepends. */
const EMULATION = `
fn emu_mma(l: vec2<u32>, r: vec2<u32>, acc: ptr<function, array<SgR, SGM_M * SGM_N>>) {
  for (var m = 0u; m < SGM_M + params._pad0; m++) {
    for (var n = 0u; n < SGM_N + params._pad0; n++) {
      var s = (*acc)[m * SGM_N + n];
      for (var k = 0u; k < SGM_K + params._pad0; k++) {
        // left row-major at l.x + m·l.y + k; right column-major at r.x + n·r.y + k.
        s += SgR(f32(sgm_x[l.x + m * l.y + k]) * f32(sgm_w[r.x + n * r.y + k]));
      }
      (*acc)[m * SGM_N + n] = s;
    }
  }
}

fn emu_store_row_major(off: u32, v: array<SgR, SGM_M * SGM_N>, stride: u32) {
  for (var r = 0u; r < SGM_M + params._pad0; r++) {
    for (var c = 0u; c < SGM_N + params._pad0; c++) {
      sgm_y[off + r * stride + c] = v[r * SGM_N + c];
    }
  }
}
`;

/** Each rewrite, and how many times it must apply (a shader edit that escapes one fails). */
const REWRITES: readonly [RegExp, string, number][] = [
  [/subgroup_matrix_result<SgR, SGM_N, SGM_M>/g, 'array<SgR, SGM_M * SGM_N>', 1],
  [/subgroup_matrix_left<SgT, SGM_K, SGM_M>(?=, SGM_TM>)/g, 'vec2<u32>', 1],
  [
    /subgroupMatrixLoad<subgroup_matrix_left<SgT, SGM_K, SGM_M>, row_major>\(\s*&sgm_x,/g,
    'vec2<u32>(',
    1,
  ],
  [
    /subgroupMatrixLoad<subgroup_matrix_right<SgT, SGM_N, SGM_K>, col_major>\(\s*&sgm_w,/g,
    'vec2<u32>(',
    1,
  ],
  [
    /(acc\[[^\]]+\]) = subgroupMatrixMultiplyAccumulate\(([^,]+), ([^,]+), acc\[[^\]]+\]\);/g,
    'emu_mma($2, $3, &$1);',
    1,
  ],
  [
    /subgroupMatrixStore<row_major>\(&sgm_y, ([^,]+), ([^,]+), SGM_N\)/g,
    'emu_store_row_major($1, $2, SGM_N)',
    1,
  ],
];

/** The variant with its builtins emulated: no subgroup-matrix directive or configuration. */
export function emulatedSgmat(variant: GemmVariant): GemmVariant {
  let shader = variant.shader;
  for (const [pattern, replacement, times] of REWRITES) {
    const found = shader.match(pattern)?.length ?? 0;
    if (found !== times) throw new Error(`${pattern} matched ${found} times, not ${times}`);
    shader = shader.replace(pattern, replacement);
  }
  const left = shader.replace(/\/\/.*$/gm, '').match(/subgroup_?[mM]atrix\w*/);
  if (left) throw new Error(`not emulated: ${left[0]}`);
  const directives = (variant.directives ?? '')
    .split('\n')
    .filter((line) => !/subgroup_matrix/.test(line))
    .join('\n');
  const { sgmat: _config, ...rest } = variant;
  return {
    ...rest,
    name: `${variant.name}-emulated`,
    shader: `${shader}\n${EMULATION}`,
    directives,
  };
}
