// Weight format int4 on the DP4A path (GEMV only; needs packed_4x8_integer_dot_product), the way
// llama.cpp multiplies Q4_0 weights by Q8 activations. The weights are exactly weights_int4.wgsl's:
// masking a word's low (or high) nibbles leaves four bytes 0…15 = q + 8, which dot4I8Packed
// multiplies with four int8 activations at once. The +8 comes out per group with the sum of the
// group's activations: Σ q·x = Σ (q + 8)·x − 8·Σ x, all exact in i32.
// xq = 12 words a group of 32 — 8 words of int8, the scale as f32 bits, Σ q as an i32, 2 pad —
// quantized on the GPU (shaders/x/quantize_x.wgsl) in a dispatch before the product, in the
// timed work. x bytes = 1.5·K read here (after quantize_x read 4K and wrote 1.5K). Defines xq and
// group_dot.

@group(0) @binding(1) var<storage, read> xq: array<u32>;

const NIBBLES: u32 = 0x0f0f0f0fu;

fn group_dot(row: u32, g: u32) -> f32 {
  let group = row * params.groups + g;
  let v = weights[group];
  let xb = 12u * g;
  let stored = dot4I8Packed(v.x & NIBBLES, xq[xb]) +
    dot4I8Packed((v.x >> 4u) & NIBBLES, xq[xb + 1u]) +
    dot4I8Packed(v.y & NIBBLES, xq[xb + 2u]) + dot4I8Packed((v.y >> 4u) & NIBBLES, xq[xb + 3u]) +
    dot4I8Packed(v.z & NIBBLES, xq[xb + 4u]) + dot4I8Packed((v.z >> 4u) & NIBBLES, xq[xb + 5u]) +
    dot4I8Packed(v.w & NIBBLES, xq[xb + 6u]) + dot4I8Packed((v.w >> 4u) & NIBBLES, xq[xb + 7u]);
  let sum = bitcast<i32>(xq[xb + 9u]);
  let weightScale = unpack2x16float(scales[group / 2u])[group % 2u];
  let activationScale = bitcast<f32>(xq[xb + 8u]);
  return f32(stored - 8 * sum) * weightScale * activationScale;
}
