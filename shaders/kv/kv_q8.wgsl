// KV-cache codec, q8 (read side, for shaders/decode/decode_attention.wgsl): blocks of 32 values of
// a (position, KV head) row share one f16 scale (llama.cpp's q8_0, `--kv-bits 8`); the values are
// int8, four to a word (lowest byte first), value = q · scale. Scales sit apart, two to a word
// (block 2j low half, 2j + 1 high), ⌈hd / 64⌉ words per row: 34 bytes per 32 values when 64 divides
// hd. A 16-byte unit holds 16 values, half a block.

const KV_UNIT = 16u;

@group(0) @binding(8) var<storage, read> kscale: array<u32>;
@group(0) @binding(9) var<storage, read> vscale: array<u32>;

/** 16 int8 values of word w times the block's scale. */
fn kv_unit(w: vec4<u32>, scale: f32) -> array<f32, KV_UNIT> {
  var out: array<f32, KV_UNIT>;
  for (var j = 0u; j < 16u; j++) {
    let byte = (w[j / 4u] >> (8u * (j % 4u))) & 0xffu;
    out[j] = f32((i32(byte) << 24u) >> 24u) * scale;
  }
  return out;
}

/** Scale words of one row: two blocks of 32 values each. */
fn kv_scale_words() -> u32 {
  return (params.headDim + 63u) / 64u;
}

/** Decode: unit u of cache row `row`, loading its block pair's scale word (four units share it). */
fn kv_load(which: u32, row: u32, u: u32) -> array<f32, KV_UNIT> {
  let w = kv_get(which, row * (params.headDim / 16u) + u);
  let block = u / 2u;
  let at = row * kv_scale_words() + block / 2u;
  var packed: u32;
  if (which == 0u) {
    packed = kscale[at];
  } else {
    packed = vscale[at];
  }
  return kv_unit(w, unpack2x16float(packed)[block % 2u]);
}

// Prefill (flash_stage): the scale words of a staged tile's rows are loaded once each into
// workgroup memory (a barrier, then the units read them there), so each scale is read once per
// tile rather than once per 16-value unit. Rows of a tile × words per row: at most
// min(16, 1024 / hd) · ⌈hd / 64⌉ ≤ 20 for any hd that is a multiple of 32.
const KV_STAGES_SCALES = true;
var<workgroup> kv_tile_scales: array<u32, 32>;

/** Stages the scale words of rows t0 … t0 + n − 1 of KV head kvh (K: which 0, V: 1). */
fn kv_stage_scales(lid: u32, lanes: u32, which: u32, t0: u32, n: u32, kvh: u32) {
  let words = kv_scale_words();
  for (var i = lid; i < n * words; i += lanes) {
    let at = ((t0 + i / words) * params.kvHeads + kvh) * words + i % words;
    if (which == 0u) {
      kv_tile_scales[i] = kscale[at];
    } else {
      kv_tile_scales[i] = vscale[at];
    }
  }
}

/** Unit u of the staged tile's row r (cache row `row`), its scale from kv_tile_scales. */
fn kv_load_tile(which: u32, row: u32, r: u32, u: u32) -> array<f32, KV_UNIT> {
  let w = kv_get(which, row * (params.headDim / 16u) + u);
  let block = u / 2u;
  let packed = kv_tile_scales[r * kv_scale_words() + block / 2u];
  return kv_unit(w, unpack2x16float(packed)[block % 2u]);
}
