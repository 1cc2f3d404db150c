// Weight format int8 (8.5 bits/weight, like Q8_0): groups of 32 weights along K share one f16
// scale; four int8 per u32 (byte j holds k % 4 = j), w = q · scale; a group is two 16-byte words.
// scales: one f16 per (row, group), flat, two per u32 (even group in the low half).
// Defines group_dot and dequant_vec (see weights_f32.wgsl).

fn int8x4(u: u32) -> vec4<f32> {
  // Sign-extend each byte: shift it to the top, then arithmetic-shift back down.
  let s = bitcast<i32>(u);
  return vec4<f32>(vec4<i32>(s << 24u, s << 16u, s << 8u, s) >> vec4<u32>(24u));
}

fn group_scale(group: u32) -> f32 {
  return unpack2x16float(scales[group / 2u])[group % 2u];
}

fn dequant_vec(row: u32, g: u32, j: u32) -> vec4<f32> {
  let group = row * params.groups + g;
  return int8x4(weights[group * 2u + j / 4u][j % 4u]) * group_scale(group);
}

fn group_dot(row: u32, g: u32) -> f32 {
  let group = row * params.groups + g;
  let xb = 8u * g;
  let v0 = weights[group * 2u];
  let v1 = weights[group * 2u + 1u];
  let s = dot(int8x4(v0.x), x[xb]) + dot(int8x4(v0.y), x[xb + 1u]) +
    dot(int8x4(v0.z), x[xb + 2u]) + dot(int8x4(v0.w), x[xb + 3u]) +
    dot(int8x4(v1.x), x[xb + 4u]) + dot(int8x4(v1.y), x[xb + 5u]) +
    dot(int8x4(v1.z), x[xb + 6u]) + dot(int8x4(v1.w), x[xb + 7u]);
  return s * group_scale(group);
}

const GROUPED = true;

fn eight_dot(row: u32, s: u32, xa: vec4<f32>, xb: vec4<f32>) -> f32 {
  // A group's steps 0…3 are its words 0–1, 2–3, 4–5, 6–7: components 0–1 or 2–3 of a vec4.
  let i = row * params.groups * 2u + s / 2u;
  let c = 2u * (s & 1u);
  return dot(int8x4(weights[i][c]), xa) + dot(int8x4(weights[i][c + 1u]), xb);
}
