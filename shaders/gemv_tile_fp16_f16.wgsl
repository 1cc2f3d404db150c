// gemv_tile's words for weight format fp16 with f16 x and f16 arithmetic (shader-f16): a 16-byte
// word is 8 weights (WPG = 4) read with a bitcast, against two vec4<f16> of x (XV = 2); each
// 4-term dot in f16, the two added in f32.

const WPG: u32 = 4u;
const XV: u32 = 2u;

fn tile_dot(row: u32, w: u32, xi: u32) -> f32 {
  let v = weights[row * params.groups * 4u + w];
  return f32(dot(bitcast<vec4<f16>>(v.xy), xs[xi])) +
    f32(dot(bitcast<vec4<f16>>(v.zw), xs[xi + 1u]));
}
