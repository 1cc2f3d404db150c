// gemv_regx's words for weight format int3 (after shaders/gemv/tile/gemv_tile_int3.wgsl, whose
// tile_int3_part it uses; that file's staged scales and tile_dot are not). A lane's "word" is one
// whole group of 32 (WPG = 1, XV = 8: its eight XV4s of x in xs): its three u32 (12 bytes; rows
// aligned to u32 only, so no 16-byte load), each adding its bit plane's part, times the group's f16
// scale read from global memory. Neighbouring lanes take neighbouring groups: each of the three
// load instructions spans 12 bytes a lane (3 sectors per useful byte for that instruction alone),
// and the three together read every byte of those sectors once.

fn regx_dot(row: u32, w: u32) -> f32 {
  let b = row * row_words() + w * BLOCK_WORDS;
  let s = tile_int3_part(weights[b / 4u][b % 4u], 0u, 0u) +
    tile_int3_part(weights[(b + 1u) / 4u][(b + 1u) % 4u], 1u, 0u) +
    tile_int3_part(weights[(b + 2u) / 4u][(b + 2u) % 4u], 2u, 0u);
  let group = row * params.groups + w;
  return s * unpack2x16float(scales[group / 2u])[group % 2u];
}
