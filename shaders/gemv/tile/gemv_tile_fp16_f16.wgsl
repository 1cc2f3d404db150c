// gemv_tile's words for weight format fp16 with f16 x and f16 arithmetic (shader-f16): a 16-byte
// word is 8 weights (WPG = 4) unpacked and converted to f16 (a bitcast to f16 is
// not portable: docs/PORTABLE-WGSL.md), against two vec4<f16> of x (XV = 2); each
// 4-term dot in f16, the two added in f32.

const WPG: u32 = 4u;
const XV: u32 = 2u;

fn tile_dot(row: u32, w: u32, xi: u32) -> f32 {
  let v = weights[row * params.groups * 4u + w];
  let lo = vec4<f16>(vec4<f32>(unpack2x16float(v.x), unpack2x16float(v.y)));
  let hi = vec4<f16>(vec4<f32>(unpack2x16float(v.z), unpack2x16float(v.w)));
  return f32(dot(lo, xs[xi])) + f32(dot(hi, xs[xi + 1u]));
}
