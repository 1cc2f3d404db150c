// Decode: RoPE on Q and K (rotate-half pairing, as Llama in Hugging Face: element j pairs with
// j + headDim/2) and the KV-cache append. Row i of qkv holds [Q (heads·hd) | K (kv·hd) | V (kv·hd)]
// for position state[1] + i. Q is rotated in place; rotated K and V go to the caches
// (f32, [position][kv head][hd]). cos/sin come from a table made once on the CPU
// (rope[pos · hd/2 + j] = (cos, sin)); the CPU reference computes its own angles in f64 from
// θ and the position, so a wrong table fails the check.

struct Params {
  m: u32,
  heads: u32,
  kvHeads: u32,
  headDim: u32,
}

@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<storage, read_write> qkv: array<f32>;
@group(0) @binding(2) var<storage, read> rope: array<vec2<f32>>;
@group(0) @binding(3) var<storage, read_write> kcache: array<f32>;
@group(0) @binding(4) var<storage, read_write> vcache: array<f32>;
@group(0) @binding(5) var<storage, read> state: array<u32>;

@compute @workgroup_size(64)
fn rope_append(@builtin(global_invocation_id) gid: vec3<u32>) {
  let half = params.headDim / 2u;
  let slots = params.heads + 2u * params.kvHeads; // Q heads, K heads, V heads
  let t = gid.x;
  let i = gid.y;
  if (t >= slots * half || i >= params.m) {
    return;
  }
  let slot = t / half;
  let j = t % half;
  let pos = state[1] + i;
  let stride = slots * params.headDim;
  let a = i * stride + slot * params.headDim + j;
  let x0 = qkv[a];
  let x1 = qkv[a + half];
  let kvSlot = slot - params.heads; // K heads: 0 … kv−1; V heads: kv … 2kv−1
  let cacheRow = pos * params.kvHeads * params.headDim;
  if (slot >= params.heads + params.kvHeads) {
    let c = cacheRow + (kvSlot - params.kvHeads) * params.headDim + j;
    vcache[c] = x0;
    vcache[c + half] = x1;
    return;
  }
  let cs = rope[pos * half + j];
  let r0 = x0 * cs.x - x1 * cs.y;
  let r1 = x1 * cs.x + x0 * cs.y;
  if (slot < params.heads) {
    qkv[a] = r0;
    qkv[a + half] = r1;
  } else {
    let c = cacheRow + kvSlot * params.headDim + j;
    kcache[c] = r0;
    kcache[c + half] = r1;
  }
}
