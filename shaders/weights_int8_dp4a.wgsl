// Weight format int8 on the DP4A path (GEMV only; needs the WGSL language feature
// packed_4x8_integer_dot_product). The weights are exactly weights_int8.wgsl's; x arrives in the
// same int8 format, quantized on the CPU once per input vector, outside the timed kernel:
// xq = K/4 words of int8 activations, then ⌈K/64⌉ words of their f16 scales (two per word).
// A group is eight dot4I8Packed (exact in i32), scaled once: Σ_k q_w q_x · s_w · s_x.
// x bytes = K + 2·K/32. Defines xq, activation_scale and group_dot.

@group(0) @binding(1) var<storage, read> xq: array<u32>;

fn activation_scale(g: u32) -> f32 {
  return unpack2x16float(xq[params.groups * 8u + g / 2u])[g % 2u];
}

fn group_dot(row: u32, g: u32) -> f32 {
  let group = row * params.groups + g;
  let w0 = weights[group * 2u];
  let w1 = weights[group * 2u + 1u];
  let xb = 8u * g;
  let s = dot4I8Packed(w0.x, xq[xb]) + dot4I8Packed(w0.y, xq[xb + 1u]) +
    dot4I8Packed(w0.z, xq[xb + 2u]) + dot4I8Packed(w0.w, xq[xb + 3u]) +
    dot4I8Packed(w1.x, xq[xb + 4u]) + dot4I8Packed(w1.y, xq[xb + 5u]) +
    dot4I8Packed(w1.z, xq[xb + 6u]) + dot4I8Packed(w1.w, xq[xb + 7u]);
  let weightScale = unpack2x16float(scales[group / 2u])[group % 2u];
  return f32(s) * weightScale * activation_scale(g);
}
