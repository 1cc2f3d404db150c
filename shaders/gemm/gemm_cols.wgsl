// GEMM entry gemm_cols (appended to gemm.wgsl, which declares the bindings, store_row and outer;
// the variant prepends `const COLS_M: u32 = …; const COLS_WG: u32 = …;`): for few tokens
// (batched decode). A workgroup of COLS_WG invocations (16, or 64 to fill a 32- or 64-wide
// SIMD) covers COLS_M rows of Y — all of them when M ≤ COLS_M — and 8 · COLS_WG columns; each
// invocation a COLS_M×8 register tile. Each vec4 of W is dequantized once per workgroup, by
// the one invocation that owns its eight rows of W, and serves all COLS_M rows of X: at
// M ≤ COLS_M every weight is unpacked exactly once per product (the 32×32 tiles unpack it once
// per row of invocations, and at M = 8 compute 32 rows for 8). Eight columns per invocation
// make each load of X serve eight dot products instead of four.

@compute @workgroup_size(COLS_WG)
fn gemm_cols(@builtin(local_invocation_id) lid: vec3<u32>, @builtin(workgroup_id) wid: vec3<u32>) {
  let n0 = (wid.x * COLS_WG + lid.x) * 8u;
  let m0 = wid.y * COLS_M;
  // Clamped rows: out-of-range ones compute on the last row of W or X and store nothing.
  let last = params.rows - 1u;
  let r0 = min(n0, last);
  let r1 = min(n0 + 1u, last);
  let r2 = min(n0 + 2u, last);
  let r3 = min(n0 + 3u, last);
  let r4 = min(n0 + 4u, last);
  let r5 = min(n0 + 5u, last);
  let r6 = min(n0 + 6u, last);
  let r7 = min(n0 + 7u, last);
  let kv = params.groups * 8u;
  var xr: array<u32, COLS_M>;
  var lo: array<vec4<f32>, COLS_M>; // columns n0 … n0 + 3
  var hi: array<vec4<f32>, COLS_M>; // columns n0 + 4 … n0 + 7
  for (var i = 0u; i < COLS_M; i++) {
    xr[i] = min(m0 + i, params.m - 1u) * kv;
    lo[i] = vec4<f32>(0.0);
    hi[i] = vec4<f32>(0.0);
  }
  for (var g = 0u; g < params.groups; g++) {
    for (var j = 0u; j < 8u; j++) {
      let w0 = dequant_vec(r0, g, j);
      let w1 = dequant_vec(r1, g, j);
      let w2 = dequant_vec(r2, g, j);
      let w3 = dequant_vec(r3, g, j);
      let w4 = dequant_vec(r4, g, j);
      let w5 = dequant_vec(r5, g, j);
      let w6 = dequant_vec(r6, g, j);
      let w7 = dequant_vec(r7, g, j);
      let k = 8u * g + j;
      for (var i = 0u; i < COLS_M; i++) {
        let xv = x[xr[i] + k];
        lo[i] += outer(xv, w0, w1, w2, w3);
        hi[i] += outer(xv, w4, w5, w6, w7);
      }
    }
  }
  for (var i = 0u; i < COLS_M; i++) {
    store_row(m0 + i, n0, lo[i]);
    store_row(m0 + i, n0 + 4u, hi[i]);
  }
}
