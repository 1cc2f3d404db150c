// gemv_tile's x as f32 (after shaders/gemv/gemv_x_f32.wgsl): four values to an XV4.
alias XV4 = vec4<f32>;
// XV4s of x per group of 32.
const XPG: u32 = 8u;
