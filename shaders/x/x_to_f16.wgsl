// f32 activations converted to f16 on the GPU for a GEMV that reads x in f16 (the tile GEMV's
// f16 form), one dispatch before the product: one invocation per two values, packed low half
// first into a u32 — the bytes of array<vec4<f16>>.
// x: K f32 (K/2 vec2). xh: K/2 u32 words. bytes = 4K read + 2K written; no FLOPs.

struct Params {
  words: u32, // K / 2
}

@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<storage, read> x: array<vec2<f32>>;
@group(0) @binding(2) var<storage, read_write> xh: array<u32>;

@compute @workgroup_size(64)
fn x_to_f16(
  @builtin(local_invocation_index) lid: u32,
  @builtin(workgroup_id) wid: vec3<u32>,
  @builtin(num_workgroups) nwg: vec3<u32>,
) {
  let i = (wid.x + wid.y * nwg.x) * 64u + lid;
  if (i >= params.words) {
    return;
  }
  xh[i] = pack2x16float(x[i]);
}
