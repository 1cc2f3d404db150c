// Memory bandwidth probes: read, copy and write over a working set of `n` vec4<u32> words.
//
// Each dispatch walks the working set `passes` times (so small, cache-resident sets still make
// a dispatch long enough to time), with a grid-stride loop over `threads` = workgroups × WG
// invocations: element i of pass p is handled by invocation i % threads, so neighbouring
// invocations touch neighbouring 16-byte words (coalesced).
//
// read_probe   src: n vec4<u32>, sums: one u32 per invocation, written once per dispatch.
//              sums[t] = Σ over invocation t's elements and passes of Σ components (v ^ p),
//              wrapping u32 arithmetic. XOR with the pass index keeps the compiler from
//              hoisting loads out of the pass loop. No workgroup reduction: on software
//              adapters a barrier costs more than these few bytes of output.
//              bytes = 16·n·passes + 4·threads; flops = 0.
// read_probe_x4  the same sums, walking four elements (i, i + threads, i + 2·threads,
//              i + 3·threads) per loop step into two accumulators: fewer loop steps per load,
//              which software adapters need to reach their peak (GPUs rarely mind either way).
// copy_probe   dst[i] = src[i] ^ p for each pass p; final dst = src ^ (passes − 1).
//              bytes = 32·n·passes; flops = 0.
// write_probe  dst[i] = (4i, 4i+1, 4i+2, 4i+3) ^ (seed ^ p); final uses p = passes − 1.
//              bytes = 16·n·passes; flops = 0.

override WG: u32 = 256u;

struct Params {
  n: u32,        // vec4 elements in the working set
  threads: u32,  // total invocations dispatched
  passes: u32,   // walks over the working set per dispatch
  seed: u32,
}

@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<storage, read> src: array<vec4<u32>>;
@group(0) @binding(2) var<storage, read_write> dst: array<vec4<u32>>;
@group(0) @binding(3) var<storage, read_write> sums: array<u32>;

@compute @workgroup_size(WG)
fn read_probe(@builtin(global_invocation_id) gid: vec3<u32>) {
  var acc = vec4<u32>(0u);
  for (var p = 0u; p < params.passes; p++) {
    let salt = vec4<u32>(p);
    for (var i = gid.x; i < params.n; i += params.threads) {
      acc += src[i] ^ salt;
    }
  }
  sums[gid.x] = acc.x + acc.y + acc.z + acc.w;
}

@compute @workgroup_size(WG)
fn read_probe_x4(@builtin(global_invocation_id) gid: vec3<u32>) {
  let t = params.threads;
  var a = vec4<u32>(0u);
  var b = vec4<u32>(0u);
  for (var p = 0u; p < params.passes; p++) {
    let salt = vec4<u32>(p);
    var i = gid.x;
    for (; i + 3u * t < params.n; i += 4u * t) {
      a += (src[i] ^ salt) + (src[i + t] ^ salt);
      b += (src[i + 2u * t] ^ salt) + (src[i + 3u * t] ^ salt);
    }
    for (; i < params.n; i += t) {
      a += src[i] ^ salt;
    }
  }
  let acc = a + b;
  sums[gid.x] = acc.x + acc.y + acc.z + acc.w;
}

@compute @workgroup_size(WG)
fn copy_probe(@builtin(global_invocation_id) gid: vec3<u32>) {
  for (var p = 0u; p < params.passes; p++) {
    let salt = vec4<u32>(p);
    for (var i = gid.x; i < params.n; i += params.threads) {
      dst[i] = src[i] ^ salt;
    }
  }
}

@compute @workgroup_size(WG)
fn write_probe(@builtin(global_invocation_id) gid: vec3<u32>) {
  for (var p = 0u; p < params.passes; p++) {
    let salt = vec4<u32>(params.seed ^ p);
    for (var i = gid.x; i < params.n; i += params.threads) {
      dst[i] = (vec4<u32>(4u * i) + vec4<u32>(0u, 1u, 2u, 3u)) ^ salt;
    }
  }
}
