// GEMM Y = X·Wᵀ for prefill and batched decode: X is M×K f32 (M tokens), W is N×K in a weight
// format (weights_<format>.wgsl is prepended and defines dequant_group), Y is M×N f32, f32
// accumulation. Large W runs as row chunks: params.rows rows of W, writing Y columns from
// params.rowOffset. Each workgroup (8×8 invocations) computes a 32×32 block of Y; each
// invocation a 4×4 register tile. K advances one group of 32 at a time.
// bytes = W (exact, with scales) + 4·M·K (X) + 4·M·N (Y), each counted once: the compulsory
// traffic; flops = 2·M·N·K.
//
// Entry points (variants):
//   gemm_reg   loads straight from memory (caches serve the reuse); no barriers.
//   gemm_tile  stages each 32×32 block of X and dequantized W in workgroup memory, two barriers
//              per group of K: W is dequantized once per workgroup instead of once per row of
//              invocations.

struct Params {
  m: u32,         // rows of X and Y
  rows: u32,      // rows of W in this chunk
  groups: u32,    // K / 32
  rowOffset: u32, // first Y column of this chunk
  ldy: u32,       // Y row stride (N)
  _pad0: u32,
  _pad1: u32,
  _pad2: u32,
}

@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<storage, read> xm: array<vec4<f32>>;
@group(0) @binding(2) var<storage, read> weights: array<vec4<u32>>;
@group(0) @binding(3) var<storage, read> scales: array<u32>;
@group(0) @binding(4) var<storage, read_write> ym: array<f32>;

var<workgroup> xs: array<vec4<f32>, 256>; // 32 rows of X × 8 vec4 (one group of K)
var<workgroup> ws: array<vec4<f32>, 256>; // 32 rows of W × 8 vec4

fn store_tile(m0: u32, n0: u32, acc: array<vec4<f32>, 4>) {
  for (var i = 0u; i < 4u; i++) {
    let m = m0 + i;
    if (m < params.m) {
      for (var j = 0u; j < 4u; j++) {
        let n = n0 + j;
        if (n < params.rows) {
          ym[m * params.ldy + params.rowOffset + n] = acc[i][j];
        }
      }
    }
  }
}

@compute @workgroup_size(8, 8)
fn gemm_reg(@builtin(local_invocation_id) lid: vec3<u32>, @builtin(workgroup_id) wid: vec3<u32>) {
  let n0 = (wid.x * 8u + lid.x) * 4u;
  let m0 = (wid.y * 8u + lid.y) * 4u;
  var acc: array<vec4<f32>, 4>;
  let kv = params.groups * 8u;
  for (var g = 0u; g < params.groups; g++) {
    for (var j = 0u; j < 4u; j++) {
      let w = dequant_group(min(n0 + j, params.rows - 1u), g);
      for (var i = 0u; i < 4u; i++) {
        let xb = min(m0 + i, params.m - 1u) * kv + 8u * g;
        acc[i][j] += dot(w[0], xm[xb]) + dot(w[1], xm[xb + 1u]) + dot(w[2], xm[xb + 2u]) +
          dot(w[3], xm[xb + 3u]) + dot(w[4], xm[xb + 4u]) + dot(w[5], xm[xb + 5u]) +
          dot(w[6], xm[xb + 6u]) + dot(w[7], xm[xb + 7u]);
      }
    }
  }
  store_tile(m0, n0, acc);
}

@compute @workgroup_size(8, 8)
fn gemm_tile(
  @builtin(local_invocation_id) lid: vec3<u32>,
  @builtin(local_invocation_index) li: u32,
  @builtin(workgroup_id) wid: vec3<u32>,
) {
  let blockN = wid.x * 32u;
  let blockM = wid.y * 32u;
  let kv = params.groups * 8u;
  var acc: array<vec4<f32>, 4>;
  for (var g = 0u; g < params.groups; g++) {
    // X: 256 vec4, four per invocation.
    for (var t = 0u; t < 4u; t++) {
      let e = li * 4u + t;
      let m = min(blockM + e / 8u, params.m - 1u);
      xs[e] = xm[m * kv + 8u * g + e % 8u];
    }
    // W: invocations 0…31 each dequantize one row's group.
    if (li < 32u) {
      let w = dequant_group(min(blockN + li, params.rows - 1u), g);
      for (var j = 0u; j < 8u; j++) {
        ws[li * 8u + j] = w[j];
      }
    }
    workgroupBarrier();
    for (var j = 0u; j < 8u; j++) {
      var wv: array<vec4<f32>, 4>;
      for (var c = 0u; c < 4u; c++) {
        wv[c] = ws[(lid.x * 4u + c) * 8u + j];
      }
      for (var r = 0u; r < 4u; r++) {
        let xv = xs[(lid.y * 4u + r) * 8u + j];
        acc[r] += vec4<f32>(dot(xv, wv[0]), dot(xv, wv[1]), dot(xv, wv[2]), dot(xv, wv[3]));
      }
    }
    workgroupBarrier();
  }
  store_tile(blockM + lid.y * 4u, blockN + lid.x * 4u, acc);
}
