// GEMM entry gemm_sgmat (appended to gemm.wgsl; the module opens with
// `enable chromium_experimental_subgroup_matrix;`): Chrome's experimental subgroup matrices, for
// adapters that grant `chromium-experimental-subgroup-matrix` with an f32 8×8×8 configuration
// (src/kernels/gemm.ts detects it; elsewhere the variant is refused with its reason, never run).
// A workgroup of 64 invocations computes one 8×8 block of Y: per 8 values of K it stages the
// 8×8 block of X and the dequantized 8×8 block of W (as W's rows, read as the right matrix
// column-major) in workgroup memory, and every subgroup multiplies-accumulates them; the result
// goes through workgroup memory to Y. Subgroups of any width divide 64; with more than one,
// each computes the same block (the stores write equal values). bytes and FLOPs as gemm.wgsl.

var<workgroup> xm: array<f32, 64>;
var<workgroup> wm: array<f32, 64>;
var<workgroup> ym: array<f32, 64>;

@compute @workgroup_size(64)
fn gemm_sgmat(@builtin(local_invocation_index) li: u32, @builtin(workgroup_id) wid: vec3<u32>) {
  let blockN = wid.x * 8u;
  let blockM = wid.y * 8u;
  let kv = params.groups * 8u;
  let row = li / 8u;
  let col = li % 8u;
  var acc = subgroup_matrix_result<f32, 8, 8>();
  for (var g = 0u; g < params.groups; g++) {
    for (var s = 0u; s < 4u; s++) {
      // K from 32g + 8s; invocation (row, col): X[blockM + row][k + col], W[blockN + row][k + col].
      let j = 2u * s + col / 4u;
      let m = min(blockM + row, params.m - 1u);
      xm[li] = x[m * kv + 8u * g + j][col % 4u];
      wm[li] = dequant_vec(min(blockN + row, params.rows - 1u), g, j)[col % 4u];
      workgroupBarrier();
      let left = subgroupMatrixLoad<subgroup_matrix_left<f32, 8, 8>>(&xm, 0u, false, 8u);
      let right = subgroupMatrixLoad<subgroup_matrix_right<f32, 8, 8>>(&wm, 0u, true, 8u);
      acc = subgroupMatrixMultiplyAccumulate(left, right, acc);
      workgroupBarrier();
    }
  }
  subgroupMatrixStore(&ym, 0u, acc, false, 8u);
  workgroupBarrier();
  let m = blockM + row;
  let n = blockN + col;
  if (m < params.m && n < params.rows) {
    y[m * params.ldy + params.rowOffset + n] = ym[li];
  }
}
