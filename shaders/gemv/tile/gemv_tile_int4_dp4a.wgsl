// gemv_tile's words for weight format int4 on the DP4A path (packed_4x8_integer_dot_product): a
// 16-byte word is one group (WPG = 1) against its three XV4s of quantized x (XV = 3). Masked
// nibbles are q + 8 (0…15); the +8 comes out with the group's Σ q: Σ q_w·q_x = Σ (q_w + 8)·q_x −
// 8·Σ q_x, exact in i32.

const WPG: u32 = 1u;
const XV: u32 = 3u;
const NIBBLES: u32 = 0x0f0f0f0fu;

fn tile_dot(row: u32, w: u32, xi: u32) -> f32 {
  let group = row * params.groups + w;
  let v = weights[group];
  let a = xs[xi];
  let b = xs[xi + 1u];
  let groupTail = xs[xi + 2u];
  let stored = dot4I8Packed(v.x & NIBBLES, a.x) + dot4I8Packed((v.x >> 4u) & NIBBLES, a.y) +
    dot4I8Packed(v.y & NIBBLES, a.z) + dot4I8Packed((v.y >> 4u) & NIBBLES, a.w) +
    dot4I8Packed(v.z & NIBBLES, b.x) + dot4I8Packed((v.z >> 4u) & NIBBLES, b.y) +
    dot4I8Packed(v.w & NIBBLES, b.z) + dot4I8Packed((v.w >> 4u) & NIBBLES, b.w);
  let weightScale = unpack2x16float(scales[group / 2u])[group % 2u];
  return f32(stored - 8i * bitcast<i32>(groupTail.y)) * weightScale * bitcast<f32>(groupTail.x);
}
