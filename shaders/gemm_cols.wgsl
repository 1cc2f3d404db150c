// GEMM entry gemm_cols (appended to gemm.wgsl, which declares the bindings and store_row; the
// variant prepends `const COLS_M: u32 = …;`): for few tokens (batched decode). A workgroup of 16
// invocations covers COLS_M rows of Y — all of them when M ≤ COLS_M — and 64 columns; each
// invocation a COLS_M×4 register tile. Each vec4 of W is dequantized once per workgroup, by the
// one invocation that owns its four rows of W, and serves all COLS_M rows of X from registers:
// at M ≤ COLS_M every weight is unpacked exactly once per product (the 32×32 tiles unpack it once
// per row of invocations, and at M = 8 compute 32 rows for 8).

@compute @workgroup_size(16)
fn gemm_cols(@builtin(local_invocation_id) lid: vec3<u32>, @builtin(workgroup_id) wid: vec3<u32>) {
  let n0 = (wid.x * 16u + lid.x) * 4u;
  let m0 = wid.y * COLS_M;
  let r0 = min(n0, params.rows - 1u);
  let r1 = min(n0 + 1u, params.rows - 1u);
  let r2 = min(n0 + 2u, params.rows - 1u);
  let r3 = min(n0 + 3u, params.rows - 1u);
  let kv = params.groups * 8u;
  // Clamped rows of X: rows past M compute on the last row and store nothing.
  var xr: array<u32, COLS_M>;
  var acc: array<vec4<f32>, COLS_M>;
  for (var i = 0u; i < COLS_M; i++) {
    xr[i] = min(m0 + i, params.m - 1u) * kv;
    acc[i] = vec4<f32>(0.0);
  }
  for (var g = 0u; g < params.groups; g++) {
    for (var j = 0u; j < 8u; j++) {
      let w0 = dequant_vec(r0, g, j);
      let w1 = dequant_vec(r1, g, j);
      let w2 = dequant_vec(r2, g, j);
      let w3 = dequant_vec(r3, g, j);
      let k = 8u * g + j;
      for (var i = 0u; i < COLS_M; i++) {
        acc[i] += outer(x[xr[i] + k], w0, w1, w2, w3);
      }
    }
  }
  for (var i = 0u; i < COLS_M; i++) {
    store_row(m0 + i, n0, acc[i]);
  }
}
