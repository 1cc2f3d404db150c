// Weight format int8 (8.5 bits/weight, like Q8_0): groups of 32 weights along K share one f16
// scale; four int8 per u32 (byte j holds k % 4 = j), w = q · scale.
// scales: one f16 per (row, group), flat, two per u32 (even group in the low half).
// dequant_group(row, g): the 32 weights k = 32g … 32g + 31 of `row` as eight vec4<f32>.

const GROUP_WORDS: u32 = 2u;

fn int8x4(u: u32) -> vec4<f32> {
  // Sign-extend each byte: shift it to the top, then arithmetic-shift back down.
  let s = bitcast<i32>(u);
  return vec4<f32>(vec4<i32>(s << 24u, s << 16u, s << 8u, s) >> vec4<u32>(24u));
}

fn dequant_group(row: u32, g: u32) -> array<vec4<f32>, 8> {
  let group = row * params.groups + g;
  let scale = unpack2x16float(scales[group / 2u])[group % 2u];
  let base = group * GROUP_WORDS;
  var w: array<vec4<f32>, 8>;
  for (var j = 0u; j < 2u; j++) {
    let v = weights[base + j];
    w[4u * j] = int8x4(v.x) * scale;
    w[4u * j + 1u] = int8x4(v.y) * scale;
    w[4u * j + 2u] = int8x4(v.z) * scale;
    w[4u * j + 3u] = int8x4(v.w) * scale;
  }
  return w;
}
