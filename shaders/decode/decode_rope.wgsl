// Decode: RoPE on Q and K (rotate-half pairing, as Llama in Hugging Face: element j pairs with
// j + headDim/2), in place. Row i of qkv holds [Q (heads·hd) | K (kv·hd) | V (kv·hd)] for
// position state[1] + i; the append (decode_kv_append.wgsl) then stores the rotated K
// and V in the cache's format. cos/sin come from a table made once on the CPU
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
@group(0) @binding(5) var<storage, read> state: array<u32>;

@compute @workgroup_size(64)
fn rope_qk(@builtin(global_invocation_id) gid: vec3<u32>) {
  let half = params.headDim / 2u;
  let slots = params.heads + params.kvHeads; // Q heads, then K heads
  let t = gid.x;
  let i = gid.y;
  if (t >= slots * half || i >= params.m) {
    return;
  }
  let slot = t / half;
  let j = t % half;
  let pos = state[1] + i;
  let a = i * (slots + params.kvHeads) * params.headDim + slot * params.headDim + j;
  let x0 = qkv[a];
  let x1 = qkv[a + half];
  let cs = rope[pos * half + j];
  qkv[a] = x0 * cs.x - x1 * cs.y;
  qkv[a + half] = x1 * cs.x + x0 * cs.y;
}
