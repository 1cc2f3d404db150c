// Weight format int4 (4.5 bits/weight, like Q4_0 / q4f16_1): groups of 32 weights along K share
// one f16 scale; eight 4-bit values per u32 (nibble j holds k % 8 = j), stored as q + 8,
// w = (stored − 8) · scale. One group is exactly one 16-byte word.
// scales: one f16 per (row, group), flat, two per u32 (even group in the low half).
// dequant_group(row, g): the 32 weights k = 32g … 32g + 31 of `row` as eight vec4<f32>.

const GROUP_WORDS: u32 = 1u;

fn int4x4(u: u32) -> vec4<f32> {
  return vec4<f32>((vec4<u32>(u) >> vec4<u32>(0u, 4u, 8u, 12u)) & vec4<u32>(15u)) - vec4<f32>(8.0);
}

fn dequant_group(row: u32, g: u32) -> array<vec4<f32>, 8> {
  let group = row * params.groups + g;
  let scale = unpack2x16float(scales[group / 2u])[group % 2u];
  let v = weights[group];
  var w: array<vec4<f32>, 8>;
  w[0] = int4x4(v.x) * scale;
  w[1] = int4x4(v.x >> 16u) * scale;
  w[2] = int4x4(v.y) * scale;
  w[3] = int4x4(v.y >> 16u) * scale;
  w[4] = int4x4(v.z) * scale;
  w[5] = int4x4(v.z >> 16u) * scale;
  w[6] = int4x4(v.w) * scale;
  w[7] = int4x4(v.w >> 16u) * scale;
  return w;
}
