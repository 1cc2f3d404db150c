// KV-cache codec, f16 (write side, for shaders/decode/decode_kv_append.wgsl): 8 values per
// invocation, each rounded to the nearest f16 (ties to even, f16_bits), two to a word, low half
// first.

const KV_APPEND = 8u;

fn kv_store(which: u32, i: u32, row: u32, kvh: u32, u: u32) {
  let e = kvh * params.headDim + u * 8u;
  var w: vec4<u32>;
  for (var j = 0u; j < 4u; j++) {
    let lo = f16_bits(kv_source(which, i, e + 2u * j));
    let hi = f16_bits(kv_source(which, i, e + 2u * j + 1u));
    w[j] = lo | (hi << 16u);
  }
  kv_put(which, row * (params.headDim / 8u) + u, w);
}
