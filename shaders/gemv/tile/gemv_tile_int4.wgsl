// gemv_tile's words for weight format int4 (eight 4-bit q + 8 per u32; byte b holds weight b low
// and b + 4 high; groups of 32 with an f16 scale): a 16-byte word is one group (WPG = 1), against
// eight vec4s of x (XV = 8).

const WPG: u32 = 1u;
const XV: u32 = 8u;

/** Weights 0…3 (hi = 0) or 4…7 (hi = 1) of word u, as q = stored − 8. */
fn tile_int4x4(u: u32, hi: u32) -> vec4<f32> {
  let shifts = vec4<u32>(0u, 8u, 16u, 24u) + vec4<u32>(4u * hi);
  return vec4<f32>((vec4<u32>(u) >> shifts) & vec4<u32>(15u)) - vec4<f32>(8.0);
}

fn tile_dot(row: u32, w: u32, xi: u32) -> f32 {
  let group = row * params.groups + w;
  let v = weights[group];
  let s = dot(tile_int4x4(v.x, 0u), vec4<f32>(xs[xi])) +
    dot(tile_int4x4(v.x, 1u), vec4<f32>(xs[xi + 1u])) +
    dot(tile_int4x4(v.y, 0u), vec4<f32>(xs[xi + 2u])) +
    dot(tile_int4x4(v.y, 1u), vec4<f32>(xs[xi + 3u])) +
    dot(tile_int4x4(v.z, 0u), vec4<f32>(xs[xi + 4u])) +
    dot(tile_int4x4(v.z, 1u), vec4<f32>(xs[xi + 5u])) +
    dot(tile_int4x4(v.w, 0u), vec4<f32>(xs[xi + 6u])) +
    dot(tile_int4x4(v.w, 1u), vec4<f32>(xs[xi + 7u]));
  return s * unpack2x16float(scales[group / 2u])[group % 2u];
}
