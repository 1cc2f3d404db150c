// gemv_tile's words for weight format int8 (four int8 per u32, groups of 32 with an f16 scale):
// a 16-byte word is 16 weights, half a group (WPG = 2), against four vec4s of x (XV = 4).

const WPG: u32 = 2u;
const XV: u32 = 4u;

fn tile_int8x4(u: u32) -> vec4<f32> {
  let s = bitcast<i32>(u);
  return vec4<f32>(vec4<i32>(s << 24u, s << 16u, s << 8u, s) >> vec4<u32>(24u));
}

fn tile_dot(row: u32, w: u32, xi: u32) -> f32 {
  let v = weights[row * params.groups * 2u + w];
  let group = row * params.groups + w / 2u;
  let s = dot(tile_int8x4(v.x), vec4<f32>(xs[xi])) + dot(tile_int8x4(v.y), vec4<f32>(xs[xi + 1u])) +
    dot(tile_int8x4(v.z), vec4<f32>(xs[xi + 2u])) + dot(tile_int8x4(v.w), vec4<f32>(xs[xi + 3u]));
  return s * unpack2x16float(scales[group / 2u])[group % 2u];
}
