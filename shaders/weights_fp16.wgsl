// Weight format fp16 (16 bits/weight): two f16 per u32, the even k in the low half; unpacked
// with unpack2x16float so it runs on every adapter (no shader-f16 needed).
// dequant_group(row, g): the 32 weights k = 32g … 32g + 31 of `row` as eight vec4<f32>.

const GROUP_WORDS: u32 = 4u;

fn dequant_group(row: u32, g: u32) -> array<vec4<f32>, 8> {
  let base = (row * params.groups + g) * GROUP_WORDS;
  var w: array<vec4<f32>, 8>;
  for (var j = 0u; j < 4u; j++) {
    let v = weights[base + j];
    w[2u * j] = vec4<f32>(unpack2x16float(v.x), unpack2x16float(v.y));
    w[2u * j + 1u] = vec4<f32>(unpack2x16float(v.z), unpack2x16float(v.w));
  }
  return w;
}
