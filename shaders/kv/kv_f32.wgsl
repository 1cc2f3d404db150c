// KV-cache codec, f32 (read side, for shaders/decode/decode_attention.wgsl): one value per word,
// 4 bytes per value; a 16-byte unit holds 4 values of one (position, KV head) row.

const KV_UNIT = 4u;

/** Unit u of cache row `row` (position · kvHeads + KV head) of K (which 0) or V (1). */
fn kv_load(which: u32, row: u32, u: u32) -> array<f32, KV_UNIT> {
  let f = bitcast<vec4<f32>>(kv_get(which, row * (params.headDim / 4u) + u));
  return array<f32, KV_UNIT>(f.x, f.y, f.z, f.w);
}
