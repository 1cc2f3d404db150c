// Weight format int4 (4.5 bits/weight, like Q4_0 / q4f16_1): groups of 32 weights along K share
// one f16 scale; eight 4-bit values per u32, stored as q + 8, w = (stored − 8) · scale. Byte b
// of a u32 holds weight b in its low nibble and weight b + 4 in its high nibble, so one mask and
// one unpack4x8unorm give four consecutive weights. One group is exactly one 16-byte word.
// scales: one f16 per (row, group), flat, two per u32 (even group in the low half).
// Defines group_dot and dequant_vec (see weights_f32.wgsl).

const LOW_NIBBLES: u32 = 0x0f0f0f0fu;

/** Weights 0…3 (hi = 0) or 4…7 (hi = 1) of word u, as (stored − 8) / 255: scale by 255 · s. */
fn int4x4(u: u32, hi: u32) -> vec4<f32> {
  return unpack4x8unorm((u >> (4u * hi)) & LOW_NIBBLES) - vec4<f32>(8.0 / 255.0);
}

fn group_scale(group: u32) -> f32 {
  return 255.0 * unpack2x16float(scales[group / 2u])[group % 2u];
}

fn dequant_vec(row: u32, g: u32, j: u32) -> vec4<f32> {
  let group = row * params.groups + g;
  return int4x4(weights[group][j / 2u], j & 1u) * group_scale(group);
}

fn group_dot(row: u32, g: u32) -> f32 {
  let group = row * params.groups + g;
  let v = weights[group];
  let xb = 8u * g;
  let s = dot(int4x4(v.x, 0u), x[xb]) + dot(int4x4(v.x, 1u), x[xb + 1u]) +
    dot(int4x4(v.y, 0u), x[xb + 2u]) + dot(int4x4(v.y, 1u), x[xb + 3u]) +
    dot(int4x4(v.z, 0u), x[xb + 4u]) + dot(int4x4(v.z, 1u), x[xb + 5u]) +
    dot(int4x4(v.w, 0u), x[xb + 6u]) + dot(int4x4(v.w, 1u), x[xb + 7u]);
  return s * group_scale(group);
}

const GROUPED = true;

fn eight_dot(row: u32, s: u32, xa: vec4<f32>, xb: vec4<f32>) -> f32 {
  // Word s % 4 of the group's 16-byte word holds weights 8s … 8s + 7 (low nibbles, then high).
  let u = weights[row * params.groups + s / 4u][s % 4u];
  return dot(int4x4(u, 0u), xa) + dot(int4x4(u, 1u), xb);
}
