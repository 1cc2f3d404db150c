// Weight format int3 (3.5 bits/weight): groups of 32 weights along K share one f16 scale;
// symmetric, q in [−3, 3] stored as q + 4 in 3 bits, w = (stored − 4) · scale. A block of 32 is
// three u32 (12 bytes), as two bit planes: u32 0 holds the low two bits of weights 0…15 (weight j
// at bits 2j), u32 1 those of weights 16…31, u32 2 the high bit of weight j at bit j. So byte c
// of u32 0–1 and bits 4c…4c + 3 of u32 2 give four consecutive weights. A row is
// row_words() u32 from row · row_words() (blockConstants, from the registry entry: 12-byte blocks,
// rows aligned to 4 bytes); blocks straddle the 16-byte words of `weights`, so it is read one
// u32 component at a time.
// scales: one f16 per (row, group), flat, two per u32 (even group in the low half).
// Defines group_dot and dequant_vec (see weights_f32.wgsl).

/** u32 word i of the weights buffer. */
fn int3_word(i: u32) -> u32 {
  return weights[i / 4u][i % 4u];
}

/**
 * Four consecutive weights as q = stored − 4: their low bit pairs in bits 0…7 of `lo`, their high
 * bits in bits 0…3 of `hi` (higher bits of either are ignored).
 */
fn int3x4(lo: u32, hi: u32) -> vec4<f32> {
  let l = (vec4<u32>(lo) >> vec4<u32>(0u, 2u, 4u, 6u)) & vec4<u32>(3u);
  let h = (vec4<u32>(hi) >> vec4<u32>(0u, 1u, 2u, 3u)) & vec4<u32>(1u);
  return vec4<f32>(l | (h << vec4<u32>(2u))) - vec4<f32>(4.0);
}

/** The first u32 of group g of a row. */
fn int3_block(row: u32, g: u32) -> u32 {
  return row * row_words() + g * BLOCK_WORDS;
}

fn group_scale(group: u32) -> f32 {
  return unpack2x16float(scales[group / 2u])[group % 2u];
}

fn dequant_vec(row: u32, g: u32, j: u32) -> vec4<f32> {
  let b = int3_block(row, g);
  let lo = int3_word(b + j / 4u) >> (8u * (j % 4u));
  return int3x4(lo, int3_word(b + 2u) >> (4u * j)) * group_scale(row * params.groups + g);
}

fn group_dot(row: u32, g: u32) -> f32 {
  let b = int3_block(row, g);
  let w0 = int3_word(b);
  let w1 = int3_word(b + 1u);
  let w2 = int3_word(b + 2u);
  let xb = 8u * g;
  let s = dot(int3x4(w0, w2), x[xb]) + dot(int3x4(w0 >> 8u, w2 >> 4u), x[xb + 1u]) +
    dot(int3x4(w0 >> 16u, w2 >> 8u), x[xb + 2u]) + dot(int3x4(w0 >> 24u, w2 >> 12u), x[xb + 3u]) +
    dot(int3x4(w1, w2 >> 16u), x[xb + 4u]) + dot(int3x4(w1 >> 8u, w2 >> 20u), x[xb + 5u]) +
    dot(int3x4(w1 >> 16u, w2 >> 24u), x[xb + 6u]) + dot(int3x4(w1 >> 24u, w2 >> 28u), x[xb + 7u]);
  return s * group_scale(row * params.groups + g);
}

const GROUPED = true;

fn eight_dot(row: u32, s: u32, xa: vec4<f32>, xb: vec4<f32>) -> f32 {
  // Step s is weights 8e … 8e + 7 of group s / 4, e = s % 4: low pairs in u32 e / 2 from bit
  // 16 · (e % 2), high bits in u32 2 from bit 8e.
  let b = int3_block(row, s / 4u);
  let e = s % 4u;
  let lo = int3_word(b + e / 2u) >> (16u * (e % 2u));
  let hi = int3_word(b + 2u) >> (8u * e);
  return dot(int3x4(lo, hi), xa) + dot(int3x4(lo >> 8u, hi >> 4u), xb);
}
