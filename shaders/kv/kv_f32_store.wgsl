// KV-cache codec, f32 (write side, for shaders/decode/decode_kv_append.wgsl): 4 values per
// invocation, as they are.

const KV_APPEND = 4u;

fn kv_store(which: u32, i: u32, row: u32, kvh: u32, u: u32) {
  let e = kvh * params.headDim + u * 4u;
  var w: vec4<u32>;
  for (var j = 0u; j < 4u; j++) {
    w[j] = bitcast<u32>(kv_source(which, i, e + j));
  }
  kv_put(which, row * (params.headDim / 4u) + u, w);
}
