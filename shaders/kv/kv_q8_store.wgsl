// KV-cache codec, q8 (write side, for shaders/decode/decode_kv_append.wgsl): one invocation per
// two blocks of 32 values (one scale word). Each block's scale is max |x| / 127 rounded to f16;
// each value is round(x / scale) (ties to even) clamped to ±127, 0 where the block is all zeros.
// Layout: see kv_q8.wgsl.

const KV_APPEND = 64u;

@group(0) @binding(5) var<storage, read_write> kscale: array<u32>;
@group(0) @binding(6) var<storage, read_write> vscale: array<u32>;

fn kv_store(which: u32, i: u32, row: u32, kvh: u32, u: u32) {
  var scales = 0u;
  for (var b = 0u; b < 2u; b++) {
    let d0 = u * 64u + b * 32u;
    if (d0 >= params.headDim) {
      break;
    }
    let e = kvh * params.headDim + d0;
    var top = 0.0;
    for (var j = 0u; j < 32u; j++) {
      top = max(top, abs(kv_source(which, i, e + j)));
    }
    let bits = f16_bits(top / 127.0);
    let scale = unpack2x16float(bits).x;
    scales |= bits << (16u * b);
    for (var half = 0u; half < 2u; half++) {
      var w = vec4<u32>(0u);
      for (var j = 0u; j < 16u; j++) {
        var q = 0.0;
        if (scale > 0.0) {
          q = clamp(round(kv_source(which, i, e + 16u * half + j) / scale), -127.0, 127.0);
        }
        w[j / 4u] |= (u32(i32(q)) & 0xffu) << (8u * (j % 4u));
      }
      kv_put(which, (row * params.headDim + d0) / 16u + half, w);
    }
  }
  let at = row * ((params.headDim + 63u) / 64u) + u;
  if (which == 0u) {
    kscale[at] = scales;
  } else {
    vscale[at] = scales;
  }
}
