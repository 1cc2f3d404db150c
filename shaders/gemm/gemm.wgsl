// GEMM Y = X·Wᵀ for prefill and batched decode: X is M×K f32 (M tokens), W is N×K in a weight
// format (shaders/weights/weights_<format>.wgsl is prepended and defines dequant_vec), Y is M×N
// f32, f32 accumulation. Large W runs as row chunks: params.rows rows of W, writing Y columns from
// params.rowOffset. Each workgroup (8×8 invocations) computes a 32×32 block of Y (gemm_reg8:
// 64×32); each invocation a 4×4 register tile (four vec4 accumulators, one per row of Y;
// gemm_reg8: 8×4). K advances one group of 32 at a time.
// bytes = W (exact, with scales) + 4·M·K (X) + 4·M·N (Y), each counted once: the compulsory
// traffic; flops = 2·M·N·K.
//
// Entry points (variants):
//   gemm_reg   loads straight from memory (caches serve the reuse); no barriers.
//   gemm_reg8  the same with eight rows of X per invocation: each dequantized W vec4 serves
//              twice as many products, for twice the accumulators.
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
@group(0) @binding(1) var<storage, read> x: array<vec4<f32>>;
@group(0) @binding(2) var<storage, read> weights: array<vec4<u32>>;
@group(0) @binding(3) var<storage, read> scales: array<u32>;
@group(0) @binding(4) var<storage, read_write> y: array<f32>;

var<workgroup> xs: array<vec4<f32>, 256>; // 32 rows of X × 8 vec4 (one group of K)
var<workgroup> ws: array<vec4<f32>, 256>; // 32 rows of W × 8 vec4

fn store_row(m: u32, n0: u32, v: vec4<f32>) {
  if (m >= params.m) {
    return;
  }
  let base = m * params.ldy + params.rowOffset;
  for (var j = 0u; j < 4u; j++) {
    if (n0 + j < params.rows) {
      y[base + n0 + j] = v[j];
    }
  }
}

/** One k-step of a 4×4 tile: rows x0…x3 of X against rows w0…w3 of W. */
fn outer(x: vec4<f32>, w0: vec4<f32>, w1: vec4<f32>, w2: vec4<f32>, w3: vec4<f32>) -> vec4<f32> {
  return vec4<f32>(dot(x, w0), dot(x, w1), dot(x, w2), dot(x, w3));
}

@compute @workgroup_size(8, 8)
fn gemm_reg(@builtin(local_invocation_id) lid: vec3<u32>, @builtin(workgroup_id) wid: vec3<u32>) {
  let n0 = (wid.x * 8u + lid.x) * 4u;
  let m0 = (wid.y * 8u + lid.y) * 4u;
  // Clamped rows: out-of-range invocations compute on the last row and store nothing.
  let r0 = min(n0, params.rows - 1u);
  let r1 = min(n0 + 1u, params.rows - 1u);
  let r2 = min(n0 + 2u, params.rows - 1u);
  let r3 = min(n0 + 3u, params.rows - 1u);
  let kv = params.groups * 8u;
  let x0 = min(m0, params.m - 1u) * kv;
  let x1 = min(m0 + 1u, params.m - 1u) * kv;
  let x2 = min(m0 + 2u, params.m - 1u) * kv;
  let x3 = min(m0 + 3u, params.m - 1u) * kv;
  var a0 = vec4<f32>(0.0);
  var a1 = vec4<f32>(0.0);
  var a2 = vec4<f32>(0.0);
  var a3 = vec4<f32>(0.0);
  for (var g = 0u; g < params.groups; g++) {
    for (var j = 0u; j < 8u; j++) {
      let w0 = dequant_vec(r0, g, j);
      let w1 = dequant_vec(r1, g, j);
      let w2 = dequant_vec(r2, g, j);
      let w3 = dequant_vec(r3, g, j);
      let k = 8u * g + j;
      a0 += outer(x[x0 + k], w0, w1, w2, w3);
      a1 += outer(x[x1 + k], w0, w1, w2, w3);
      a2 += outer(x[x2 + k], w0, w1, w2, w3);
      a3 += outer(x[x3 + k], w0, w1, w2, w3);
    }
  }
  store_row(m0, n0, a0);
  store_row(m0 + 1u, n0, a1);
  store_row(m0 + 2u, n0, a2);
  store_row(m0 + 3u, n0, a3);
}

