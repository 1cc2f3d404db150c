// KV-cache codec, f32 (read side, for shaders/decode/decode_attention.wgsl): one value per word,
// 4 bytes per value; a 16-byte unit holds 4 values of one (position, KV head) row.

const KV_UNIT = 4u;

/** Unit u of cache row `row` (position · kvHeads + KV head) of K (which 0) or V (1). */
fn kv_load(which: u32, row: u32, u: u32) -> array<f32, KV_UNIT> {
  let f = bitcast<vec4<f32>>(kv_get(which, row * (params.headDim / 4u) + u));
  return array<f32, KV_UNIT>(f.x, f.y, f.z, f.w);
}

/** Prefill: this codec keeps no per-block scales, so nothing is staged before a tile's units. */
const KV_STAGES_SCALES = false;
fn kv_stage_scales(lid: u32, lanes: u32, which: u32, t0: u32, n: u32, kvh: u32) {}

/** Unit u of the staged tile's row r (cache row `row`): as kv_load. */
fn kv_load_tile(which: u32, row: u32, r: u32, u: u32) -> array<f32, KV_UNIT> {
  return kv_load(which, row, u);
}
