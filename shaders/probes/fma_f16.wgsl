// Compute probe at f16 (needs `shader-f16`): the f32 probe in fma.wgsl with half-precision data
// and arithmetic. x, y: n vec4<f16>.
//   a₀ = x[i], b₀ = x[i] + 1;  a ← fma(a, m, c), b ← fma(b, m, c)  (iters times);  y[i] = a + b
// bytes = 16·n (8 read + 8 written per invocation); flops = 16·iters·n.

enable f16;

override WG: u32 = 256u;

struct Params {
  n: u32,
  iters: u32,
  m: f32,
  c: f32,
}

@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<storage, read> x: array<vec4<f16>>;
@group(0) @binding(2) var<storage, read_write> y: array<vec4<f16>>;

@compute @workgroup_size(WG)
fn fma_probe(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>) {
  let i = gid.x + gid.y * nwg.x * WG;
  if (i >= params.n) {
    return;
  }
  let m = vec4<f16>(f16(params.m));
  let c = vec4<f16>(f16(params.c));
  var a = x[i];
  var b = a + vec4<f16>(1.0h);
  // Unrolled by four: software adapters do not unroll a loop whose count is a uniform.
  var k = 0u;
  for (; k + 4u <= params.iters; k += 4u) {
    a = fma(a, m, c);
    b = fma(b, m, c);
    a = fma(a, m, c);
    b = fma(b, m, c);
    a = fma(a, m, c);
    b = fma(b, m, c);
    a = fma(a, m, c);
    b = fma(b, m, c);
  }
  for (; k < params.iters; k++) {
    a = fma(a, m, c);
    b = fma(b, m, c);
  }
  y[i] = a + b;
}
