// Weight format int4 (4.5 bits/weight, like Q4_0 / q4f16_1): groups of 32 weights along K share
// one f16 scale; eight 4-bit values per u32 (nibble j holds k % 8 = j), stored as q + 8,
// w = (stored − 8) · scale. One group is exactly one 16-byte word.
// scales: one f16 per (row, group), flat, two per u32 (even group in the low half).
// Defines group_dot and dequant_vec (see weights_f32.wgsl).

fn int4x4(u: u32) -> vec4<f32> {
  return vec4<f32>((vec4<u32>(u) >> vec4<u32>(0u, 4u, 8u, 12u)) & vec4<u32>(15u)) - vec4<f32>(8.0);
}

fn group_scale(group: u32) -> f32 {
  return unpack2x16float(scales[group / 2u])[group % 2u];
}

fn dequant_vec(row: u32, g: u32, j: u32) -> vec4<f32> {
  let group = row * params.groups + g;
  return int4x4(weights[group][j / 2u] >> (16u * (j & 1u))) * group_scale(group);
}

fn group_dot(row: u32, g: u32) -> f32 {
  let group = row * params.groups + g;
  let v = weights[group];
  let xb = 8u * g;
  let s = dot(int4x4(v.x), x[xb]) + dot(int4x4(v.x >> 16u), x[xb + 1u]) +
    dot(int4x4(v.y), x[xb + 2u]) + dot(int4x4(v.y >> 16u), x[xb + 3u]) +
    dot(int4x4(v.z), x[xb + 4u]) + dot(int4x4(v.z >> 16u), x[xb + 5u]) +
    dot(int4x4(v.w), x[xb + 6u]) + dot(int4x4(v.w >> 16u), x[xb + 7u]);
  return s * group_scale(group);
}
