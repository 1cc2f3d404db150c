// gemv_tile's words for weight format fp16 (two f16 per u32, the even k low): a 16-byte word is
// 8 weights (WPG = 4), against two vec4s of x (XV = 2), unpacked with unpack2x16float (no
// shader-f16 needed).

const WPG: u32 = 4u;
const XV: u32 = 2u;

fn tile_dot(row: u32, w: u32, xi: u32) -> f32 {
  let v = weights[row * params.groups * 4u + w];
  return dot(vec4<f32>(unpack2x16float(v.x), unpack2x16float(v.y)), vec4<f32>(xs[xi])) +
    dot(vec4<f32>(unpack2x16float(v.z), unpack2x16float(v.w)), vec4<f32>(xs[xi + 1u]));
}
