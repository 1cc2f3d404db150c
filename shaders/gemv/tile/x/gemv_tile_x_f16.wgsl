// gemv_tile's x as f16 (needs shader-f16; `enable f16;` comes first): K halves, four to an XV4
// (8 bytes), as an engine that keeps activations in f16 hands them over. x bytes = 2K.
alias XV4 = vec4<f16>;
const XPG: u32 = 8u;
@group(0) @binding(1) var<storage, read> x: array<vec4<f16>>;
