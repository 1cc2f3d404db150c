// Weight format f32 (32 bits/weight): one f32 per weight, row-major, K contiguous; a group of 32
// weights is eight 16-byte words.
// Every weights_<format>.wgsl defines, for shaders/gemv/gemv.wgsl and shaders/gemm/gemm.wgsl
// (which declare `weights` (array<vec4<u32>>), `scales` (array<u32>), `x` (array<vec4<f32>>) and
// `params.groups`):
//   group_dot(row, g)      Σ over k = 32g … 32g + 31 of W[row, k] · x[k]   (GEMV)
//   dequant_vec(row, g, j) W[row, 32g + 4j … 32g + 4j + 3] as a vec4<f32>   (GEMM)
//   eight_dot(row, s, xa, xb)  Σ over k = 8s … 8s + 7 of W[row, k] · x[k] before the group's
//                          scale, with x[8s … 8s + 7] passed in as xa, xb (GEMV gemv_rows4,
//                          which loads x once for several rows)
//   GROUPED, group_scale(row · groups + g)  whether groups of 32 carry a scale, and that scale
//                          (1 for the formats without one)
// (The DP4A codes, weights_*_dp4a.wgsl, define group_dot only.) All are written without local
// arrays: software adapters keep those in memory, not registers. Before each file come its
// registry entry's storage constants (BLOCK_WORDS, BLOCK_WEIGHTS, ROW_ALIGN_WORDS, row_words();
// blockConstants in src/kernels/weights.ts) for a decoder whose rows are not whole vec4s.

fn dequant_vec(row: u32, g: u32, j: u32) -> vec4<f32> {
  return bitcast<vec4<f32>>(weights[(row * params.groups + g) * 8u + j]);
}

fn group_dot(row: u32, g: u32) -> f32 {
  let b = (row * params.groups + g) * 8u;
  let xb = 8u * g;
  return dot(bitcast<vec4<f32>>(weights[b]), x[xb]) +
    dot(bitcast<vec4<f32>>(weights[b + 1u]), x[xb + 1u]) +
    dot(bitcast<vec4<f32>>(weights[b + 2u]), x[xb + 2u]) +
    dot(bitcast<vec4<f32>>(weights[b + 3u]), x[xb + 3u]) +
    dot(bitcast<vec4<f32>>(weights[b + 4u]), x[xb + 4u]) +
    dot(bitcast<vec4<f32>>(weights[b + 5u]), x[xb + 5u]) +
    dot(bitcast<vec4<f32>>(weights[b + 6u]), x[xb + 6u]) +
    dot(bitcast<vec4<f32>>(weights[b + 7u]), x[xb + 7u]);
}

const GROUPED = false;

fn group_scale(group: u32) -> f32 {
  return 1.0;
}

fn eight_dot(row: u32, s: u32, xa: vec4<f32>, xb: vec4<f32>) -> f32 {
  let b = row * params.groups * 8u + 2u * s;
  return dot(bitcast<vec4<f32>>(weights[b]), xa) + dot(bitcast<vec4<f32>>(weights[b + 1u]), xb);
}
