// gemv_tile's words for weight format int3 (groups of 32 in 12 bytes: u32 0–1 the low bit pairs
// of weights 0…15 and 16…31, u32 2 their high bits; q = stored − 4; an f16 scale per group),
// read as three u32 parts (shaders/gemv/parts/gemv_parts.wgsl, appended after this file): since
// q = lo + 4·hi − 4 splits over the bit planes, Σ q·x = Σ lo·x (u32 0 and 1, 16 weights each) +
// Σ (4·hi − 4)·x (u32 2, all 32), each times the group's scale.

const WPG: u32 = 1u;
const XV: u32 = 8u;

/** Four low bit pairs (bits 0…7 of u) as values 0…3. */
fn tile_int3_lo4(u: u32) -> vec4<f32> {
  return vec4<f32>((vec4<u32>(u) >> vec4<u32>(0u, 2u, 4u, 6u)) & vec4<u32>(3u));
}

/** Four high bits (bits 0…3 of u) as 4 · hi − 4. */
fn tile_int3_hi4(u: u32) -> vec4<f32> {
  let h = (vec4<u32>(u) >> vec4<u32>(0u, 1u, 2u, 3u)) & vec4<u32>(1u);
  return vec4<f32>(h) * 4.0 - vec4<f32>(4.0);
}

/** What u32 `part` (0, 1: low pairs; 2: high bits) of a group adds, x from xs[xi …]. */
fn tile_part(u: u32, part: u32, xi: u32) -> f32 {
  if (part == 2u) {
    return dot(tile_int3_hi4(u), vec4<f32>(xs[xi])) +
      dot(tile_int3_hi4(u >> 4u), vec4<f32>(xs[xi + 1u])) +
      dot(tile_int3_hi4(u >> 8u), vec4<f32>(xs[xi + 2u])) +
      dot(tile_int3_hi4(u >> 12u), vec4<f32>(xs[xi + 3u])) +
      dot(tile_int3_hi4(u >> 16u), vec4<f32>(xs[xi + 4u])) +
      dot(tile_int3_hi4(u >> 20u), vec4<f32>(xs[xi + 5u])) +
      dot(tile_int3_hi4(u >> 24u), vec4<f32>(xs[xi + 6u])) +
      dot(tile_int3_hi4(u >> 28u), vec4<f32>(xs[xi + 7u]));
  }
  let xl = xi + 4u * part;
  return dot(tile_int3_lo4(u), vec4<f32>(xs[xl])) +
    dot(tile_int3_lo4(u >> 8u), vec4<f32>(xs[xl + 1u])) +
    dot(tile_int3_lo4(u >> 16u), vec4<f32>(xs[xl + 2u])) +
    dot(tile_int3_lo4(u >> 24u), vec4<f32>(xs[xl + 3u]));
}
