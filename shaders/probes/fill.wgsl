// Fills a buffer with counter-hash random words on the GPU, so large inputs need no upload:
//   out[i] = (hash(seed, first + i) & keep) | bits
// hash is lowbias32 over (index ^ seed·0x9e3779b9) — the same function as randomWord() in
// src/gpu/buffers.ts, so the CPU references can recompute any word.

struct Params {
  seed: u32,
  first: u32, // global index of out[0]
  count: u32, // words to fill
  keep: u32,  // AND mask
  bits: u32,  // OR mask
  _pad0: u32,
  _pad1: u32,
  _pad2: u32,
}

@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<storage, read_write> out: array<u32>;

fn lowbias32(seed: u32, index: u32) -> u32 {
  var x = index ^ (seed * 0x9e3779b9u);
  x ^= x >> 16u;
  x *= 0x7feb352du;
  x ^= x >> 15u;
  x *= 0x846ca68bu;
  x ^= x >> 16u;
  return x;
}

@compute @workgroup_size(256)
fn fill(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>) {
  let stride = nwg.x * 256u;
  for (var i = gid.x; i < params.count; i += stride) {
    out[i] = (lowbias32(params.seed, params.first + i) & params.keep) | params.bits;
  }
}
