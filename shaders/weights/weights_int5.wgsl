// Weight format int5 (5.5 bits/weight, like llama.cpp Q5_0): groups of 32 weights along K share
// one f16 scale; symmetric, q in [−16, 15] stored as q + 16 in 5 bits, w = (stored − 16) · scale.
// A block of 32 is five u32 (20 bytes): u32 0–3 hold the low four bits as int4 does (byte b of
// u32 e: weight 8e + b in its low nibble, 8e + b + 4 in its high one), u32 4 the fifth bit of
// weight j at bit j. So one nibble mask of u32 e and bits 8e … 8e + 7 of u32 4 give weights
// 8e … 8e + 7. A row is row_words() u32 from row · row_words() (blockConstants, from the registry
// entry: 20-byte blocks, rows aligned to 4 bytes); blocks straddle the 16-byte words of `weights`,
// so it is read one u32 component at a time.
// scales: one f16 per (row, group), flat, two per u32 (even group in the low half).
// Defines group_dot and dequant_vec (see weights_f32.wgsl).

/** u32 word i of the weights buffer. */
fn int5_word(i: u32) -> u32 {
  return weights[i / 4u][i % 4u];
}

/** The first u32 of group g of a row. */
fn int5_block(row: u32, g: u32) -> u32 {
  return row * row_words() + g * BLOCK_WORDS;
}

/**
 * Four consecutive weights as q = stored − 16: their low four bits in the low (half = 0) or high
 * (half = 1) nibbles of the bytes of `u`, their fifth bits in bits 0…3 of `h`.
 */
fn int5x4(u: u32, half: u32, h: u32) -> vec4<f32> {
  let low = (vec4<u32>(u >> (4u * half)) >> vec4<u32>(0u, 8u, 16u, 24u)) & vec4<u32>(15u);
  let high = (vec4<u32>(h) >> vec4<u32>(0u, 1u, 2u, 3u)) & vec4<u32>(1u);
  return vec4<f32>(low | (high << vec4<u32>(4u))) - vec4<f32>(16.0);
}

fn group_scale(group: u32) -> f32 {
  return unpack2x16float(scales[group / 2u])[group % 2u];
}

fn dequant_vec(row: u32, g: u32, j: u32) -> vec4<f32> {
  // Weights 4j … 4j + 3: u32 j / 2, its low or high nibbles, fifth bits from bit 4j of u32 4.
  let b = int5_block(row, g);
  let h = int5_word(b + 4u) >> (4u * j);
  return int5x4(int5_word(b + j / 2u), j & 1u, h) * group_scale(row * params.groups + g);
}

fn group_dot(row: u32, g: u32) -> f32 {
  let b = int5_block(row, g);
  let h = int5_word(b + 4u);
  let xb = 8u * g;
  var s = 0.0;
  for (var e = 0u; e < 4u; e++) {
    let u = int5_word(b + e);
    let he = h >> (8u * e);
    s += dot(int5x4(u, 0u, he), x[xb + 2u * e]) + dot(int5x4(u, 1u, he >> 4u), x[xb + 2u * e + 1u]);
  }
  return s * group_scale(row * params.groups + g);
}

const GROUPED = true;

fn eight_dot(row: u32, s: u32, xa: vec4<f32>, xb: vec4<f32>) -> f32 {
  // Step s is weights 8e … 8e + 7 of group s / 4, e = s % 4: u32 e's nibbles, bits 8e… of u32 4.
  let b = int5_block(row, s / 4u);
  let e = s % 4u;
  let u = int5_word(b + e);
  let h = int5_word(b + 4u) >> (8u * e);
  return dot(int5x4(u, 0u, h), xa) + dot(int5x4(u, 1u, h >> 4u), xb);
}