@compute @workgroup_size(8, 8)
fn gemm_reg8(@builtin(local_invocation_id) lid: vec3<u32>, @builtin(workgroup_id) wid: vec3<u32>) {
  let n0 = (wid.x * 8u + lid.x) * 4u;
  let m0 = (wid.y * 8u + lid.y) * 8u;
  let r0 = min(n0, params.rows - 1u);
  let r1 = min(n0 + 1u, params.rows - 1u);
  let r2 = min(n0 + 2u, params.rows - 1u);
  let r3 = min(n0 + 3u, params.rows - 1u);
  let kv = params.groups * 8u;
  let x0 = min(m0 + 0u, params.m - 1u) * kv;
  let x1 = min(m0 + 1u, params.m - 1u) * kv;
  let x2 = min(m0 + 2u, params.m - 1u) * kv;
  let x3 = min(m0 + 3u, params.m - 1u) * kv;
  let x4 = min(m0 + 4u, params.m - 1u) * kv;
  let x5 = min(m0 + 5u, params.m - 1u) * kv;
  let x6 = min(m0 + 6u, params.m - 1u) * kv;
  let x7 = min(m0 + 7u, params.m - 1u) * kv;
  var a0 = vec4<f32>(0.0);
  var a1 = vec4<f32>(0.0);
  var a2 = vec4<f32>(0.0);
  var a3 = vec4<f32>(0.0);
  var a4 = vec4<f32>(0.0);
  var a5 = vec4<f32>(0.0);
  var a6 = vec4<f32>(0.0);
  var a7 = vec4<f32>(0.0);
  for (var g = 0u; g < params.groups; g++) {
    for (var j = 0u; j < 8u; j++) {
      let w0 = dequant_vec(r0, g, j);
      let w1 = dequant_vec(r1, g, j);
      let w2 = dequant_vec(r2, g, j);
      let w3 = dequant_vec(r3, g, j);
      let k = 8u * g + j;
      a0 += outer(x[x0 + k], w0, w1, w2, w3);
      a1 += outer(x[x1 + k], w0, w1, w2, w3);
      a2 += outer(x[x2 + k], w0, w1, w2, w3);
      a3 += outer(x[x3 + k], w0, w1, w2, w3);
      a4 += outer(x[x4 + k], w0, w1, w2, w3);
      a5 += outer(x[x5 + k], w0, w1, w2, w3);
      a6 += outer(x[x6 + k], w0, w1, w2, w3);
      a7 += outer(x[x7 + k], w0, w1, w2, w3);
    }
  }
  store_row(m0 + 0u, n0, a0);
  store_row(m0 + 1u, n0, a1);
  store_row(m0 + 2u, n0, a2);
  store_row(m0 + 3u, n0, a3);
  store_row(m0 + 4u, n0, a4);
  store_row(m0 + 5u, n0, a5);
  store_row(m0 + 6u, n0, a6);
  store_row(m0 + 7u, n0, a7);
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
  var a0 = vec4<f32>(0.0);
  var a1 = vec4<f32>(0.0);
  var a2 = vec4<f32>(0.0);
  var a3 = vec4<f32>(0.0);
  for (var g = 0u; g < params.groups; g++) {
    // X: 256 vec4, four per invocation.
    for (var t = 0u; t < 4u; t++) {
      let e = li * 4u + t;
      let m = min(blockM + e / 8u, params.m - 1u);
      xs[e] = x[m * kv + 8u * g + e % 8u];
    }
    // W: 32 rows × 8 vec4, four per invocation.
    for (var t = 0u; t < 4u; t++) {
      let e = li * 4u + t;
      ws[e] = dequant_vec(min(blockN + e / 8u, params.rows - 1u), g, e % 8u);
    }
    workgroupBarrier();
    for (var j = 0u; j < 8u; j++) {
      let w0 = ws[(lid.x * 4u) * 8u + j];
      let w1 = ws[(lid.x * 4u + 1u) * 8u + j];
      let w2 = ws[(lid.x * 4u + 2u) * 8u + j];
      let w3 = ws[(lid.x * 4u + 3u) * 8u + j];
      a0 += outer(xs[(lid.y * 4u) * 8u + j], w0, w1, w2, w3);
      a1 += outer(xs[(lid.y * 4u + 1u) * 8u + j], w0, w1, w2, w3);
      a2 += outer(xs[(lid.y * 4u + 2u) * 8u + j], w0, w1, w2, w3);
      a3 += outer(xs[(lid.y * 4u + 3u) * 8u + j], w0, w1, w2, w3);
    }
    workgroupBarrier();
  }
  let m0 = blockM + lid.y * 4u;
  let n0 = blockN + lid.x * 4u;
  store_row(m0, n0, a0);
  store_row(m0 + 1u, n0, a1);
  store_row(m0 + 2u, n0, a2);
  store_row(m0 + 3u, n0, a3);
}
