// GEMV y = W·x for int8 weights with int8 activations (the DP4A path; needs the WGSL language
// feature packed_4x8_integer_dot_product). W is the int8 format of weights_int8.wgsl (groups of
// 32, four int8 per u32, one f16 scale per group). x arrives in the same int8 format (packed on
// the CPU once per input vector, outside the timed kernel). Each group is eight dot4I8Packed
// (exact in i32), then scaled once: y[n] = Σ_g (Σ_k q_w q_x) · s_w · s_x.
// xq: K/4 words of int8 activations, then K/64 words of their f16 scales (two per word).
// bytes = weights + scales (exact) + K + 2·K/32 (x) + 4N (y); flops = 2·N·K.

override WG: u32 = 64u;

struct Params {
  rows: u32,
  groups: u32,
  rowOffset: u32,
  _pad: u32,
}

@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<storage, read> xq: array<u32>;
@group(0) @binding(2) var<storage, read> weights: array<vec4<u32>>;
@group(0) @binding(3) var<storage, read> scales: array<u32>;
@group(0) @binding(4) var<storage, read_write> y: array<f32>;

fn group_dot_i8(row: u32, g: u32) -> f32 {
  let group = row * params.groups + g;
  let w0 = weights[group * 2u];
  let w1 = weights[group * 2u + 1u];
  let xb = 8u * g;
  let s = dot4I8Packed(w0.x, xq[xb]) + dot4I8Packed(w0.y, xq[xb + 1u]) +
    dot4I8Packed(w0.z, xq[xb + 2u]) + dot4I8Packed(w0.w, xq[xb + 3u]) +
    dot4I8Packed(w1.x, xq[xb + 4u]) + dot4I8Packed(w1.y, xq[xb + 5u]) +
    dot4I8Packed(w1.z, xq[xb + 6u]) + dot4I8Packed(w1.w, xq[xb + 7u]);
  let weightScale = unpack2x16float(scales[group / 2u])[group % 2u];
  let activationScale = unpack2x16float(xq[params.groups * 8u + g / 2u])[g % 2u];
  return f32(s) * weightScale * activationScale;
}

@compute @workgroup_size(WG)
fn gemv_dp4a(
  @builtin(local_invocation_index) lid: u32,
  @builtin(workgroup_id) wid: vec3<u32>,
  @builtin(num_workgroups) nwg: vec3<u32>,
) {
  let row = (wid.x + wid.y * nwg.x) * WG + lid;
  if (row >= params.rows) {
    return;
  }
  var acc = 0.0;
  for (var g = 0u; g < params.groups; g++) {
    acc += group_dot_i8(row, g);
  }
  y[params.rowOffset + row] = acc;
}
