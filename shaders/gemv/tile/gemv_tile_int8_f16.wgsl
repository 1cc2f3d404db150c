// gemv_tile's words for weight format int8 with f16 x and f16 arithmetic (shader-f16): a 16-byte
// word is 16 weights, half a group (WPG = 2), against four vec4<f16> of x (XV = 4); each 4-term
// dot in f16 (|q| ≤ 127, exact in f16), summed and scaled in f32.

const WPG: u32 = 2u;
const XV: u32 = 4u;

fn tile_int8x4(u: u32) -> vec4<f16> {
  let s = bitcast<i32>(u);
  return vec4<f16>(vec4<i32>(s << 24u, s << 16u, s << 8u, s) >> vec4<u32>(24u));
}

fn tile_dot(row: u32, w: u32, xi: u32) -> f32 {
  let v = weights[row * params.groups * 2u + w];
  let group = row * params.groups + w / 2u;
  let s = f32(dot(tile_int8x4(v.x), xs[xi])) + f32(dot(tile_int8x4(v.y), xs[xi + 1u])) +
    f32(dot(tile_int8x4(v.z), xs[xi + 2u])) + f32(dot(tile_int8x4(v.w), xs[xi + 3u]));
  return s * unpack2x16float(scales[group / 2u])[group % 2u];
}
