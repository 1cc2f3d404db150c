// Decode: attention over every cached position, with GQA (query head h reads KV head
// h / (heads / kvHeads)), split along the context (flash-decoding): attn_partial handles
// `split` positions per workgroup and writes its running max, sum and unnormalised V sum;
// attn_combine merges the splits. Query row i sits at position state[1] + i and sees positions
// 0 … state[1] + i (causal, so a prefill of m rows uses the same kernels); with a sliding
// window of w positions it sees only the last w of them (the splits skip what lies before, and
// a split with nothing left writes an empty partial). Softmax in f32.
// Caches are f32, [position][kv head][hd]; hd is a multiple of 4.

struct Params {
  m: u32,
  heads: u32,
  kvHeads: u32,
  headDim: u32,
  split: u32,     // positions per workgroup, ≤ MAX_SPLIT
  maxSplits: u32, // splits per (row, head) in the partial buffers
  scale: f32,     // 1 / sqrt(headDim)
  window: u32,    // positions a query sees (sliding window); 0: all
}

@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<storage, read> qkv: array<vec4<f32>>;
@group(0) @binding(2) var<storage, read> kcache: array<vec4<f32>>;
@group(0) @binding(3) var<storage, read> vcache: array<vec4<f32>>;
@group(0) @binding(4) var<storage, read_write> partML: array<vec2<f32>>;
@group(0) @binding(5) var<storage, read_write> partAcc: array<vec4<f32>>;
@group(0) @binding(6) var<storage, read> state: array<u32>;

const WG = 64u;
const MAX_SPLIT = 256u;
const NEG_INF = -3.0e38;
var<workgroup> scores: array<f32, MAX_SPLIT>;
var<workgroup> red: array<f32, WG>;
var<workgroup> sums: array<vec4<f32>, WG>;

fn reduce_max(lid: u32, v: f32) -> f32 {
  red[lid] = v;
  workgroupBarrier();
  for (var s = WG / 2u; s > 0u; s /= 2u) {
    if (lid < s) {
      red[lid] = max(red[lid], red[lid + s]);
    }
    workgroupBarrier();
  }
  let r = red[0];
  workgroupBarrier();
  return r;
}

fn reduce_sum(lid: u32, v: f32) -> f32 {
  red[lid] = v;
  workgroupBarrier();
  for (var s = WG / 2u; s > 0u; s /= 2u) {
    if (lid < s) {
      red[lid] += red[lid + s];
    }
    workgroupBarrier();
  }
  let r = red[0];
  workgroupBarrier();
  return r;
}

@compute @workgroup_size(WG)
fn attn_partial(@builtin(local_invocation_index) lid: u32, @builtin(workgroup_id) wid: vec3<u32>) {
  let s = wid.x;
  let h = wid.y;
  let i = wid.z;
  let hd4 = params.headDim / 4u;
  let kvh = h / (params.heads / params.kvHeads);
  let positions = state[1] + i + 1u;
  var first = 0u;
  if (params.window > 0u && positions > params.window) {
    first = positions - params.window;
  }
  let start = max(s * params.split, first);
  let end = min(s * params.split + params.split, positions);
  let slot = (i * params.heads + h) * params.maxSplits + s;
  if (start >= end) {
    // Uniform across the workgroup: no barrier is skipped by part of it.
    if (lid == 0u) {
      partML[slot] = vec2<f32>(NEG_INF, 0.0);
    }
    for (var d = lid; d < hd4; d += WG) {
      partAcc[slot * hd4 + d] = vec4<f32>(0.0);
    }
    return;
  }
  let q0 = (i * (params.heads + 2u * params.kvHeads) + h) * hd4;
  var localMax = NEG_INF;
  for (var t = start + lid; t < end; t += WG) {
    let k0 = (t * params.kvHeads + kvh) * hd4;
    var acc = 0.0;
    for (var d = 0u; d < hd4; d++) {
      acc += dot(qkv[q0 + d], kcache[k0 + d]);
    }
    let score = acc * params.scale;
    scores[t - start] = score;
    localMax = max(localMax, score);
  }
  let m = reduce_max(lid, localMax);
  var localSum = 0.0;
  for (var t = start + lid; t < end; t += WG) {
    let p = exp(scores[t - start] - m);
    scores[t - start] = p;
    localSum += p;
  }
  let l = reduce_sum(lid, localSum);
  // ·V: every lane busy. Lanes are hd4 columns × `groups` position groups (positions strided
  // by `groups`), the groups' sums added in workgroup memory; one group when hd4 ≥ WG.
  let groups = max(1u, WG / hd4);
  if (groups == 1u) {
    for (var d = lid; d < hd4; d += WG) {
      var acc = vec4<f32>(0.0);
      for (var t = start; t < end; t++) {
        acc += scores[t - start] * vcache[(t * params.kvHeads + kvh) * hd4 + d];
      }
      partAcc[slot * hd4 + d] = acc;
    }
  } else {
    let d = lid % hd4;
    let g = lid / hd4;
    var acc = vec4<f32>(0.0);
    if (g < groups) {
      for (var t = start + g; t < end; t += groups) {
        acc += scores[t - start] * vcache[(t * params.kvHeads + kvh) * hd4 + d];
      }
    }
    sums[lid] = acc;
    workgroupBarrier();
    if (lid < hd4) {
      var total = vec4<f32>(0.0);
      for (var j = 0u; j < groups; j++) {
        total += sums[j * hd4 + lid];
      }
      partAcc[slot * hd4 + lid] = total;
    }
  }
  if (lid == 0u) {
    partML[slot] = vec2<f32>(m, l);
  }
}

/** out row i, head h: Σ_s e^(m_s − M) acc_s / Σ_s e^(m_s − M) l_s over the splits. */
@group(0) @binding(7) var<storage, read_write> out: array<vec4<f32>>;

@compute @workgroup_size(WG)
fn attn_combine(@builtin(local_invocation_index) lid: u32, @builtin(workgroup_id) wid: vec3<u32>) {
  let h = wid.x;
  let i = wid.y;
  let hd4 = params.headDim / 4u;
  let base = (i * params.heads + h) * params.maxSplits;
  var mMax = NEG_INF;
  for (var s = 0u; s < params.maxSplits; s++) {
    mMax = max(mMax, partML[base + s].x);
  }
  var total = 0.0;
  for (var s = 0u; s < params.maxSplits; s++) {
    let ml = partML[base + s];
    total += exp(ml.x - mMax) * ml.y;
  }
  for (var d = lid; d < hd4; d += WG) {
    var acc = vec4<f32>(0.0);
    for (var s = 0u; s < params.maxSplits; s++) {
      acc += exp(partML[base + s].x - mMax) * partAcc[(base + s) * hd4 + d];
    }
    out[(i * params.heads + h) * hd4 + d] = acc / total;
  }
}
