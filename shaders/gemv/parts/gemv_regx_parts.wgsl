// The register form's regx_dot for a format read as u32 parts (see gemv_parts.wgsl): a lane's
// word is one whole group of 32, its BLOCK_WORDS u32 each adding its part, times the group's f16
// scale read from global memory.

fn regx_dot(row: u32, w: u32) -> f32 {
  let b = row * row_words() + w * BLOCK_WORDS;
  var s = 0.0;
  for (var k = 0u; k < BLOCK_WORDS; k++) {
    s += tile_part(weights[(b + k) / 4u][(b + k) % 4u], k, 0u);
  }
  let group = row * params.groups + w;
  return s * unpack2x16float(scales[group / 2u])[group % 2u];
}
