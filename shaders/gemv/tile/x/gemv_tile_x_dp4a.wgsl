// gemv_tile's x for the DP4A forms: quantized on the GPU by shaders/x/quantize_x.wgsl, three
// 16-byte words a group of 32 — 8 words of int8 (two XV4s), then (scale as f32 bits, Σ q, 0, 0).
// x bytes = 1.5K.
alias XV4 = vec4<u32>;
@group(0) @binding(1) var<storage, read> x: array<vec4<u32>>;
const XPG: u32 = 3u;
