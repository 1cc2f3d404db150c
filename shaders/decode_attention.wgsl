// Decode: attention over every cached position, split along the context (flash-decoding), one
// workgroup per (split, KV head, query row) serving all G = heads / kvHeads query heads of that
// KV head (GQA), so K and V are read from memory once per KV head, not once per query head.
// attn_partial walks its split in tiles of T positions: the tile's K and V rows are staged in
// workgroup memory (neighbouring invocations load neighbouring 16-byte words of a row, decoded by
// the cache's codec, shaders/kv_<format>.wgsl), then the G × T scores, an online softmax per
// query head (running max and sum, no reduction tree) and the ·V update of the G × hd outputs,
// which the invocations hold in registers. It writes each head's running max, sum and
// unnormalised V sum; attn_combine merges the splits. Query row i sits at position
// state[1] + i and sees positions 0 … state[1] + i (causal, so a prefill of m rows uses the same
// kernels); with a sliding window of w positions only the last w of them (a split with nothing
// left writes an empty partial). Softmax in f32.
// Layouts: qkv row i = [Q (heads·hd) | K | V] f32; caches [position][kv head][hd] as the codec
// stores them (kcache / vcache: 16-byte words; q8 adds kscale / vscale); partML [row][head][split]
// (max, sum); partAcc [row][head][split][hd]. T = min(16, 1024 / hd); G · hd ≤ 1024.
// Bytes: K and V once per (row, KV head) over the attended positions at the codec's bytes per
// value, Q once, the partials. FLOPs: 4 · heads · positions · hd per row (q·k and p·v).

struct Params {
  m: u32,
  heads: u32,
  kvHeads: u32,
  headDim: u32,
  split: u32,     // positions per workgroup
  maxSplits: u32, // splits per (row, head) in the partial buffers
  scale: f32,     // 1 / sqrt(headDim)
  window: u32,    // positions a query sees (sliding window); 0: all
}

@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<storage, read> qkv: array<vec4<f32>>;
@group(0) @binding(2) var<storage, read> kcache: array<vec4<u32>>;
@group(0) @binding(3) var<storage, read> vcache: array<vec4<u32>>;
@group(0) @binding(4) var<storage, read_write> partML: array<vec2<f32>>;
@group(0) @binding(5) var<storage, read_write> partAcc: array<vec4<f32>>;
@group(0) @binding(6) var<storage, read> state: array<u32>;

const WG = 64u;
/** Most positions per tile, and the workgroup floats one staged K or V tile may fill. */
const MAX_TILE = 16u;
const TILE_FLOATS = 1024u;
/** Most query heads per KV head; G · hd ≤ 1024 (every model in the catalogue). */
const MAX_GROUP = 16u;
/** Output vec4s each invocation owns: G · hd / 4 ≤ 256 over 64 invocations. */
const OWN = 4u;
const NEG_INF = -3.0e38;

var<workgroup> qs: array<vec4<f32>, 256>;
// K rows padded by one vec4, so the invocations of one query head reading different positions
// hit different banks; V rows are read along hd by neighbouring invocations and need no pad.
var<workgroup> ktile: array<vec4<f32>, 272>;
var<workgroup> vtile: array<vec4<f32>, 256>;
var<workgroup> scores: array<f32, 256>;
var<workgroup> runMax: array<f32, MAX_GROUP>;
var<workgroup> runSum: array<f32, MAX_GROUP>;
var<workgroup> rescale: array<f32, MAX_GROUP>;

fn kv_get(which: u32, word: u32) -> vec4<u32> {
  if (which == 0u) {
    return kcache[word];
  }
  return vcache[word];
}

/** Stages positions t0 … t0 + n − 1 of KV head kvh: 16-byte units, neighbours in a row adjacent. */
fn stage_tile(lid: u32, t0: u32, n: u32, kvh: u32) {
  let hd4 = params.headDim / 4u;
  let units = params.headDim / KV_UNIT;
  for (var u = lid; u < n * units; u += WG) {
    let r = u / units;
    let c = u % units;
    let row = (t0 + r) * params.kvHeads + kvh;
    let k = kv_load(0u, row, c);
    let v = kv_load(1u, row, c);
    for (var j = 0u; j < KV_UNIT / 4u; j++) {
      let d4 = c * (KV_UNIT / 4u) + j;
      ktile[r * (hd4 + 1u) + d4] = vec4<f32>(k[4u * j], k[4u * j + 1u], k[4u * j + 2u], k[4u * j + 3u]);
      vtile[r * hd4 + d4] = vec4<f32>(v[4u * j], v[4u * j + 1u], v[4u * j + 2u], v[4u * j + 3u]);
    }
  }
}

