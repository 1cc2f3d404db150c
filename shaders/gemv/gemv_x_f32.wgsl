// GEMV's input vector x as f32, four to a vec4 (every weights code but the DP4A ones, which
// declare x quantized to int8 instead).
@group(0) @binding(1) var<storage, read> x: array<vec4<f32>>;
