// KV-cache codec, q8 (read side, for shaders/decode/decode_attention.wgsl): blocks of 32 values of
// a (position, KV head) row share one f16 scale (llama.cpp's q8_0, `--kv-bits 8`); the values are
// int8, four to a word (lowest byte first), value = q · scale. Scales sit apart, two to a word
// (block 2j low half, 2j + 1 high), ⌈hd / 64⌉ words per row: 34 bytes per 32 values when 64 divides
// hd. A 16-byte unit holds 16 values, half a block.

const KV_UNIT = 16u;

@group(0) @binding(8) var<storage, read> kscale: array<u32>;
@group(0) @binding(9) var<storage, read> vscale: array<u32>;

fn kv_load(which: u32, row: u32, u: u32) -> array<f32, KV_UNIT> {
  let w = kv_get(which, row * (params.headDim / 16u) + u);
  let block = u / 2u;
  let at = row * ((params.headDim + 63u) / 64u) + block / 2u;
  var packed: u32;
  if (which == 0u) {
    packed = kscale[at];
  } else {
    packed = vscale[at];
  }
  let scale = unpack2x16float(packed)[block % 2u];
  var out: array<f32, KV_UNIT>;
  for (var j = 0u; j < 16u; j++) {
    let byte = (w[j / 4u] >> (8u * (j % 4u))) & 0xffu;
    out[j] = f32((i32(byte) << 24u) >> 24u) * scale;
  }
  return out;
}
