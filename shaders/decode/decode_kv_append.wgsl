// Decode: the KV-cache append. Row i's K and V (f32, read from `srcK` / `srcV` at
// i · srcStride + kOffset / vOffset: the rotated rows of qkv, or a random prefill) go to cache
// position state[1] + i (fromState 1) or first + i (0), [position][kv head][hd], in the cache's format
// (its write-side codec, shaders/kv/kv_<format>_store.wgsl, defines KV_APPEND and kv_store). One
// invocation per KV_APPEND values. Bytes: 2 · kvHeads · hd values read as f32, written at the
// codec's bytes per value.

struct Params {
  m: u32,
  kvHeads: u32,
  headDim: u32,
  srcStride: u32,
  kOffset: u32,
  vOffset: u32,
  fromState: u32,
  first: u32,
}

@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<storage, read> srcK: array<f32>;
@group(0) @binding(2) var<storage, read_write> kcache: array<vec4<u32>>;
@group(0) @binding(3) var<storage, read_write> vcache: array<vec4<u32>>;
@group(0) @binding(4) var<storage, read> state: array<u32>;
@group(0) @binding(7) var<storage, read> srcV: array<f32>;

/** Value e (kv head · hd + d) of row i's K (which 0) or V (1). */
fn kv_source(which: u32, i: u32, e: u32) -> f32 {
  if (which == 0u) {
    return srcK[i * params.srcStride + params.kOffset + e];
  }
  return srcV[i * params.srcStride + params.vOffset + e];
}

fn kv_put(which: u32, word: u32, w: vec4<u32>) {
  if (which == 0u) {
    kcache[word] = w;
  } else {
    vcache[word] = w;
  }
}

/** x rounded to the nearest f16, ties to even (overflow: ±inf), as its 16 bits. */
fn f16_bits(x: f32) -> u32 {
  let b = bitcast<u32>(x);
  let sign = (b >> 16u) & 0x8000u;
  let e = i32((b >> 23u) & 0xffu) - 112;
  var m = b & 0x7fffffu;
  if (e >= 31) {
    return sign | 0x7c00u;
  }
  if (e <= 0) {
    if (e < -10) {
      return sign;
    }
    m |= 0x800000u;
    let shift = u32(14 - e);
    let half = 1u << (shift - 1u);
    var r = m >> shift;
    let rest = m & ((1u << shift) - 1u);
    if (rest > half || (rest == half && (r & 1u) == 1u)) {
      r += 1u;
    }
    return sign | r;
  }
  var r = (u32(e) << 10u) | (m >> 13u);
  let rest = m & 0x1fffu;
  if (rest > 0x1000u || (rest == 0x1000u && (r & 1u) == 1u)) {
    r += 1u;
  }
  return sign | r;
}

@compute @workgroup_size(64)
fn kv_append(@builtin(global_invocation_id) gid: vec3<u32>) {
  let units = (params.headDim + KV_APPEND - 1u) / KV_APPEND;
  let perSide = params.kvHeads * units;
  let t = gid.x;
  let i = gid.y;
  if (t >= 2u * perSide || i >= params.m) {
    return;
  }
  let which = t / perSide;
  let kvh = (t % perSide) / units;
  let u = t % units;
  var pos = params.first + i;
  if (params.fromState == 1u) {
    pos = state[1] + i;
  }
  kv_store(which, i, pos * params.kvHeads + kvh, kvh, u);
}
