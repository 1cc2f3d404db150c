// gemv_regx's words for weight format int5 (after shaders/gemv/tile/gemv_tile_int5.wgsl, whose
// tile_int5_part it uses; that file's staged scales and tile_dot are not). A lane's "word" is one
// whole group of 32 (WPG = 1, XV = 8: its eight XV4s of x in xs): its five u32 (20 bytes; rows
// aligned to u32 only, so no 16-byte load), each adding its part, times the group's f16 scale
// read from global memory. Neighbouring lanes take neighbouring groups: each of the five load
// instructions spans 20 bytes a lane, and the five together read every byte of those sectors once.

fn regx_dot(row: u32, w: u32) -> f32 {
  let b = row * row_words() + w * BLOCK_WORDS;
  var s = 0.0;
  for (var k = 0u; k < 5u; k++) {
    s += tile_int5_part(weights[(b + k) / 4u][(b + k) % 4u], k, 0u);
  }
  let group = row * params.groups + w;
  return s * unpack2x16float(scales[group / 2u])[group % 2u];
}
