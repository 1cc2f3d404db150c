// Decode: the small element-wise steps. silu_mul: h = SiLU(gate) · up, where row i of gu holds
// [gate (ffn) | up (ffn)] (the fused gate_up projection). residual: x += t. Both f32, a vec4
// per invocation.

struct Params {
  count4: u32, // vec4s per row of the output (ffn / 4, or hidden / 4)
  m: u32,
  _pad0: u32,
  _pad1: u32,
}

@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<storage, read> a: array<vec4<f32>>;
@group(0) @binding(2) var<storage, read_write> b: array<vec4<f32>>;

@compute @workgroup_size(64)
fn silu_mul(@builtin(global_invocation_id) gid: vec3<u32>) {
  let v = gid.x;
  let i = gid.y;
  if (v >= params.count4 || i >= params.m) {
    return;
  }
  let g = a[i * 2u * params.count4 + v];
  let u = a[i * 2u * params.count4 + params.count4 + v];
  b[i * params.count4 + v] = g / (1.0 + exp(-g)) * u;
}

@compute @workgroup_size(64)
fn residual(@builtin(global_invocation_id) gid: vec3<u32>) {
  let v = gid.x;
  let i = gid.y;
  if (v >= params.count4 || i >= params.m) {
    return;
  }
  let at = i * params.count4 + v;
  b[at] = b[at] + a[at];
}