/** Scores of the G heads against the tile, then each head's running max and sum move on. */
fn score_tile(lid: u32, n: u32, group: u32) {
  let hd4 = params.headDim / 4u;
  for (var w = lid; w < group * n; w += WG) {
    let g = w / n;
    let t = w % n;
    var acc = 0.0;
    for (var d = 0u; d < hd4; d++) {
      acc += dot(qs[g * hd4 + d], ktile[t * (hd4 + 1u) + d]);
    }
    scores[g * MAX_TILE + t] = acc * params.scale;
  }
  workgroupBarrier();
  if (lid < group) {
    let before = runMax[lid];
    var top = before;
    for (var t = 0u; t < n; t++) {
      top = max(top, scores[lid * MAX_TILE + t]);
    }
    var sum = 0.0;
    for (var t = 0u; t < n; t++) {
      let p = exp(scores[lid * MAX_TILE + t] - top);
      scores[lid * MAX_TILE + t] = p;
      sum += p;
    }
    let a = exp(before - top);
    rescale[lid] = a;
    runMax[lid] = top;
    runSum[lid] = runSum[lid] * a + sum;
  }
  workgroupBarrier();
}

@compute @workgroup_size(WG)
fn attn_partial(@builtin(local_invocation_index) lid: u32, @builtin(workgroup_id) wid: vec3<u32>) {
  let s = wid.x;
  let kvh = wid.y;
  let i = wid.z;
  let hd4 = params.headDim / 4u;
  let group = params.heads / params.kvHeads;
  let positions = state[1] + i + 1u;
  var first = 0u;
  if (params.window > 0u && positions > params.window) {
    first = positions - params.window;
  }
  let start = max(s * params.split, first);
  let end = min(s * params.split + params.split, positions);
  // Head g of this KV head's group: query head kvh · G + g.
  let slot0 = (i * params.heads + kvh * group) * params.maxSplits + s;
  if (start >= end) {
    // Uniform across the workgroup: no barrier is skipped by part of it.
    for (var o = lid; o < group * hd4; o += WG) {
      partAcc[(slot0 + (o / hd4) * params.maxSplits) * hd4 + o % hd4] = vec4<f32>(0.0);
    }
    if (lid < group) {
      partML[slot0 + lid * params.maxSplits] = vec2<f32>(NEG_INF, 0.0);
    }
    return;
  }
  // The group's query heads are contiguous in the row: one contiguous load.
  let q0 = (i * (params.heads + 2u * params.kvHeads) + kvh * group) * hd4;
  for (var o = lid; o < group * hd4; o += WG) {
    qs[o] = qkv[q0 + o];
  }
  if (lid < group) {
    runMax[lid] = NEG_INF;
    runSum[lid] = 0.0;
  }
  var acc: array<vec4<f32>, OWN>;
  let tile = min(MAX_TILE, TILE_FLOATS / params.headDim);
  for (var t0 = start; t0 < end; t0 += tile) {
    let n = min(tile, end - t0);
    stage_tile(lid, t0, n, kvh);
    workgroupBarrier();
    score_tile(lid, n, group);
    for (var k = 0u; k < OWN; k++) {
      let o = lid + k * WG;
      if (o < group * hd4) {
        let g = o / hd4;
        let d = o % hd4;
        var a = acc[k] * rescale[g];
        for (var t = 0u; t < n; t++) {
          a += scores[g * MAX_TILE + t] * vtile[t * hd4 + d];
        }
        acc[k] = a;
      }
    }
    workgroupBarrier();
  }
  for (var k = 0u; k < OWN; k++) {
    let o = lid + k * WG;
    if (o < group * hd4) {
      partAcc[(slot0 + (o / hd4) * params.maxSplits) * hd4 + o % hd4] = acc[k];
    }
  }
  if (lid < group) {
    partML[slot0 + lid * params.maxSplits] = vec2<f32>(runMax[lid], runSum[lid]);
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
