// gemv_tile's words for weight format int5 (groups of 32 in 20 bytes: u32 0–3 the low four bits
// of weights 8e … 8e + 7 as int4 keeps them, byte b's low nibble weight 8e + b and its high one
// 8e + b + 4; u32 4 the fifth bit of weight j at bit j; q = stored − 16; an f16 scale per group),
// read as five u32 parts (shaders/gemv/parts/gemv_parts.wgsl, appended after this file): since
// q = lo + 16·hi − 16, Σ q·x = Σ lo·x (u32 0–3, eight weights each) + Σ (16·hi − 16)·x (u32 4,
// all 32), each times the group's scale.

const WPG: u32 = 1u;
const XV: u32 = 8u;

/** Four low nibbles (bits 0–3 of each byte of u) as values 0…15. */
fn tile_int5_lo4(u: u32) -> vec4<f32> {
  return vec4<f32>((vec4<u32>(u) >> vec4<u32>(0u, 8u, 16u, 24u)) & vec4<u32>(15u));
}

/** Four fifth bits (bits 0…3 of h) as 16 · hi − 16. */
fn tile_int5_hi4(h: u32) -> vec4<f32> {
  let b = (vec4<u32>(h) >> vec4<u32>(0u, 1u, 2u, 3u)) & vec4<u32>(1u);
  return vec4<f32>(b) * 16.0 - vec4<f32>(16.0);
}

/** What u32 `part` of a group adds (0–3: the nibbles of weights 8·part …; 4: the fifth bits). */
fn tile_part(u: u32, part: u32, xi: u32) -> f32 {
  if (part == 4u) {
    return dot(tile_int5_hi4(u), vec4<f32>(xs[xi])) +
      dot(tile_int5_hi4(u >> 4u), vec4<f32>(xs[xi + 1u])) +
      dot(tile_int5_hi4(u >> 8u), vec4<f32>(xs[xi + 2u])) +
      dot(tile_int5_hi4(u >> 12u), vec4<f32>(xs[xi + 3u])) +
      dot(tile_int5_hi4(u >> 16u), vec4<f32>(xs[xi + 4u])) +
      dot(tile_int5_hi4(u >> 20u), vec4<f32>(xs[xi + 5u])) +
      dot(tile_int5_hi4(u >> 24u), vec4<f32>(xs[xi + 6u])) +
      dot(tile_int5_hi4(u >> 28u), vec4<f32>(xs[xi + 7u]));
  }
  let xl = xi + 2u * part;
  return dot(tile_int5_lo4(u), vec4<f32>(xs[xl])) + dot(tile_int5_lo4(u >> 4u), vec4<f32>(xs[xl + 1u]));
}
