// gemv_tile's words for weight format int3 (groups of 32 in 12 bytes: u32 0–1 the low bit pairs
// of weights 0…15 and 16…31, u32 2 their high bits; q = stored − 4; an f16 scale per group): a
// tile word is one 12-byte group (WPG = 1), against eight vec4s of x (XV = 8). Lane l reads group
// t·KL + l as three u32 loads, so neighbouring lanes read neighbouring 12-byte groups: one
// instruction's 32 loads span 384 bytes, all three together exactly the 384 bytes they need.
// Rows start at row · row_words() u32 (blockConstants, from the registry entry).

const WPG: u32 = 1u;
const XV: u32 = 8u;

fn tile_int3_word(i: u32) -> u32 {
  return weights[i / 4u][i % 4u];
}

/** Four consecutive weights as q: low bit pairs in bits 0…7 of lo, high bits in bits 0…3 of hi. */
fn tile_int3x4(lo: u32, hi: u32) -> vec4<f32> {
  let l = (vec4<u32>(lo) >> vec4<u32>(0u, 2u, 4u, 6u)) & vec4<u32>(3u);
  let h = (vec4<u32>(hi) >> vec4<u32>(0u, 1u, 2u, 3u)) & vec4<u32>(1u);
  return vec4<f32>(l | (h << vec4<u32>(2u))) - vec4<f32>(4.0);
}

fn tile_dot(row: u32, w: u32, xi: u32) -> f32 {
  let b = row * row_words() + w * BLOCK_WORDS;
  let w0 = tile_int3_word(b);
  let w1 = tile_int3_word(b + 1u);
  let w2 = tile_int3_word(b + 2u);
  let s = dot(tile_int3x4(w0, w2), vec4<f32>(xs[xi])) +
    dot(tile_int3x4(w0 >> 8u, w2 >> 4u), vec4<f32>(xs[xi + 1u])) +
    dot(tile_int3x4(w0 >> 16u, w2 >> 8u), vec4<f32>(xs[xi + 2u])) +
    dot(tile_int3x4(w0 >> 24u, w2 >> 12u), vec4<f32>(xs[xi + 3u])) +
    dot(tile_int3x4(w1, w2 >> 16u), vec4<f32>(xs[xi + 4u])) +
    dot(tile_int3x4(w1 >> 8u, w2 >> 20u), vec4<f32>(xs[xi + 5u])) +
    dot(tile_int3x4(w1 >> 16u, w2 >> 24u), vec4<f32>(xs[xi + 6u])) +
    dot(tile_int3x4(w1 >> 24u, w2 >> 28u), vec4<f32>(xs[xi + 7u]));
  let group = row * params.groups + w;
  return s * unpack2x16float(scales[group / 2u])[group % 2u];
}
