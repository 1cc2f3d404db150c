// gemv_tile's words for weight format int4 with f16 x and f16 arithmetic (shader-f16): a 16-byte
// word is one group (WPG = 1), against eight vec4<f16> of x (XV = 8); each 4-term dot in f16
// (q in −8…7, exact in f16), summed and scaled in f32.

const WPG: u32 = 1u;
const XV: u32 = 8u;

/** Weights 0…3 (hi = 0) or 4…7 (hi = 1) of word u, as q = stored − 8. */
fn tile_int4x4(u: u32, hi: u32) -> vec4<f16> {
  let shifts = vec4<u32>(0u, 8u, 16u, 24u) + vec4<u32>(4u * hi);
  return vec4<f16>((vec4<u32>(u) >> shifts) & vec4<u32>(15u)) - vec4<f16>(8.0h);
}

fn tile_dot(row: u32, w: u32, xi: u32) -> f32 {
  let group = row * params.groups + w;
  let v = weights[group];
  let s = f32(dot(tile_int4x4(v.x, 0u), xs[xi])) + f32(dot(tile_int4x4(v.x, 1u), xs[xi + 1u])) +
    f32(dot(tile_int4x4(v.y, 0u), xs[xi + 2u])) + f32(dot(tile_int4x4(v.y, 1u), xs[xi + 3u])) +
    f32(dot(tile_int4x4(v.z, 0u), xs[xi + 4u])) + f32(dot(tile_int4x4(v.z, 1u), xs[xi + 5u])) +
    f32(dot(tile_int4x4(v.w, 0u), xs[xi + 6u])) + f32(dot(tile_int4x4(v.w, 1u), xs[xi + 7u]));
  return s * unpack2x16float(scales[group / 2u])[group % 2u];
}
