// Weight format int8 on the DP4A path (GEMV only; needs the WGSL language feature
// packed_4x8_integer_dot_product). The weights are exactly weights_int8.wgsl's; x arrives as int8,
// quantized on the GPU (shaders/x/quantize_x.wgsl) in a dispatch before the product, in the
// timed work: xq = 12 words a group of 32 — 8 words of int8, the scale as f32 bits, the sum, 2 pad.
// A group is eight dot4I8Packed (exact in i32), scaled once: Σ_k q_w q_x · s_w · s_x.
// x bytes = 1.5·K read here (after quantize_x read 4K and wrote 1.5K). Defines xq,
// activation_scale and group_dot.

@group(0) @binding(1) var<storage, read> xq: array<u32>;

fn activation_scale(g: u32) -> f32 {
  return bitcast<f32>(xq[12u * g + 8u]);
}

fn group_dot(row: u32, g: u32) -> f32 {
  let group = row * params.groups + g;
  let w0 = weights[group * 2u];
  let w1 = weights[group * 2u + 1u];
  let xb = 12u * g;
  let s = dot4I8Packed(w0.x, xq[xb]) + dot4I8Packed(w0.y, xq[xb + 1u]) +
    dot4I8Packed(w0.z, xq[xb + 2u]) + dot4I8Packed(w0.w, xq[xb + 3u]) +
    dot4I8Packed(w1.x, xq[xb + 4u]) + dot4I8Packed(w1.y, xq[xb + 5u]) +
    dot4I8Packed(w1.z, xq[xb + 6u]) + dot4I8Packed(w1.w, xq[xb + 7u]);
  let weightScale = unpack2x16float(scales[group / 2u])[group % 2u];
  return f32(s) * weightScale * activation_scale(g);
}
