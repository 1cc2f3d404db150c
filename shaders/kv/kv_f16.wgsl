// KV-cache codec, f16 (read side, for shaders/decode/decode_attention.wgsl): two values per
// word, low half first, 2 bytes per value; a 16-byte unit holds 8 values of one (position, KV
// head) row. Decoded with unpack2x16float, so no shader-f16 is needed.

const KV_UNIT = 8u;

fn kv_load(which: u32, row: u32, u: u32) -> array<f32, KV_UNIT> {
  let w = kv_get(which, row * (params.headDim / 8u) + u);
  let a = unpack2x16float(w.x);
  let b = unpack2x16float(w.y);
  let c = unpack2x16float(w.z);
  let d = unpack2x16float(w.w);
  return array<f32, KV_UNIT>(a.x, a.y, b.x, b.y, c.x, c.y, d.x, d.y);
}

/** Prefill: this codec keeps no per-block scales, so nothing is staged before a tile's units. */
const KV_STAGES_SCALES = false;
fn kv_stage_scales(lid: u32, lanes: u32, which: u32, t0: u32, n: u32, kvh: u32) {}

/** Unit u of the staged tile's row r (cache row `row`): as kv_load. */
fn kv_load_tile(which: u32, row: u32, r: u32, u: u32) -> array<f32, KV_UNIT> {
  return kv_load(which, row, u);
}
