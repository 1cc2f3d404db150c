// Weight format f32 (32 bits/weight): one f32 per weight, row-major, K contiguous.
// Defines GROUP_WORDS (16-byte words per group of 32 weights) and dequant_group(row, g): the 32
// weights k = 32g … 32g + 31 of `row`, as eight vec4<f32>. Used by gemv.wgsl and gemm.wgsl,
// which declare `weights` (array<vec4<u32>>), `scales` (array<u32>) and `params.groups`.

const GROUP_WORDS: u32 = 8u;

fn dequant_group(row: u32, g: u32) -> array<vec4<f32>, 8> {
  let base = (row * params.groups + g) * GROUP_WORDS;
  var w: array<vec4<f32>, 8>;
  for (var j = 0u; j < 8u; j++) {
    w[j] = bitcast<vec4<f32>>(weights[base + j]);
  }
  return w;
}
