// gemv_tile's words for weight format int8 on the DP4A path (packed_4x8_integer_dot_product): a
// 16-byte word is half a group (WPG = 2); xi is its group's first XV4 of x (XV = 0: the half is
// w % 2). Four dot4I8Packed, exact in i32, scaled by both scales.

const WPG: u32 = 2u;
const XV: u32 = 0u;

fn tile_dot(row: u32, w: u32, xi: u32) -> f32 {
  let v = weights[row * params.groups * 2u + w];
  let a = xs[xi + w % 2u];
  let group = row * params.groups + w / 2u;
  let s = dot4I8Packed(v.x, a.x) + dot4I8Packed(v.y, a.y) + dot4I8Packed(v.z, a.z) +
    dot4I8Packed(v.w, a.w);
  let weightScale = unpack2x16float(scales[group / 2u])[group % 2u];
  return f32(s) * weightScale * bitcast<f32>(xs[xi + 2u].x);
}
