// gemv_regx's words for weight format int8 on the DP4A path (after
// shaders/gemv/tile/gemv_tile_int8_dp4a.wgsl): a 16-byte word is half a group (WPG = 2, XV = 0), so
// xs holds the group's three XV4s of quantized x (both halves, then scale and Σ q); the word's half
// is picked with a select, not an index, so that xs is only ever indexed by constants and stays in
// registers.

fn regx_dot(row: u32, w: u32) -> f32 {
  let v = weights[row * params.groups * 2u + w];
  let a = select(xs[0], xs[1], w % 2u == 1u);
  let group = row * params.groups + w / 2u;
  let s = dot4I8Packed(v.x, a.x) + dot4I8Packed(v.y, a.y) + dot4I8Packed(v.z, a.z) +
    dot4I8Packed(v.w, a.w);
  let weightScale = unpack2x16float(scales[group / 2u])[group % 2u];
  return f32(s) * weightScale * bitcast<f32>(xs[2].x);
}
