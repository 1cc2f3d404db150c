// Compute probe (mixbench-style): each invocation loads one vec4<f32>, runs `iters` rounds of
// multiply-adds on two independent vec4 chains (8 independent FMAs per round, enough ILP to
// hide FMA latency), and stores one vec4<f32>. Sweeping `iters` moves the kernel from
// bandwidth-bound to compute-bound with a single kernel family; the plateau is the FMA peak.
//
// x: n vec4<f32> (input), y: n vec4<f32> (output).
//   a₀ = x[i], b₀ = x[i] + 1;  a ← fma(a, m, c), b ← fma(b, m, c)  (iters times);  y[i] = a + b
//   m, c come from a uniform so nothing is constant-folded; with 0 < m < 1 each chain converges
//   to c / (1 − m), so values stay bounded for any iters.
// bytes = 32·n (16 read + 16 written per invocation); flops = 16·iters·n (+ 4·n for the adds
// at the ends, not counted: they are not multiply-adds).

override WG: u32 = 256u;

struct Params {
  n: u32,
  iters: u32,
  m: f32,
  c: f32,
}

@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<storage, read> x: array<vec4<f32>>;
@group(0) @binding(2) var<storage, read_write> y: array<vec4<f32>>;

@compute @workgroup_size(WG)
fn fma_probe(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>) {
  let i = gid.x + gid.y * nwg.x * WG;
  if (i >= params.n) {
    return;
  }
  let m = vec4<f32>(params.m);
  let c = vec4<f32>(params.c);
  var a = x[i];
  var b = a + vec4<f32>(1.0);
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
