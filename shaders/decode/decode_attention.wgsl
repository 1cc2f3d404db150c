// Attention over the KV cache, one workgroup per KV head serving all G = heads / kvHeads query
// heads of that KV head (GQA), so K and V are read once per KV head, not once per query head.
// Two kernels, both causal (query row i sits at position state[1] + i and sees positions
// 0 … state[1] + i; with a sliding window of w positions only the last w of them):
//
// Decode (one query row; attn_partial + attn_combine, flash-decoding): the attended range of n
// positions is cut into splits whose size is chosen here, at run time, from n (split_size): the
// range over params.splits pieces, rounded up to a multiple of SPLIT_STEP (every tile size
// divides it), at least params.minSplit. A workgroup per (split, KV head, row) walks its split in
// tiles of T positions: K and V staged in workgroup memory (neighbouring invocations load
// neighbouring 16-byte words of a row, decoded by the cache's codec, shaders/kv/kv_<format>.wgsl),
// then the G × T scores, then each invocation moves the running max and sum of the query head its
// outputs belong to itself (every invocation of that head computes the same, so no serial softmax
// and no barrier for it) and updates its G · hd outputs. Splits at or past the row's position
// return at once, and the host launches only the live ones. attn_combine merges the live splits,
// however many, through two workgroup reductions (wg_reduce: a tree in workgroup memory, or
// subgroup operations where `subgroups` is granted: attention_reduce_*.wgsl).
//
// Prefill (m query rows; attn_prefill, flash attention): a workgroup per (tile of Q_TILE rows,
// KV head) holds the tile's G · Q_TILE query vectors in workgroup memory (2048 floats:
// Q_TILE = 2048 / hd / G), walks the positions the tile attends to in tiles of T (K staged,
// scores, then V staged in the same memory) with an online softmax per query vector, and writes
// its rows' outputs: K and V are read once per Q tile, ⌈m / Q_TILE⌉ times the cache in all, and
// nothing is kept per split. Softmax in f32.
//
// Layouts: qkv row i = [Q (heads·hd) | K | V] f32; caches [position][kv head][hd] as the codec
// stores them (kcache / vcache: 16-byte words; q8 adds kscale / vscale); partML [row][head][split]
// (max, sum); partAcc [row][head][split][hd]; out [row][head][hd]. T = min(16, 1024 / hd);
// G · hd ≤ 1024.

struct Params {
  m: u32,
  heads: u32,
  kvHeads: u32,
  headDim: u32,
  minSplit: u32, // positions per split at least
  splits: u32,   // splits per (row, head) at most: the partial buffers' stride
  scale: f32,    // 1 / sqrt(headDim)
  window: u32,   // positions a query sees (sliding window); 0: all
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
/** Split sizes are multiples of this (every tile size, min(16, 1024 / hd), divides it). */
const SPLIT_STEP = 16u;
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

fn kv_get(which: u32, word: u32) -> vec4<u32> {
  if (which == 0u) {
    return kcache[word];
  }
  return vcache[word];
}

/** The positions query row i attends to: first (x) up to, not including, end (y). */
fn attended(i: u32) -> vec2<u32> {
  let end = state[1] + i + 1u;
  var first = 0u;
  if (params.window > 0u && end > params.window) {
    first = end - params.window;
  }
  return vec2<u32>(first, end);
}

/** Positions per split over n attended positions (attentionSplitSize in shape.ts). */
fn split_size(n: u32) -> u32 {
  let even = (n + params.splits - 1u) / params.splits;
  return max(params.minSplit, (even + SPLIT_STEP - 1u) / SPLIT_STEP * SPLIT_STEP);
}

/** Positions per staged tile: min(16, 1024 / hd). */
fn tile_positions() -> u32 {
  return min(MAX_TILE, TILE_FLOATS / params.headDim);
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

@compute @workgroup_size(WG)
fn attn_partial(@builtin(local_invocation_index) lid: u32, @builtin(workgroup_id) wid: vec3<u32>) {
  let s = wid.x;
  let kvh = wid.y;
  let i = wid.z;
  let hd4 = params.headDim / 4u;
  let group = params.heads / params.kvHeads;
  let span = attended(i);
  let split = split_size(span.y - span.x);
  let start = span.x + s * split;
  // A split at or past the row's position: nothing to do, nothing the combine reads (uniform
  // across the workgroup, so no barrier is skipped by part of it).
  if (start >= span.y) {
    return;
  }
  let end = min(start + split, span.y);
  // Head g of this KV head's group: query head kvh · G + g.
  let slot0 = (i * params.heads + kvh * group) * params.splits + s;
  // The group's query heads are contiguous in the row: one contiguous load.
  let q0 = (i * (params.heads + 2u * params.kvHeads) + kvh * group) * hd4;
  for (var o = lid; o < group * hd4; o += WG) {
    qs[o] = qkv[q0 + o];
  }
  var acc: array<vec4<f32>, OWN>;
  var runMax: array<f32, OWN>;
  var runSum: array<f32, OWN>;
  for (var k = 0u; k < OWN; k++) {
    runMax[k] = NEG_INF;
  }
  let tile = tile_positions();
  for (var t0 = start; t0 < end; t0 += tile) {
    let n = min(tile, end - t0);
    stage_tile(lid, t0, n, kvh);
    workgroupBarrier();
    for (var w = lid; w < group * n; w += WG) {
      let g = w / n;
      let t = w % n;
      var dotp = 0.0;
      for (var d = 0u; d < hd4; d++) {
        dotp += dot(qs[g * hd4 + d], ktile[t * (hd4 + 1u) + d]);
      }
      scores[g * MAX_TILE + t] = dotp * params.scale;
    }
    workgroupBarrier();
    for (var k = 0u; k < OWN; k++) {
      let o = lid + k * WG;
      if (o < group * hd4) {
        let g = o / hd4;
        let d = o % hd4;
        var top = runMax[k];
        for (var t = 0u; t < n; t++) {
          top = max(top, scores[g * MAX_TILE + t]);
        }
        let a = exp(runMax[k] - top);
        var sum = 0.0;
        var v = acc[k] * a;
        for (var t = 0u; t < n; t++) {
          let p = exp(scores[g * MAX_TILE + t] - top);
          sum += p;
          v += p * vtile[t * hd4 + d];
        }
        acc[k] = v;
        runMax[k] = top;
        runSum[k] = runSum[k] * a + sum;
      }
    }
    workgroupBarrier();
  }
  for (var k = 0u; k < OWN; k++) {
    let o = lid + k * WG;
    if (o < group * hd4) {
      let g = o / hd4;
      partAcc[(slot0 + g * params.splits) * hd4 + o % hd4] = acc[k];
      if (o % hd4 == 0u) {
        partML[slot0 + g * params.splits] = vec2<f32>(runMax[k], runSum[k]);
      }
    }
  }
}

/** out row i, head h: Σ_s e^(m_s − M) acc_s / Σ_s e^(m_s − M) l_s over the live splits. */
@group(0) @binding(7) var<storage, read_write> out: array<vec4<f32>>;

@compute @workgroup_size(WG)
fn attn_combine(@builtin(local_invocation_index) lid: u32, @builtin(workgroup_id) wid: vec3<u32>) {
  let h = wid.x;
  let i = wid.y;
  let hd4 = params.headDim / 4u;
  let span = attended(i);
  let n = span.y - span.x;
  let split = split_size(n);
  let live = (n + split - 1u) / split;
  let base = (i * params.heads + h) * params.splits;
  var top = NEG_INF;
  for (var s = lid; s < live; s += WG) {
    top = max(top, partML[base + s].x);
  }
  let mMax = wg_reduce(lid, top, true);
  var sum = 0.0;
  for (var s = lid; s < live; s += WG) {
    let ml = partML[base + s];
    sum += exp(ml.x - mMax) * ml.y;
  }
  let total = wg_reduce(lid, sum, false);
  for (var d = lid; d < hd4; d += WG) {
    var acc = vec4<f32>(0.0);
    for (var s = 0u; s < live; s++) {
      acc += exp(partML[base + s].x - mMax) * partAcc[(base + s) * hd4 + d];
    }
    out[(i * params.heads + h) * hd4 + d] = acc / total;
  }
}

// Prefill: flash attention over tiles of query rows.

const FLASH_WG = 128u;
/** Floats of query vectors one workgroup holds: G · Q_TILE · hd ≤ 2048. */
const FLASH_Q_FLOATS = 2048u;
/** Output vec4s each invocation owns: 2048 / 4 over 128 invocations. */
const FLASH_OWN = 4u;
/** Most query vectors (G · Q_TILE) per workgroup: 2048 / 64 at hd = 64. */
const FLASH_MAX_VECS = 32u;

var<workgroup> fq: array<vec4<f32>, 512>;
var<workgroup> fscores: array<f32, 512>;

/** Rows of one Q tile: min(2048 / hd, 32) / G (prefillQueryTile in shape.ts); ≥ 2. */
fn query_tile() -> u32 {
  return min(FLASH_Q_FLOATS / params.headDim, FLASH_MAX_VECS) / (params.heads / params.kvHeads);
}

/** Stages K (which 0) or V (1) of positions t0 … t0 + n − 1 of KV head kvh into ktile. */
fn flash_stage(lid: u32, which: u32, t0: u32, n: u32, kvh: u32) {
  // q8: the tile's scale words first, each loaded once (kv_stage_scales in its codec).
  if (KV_STAGES_SCALES) {
    kv_stage_scales(lid, FLASH_WG, which, t0, n, kvh);
    workgroupBarrier();
  }
  let hd4 = params.headDim / 4u;
  let units = params.headDim / KV_UNIT;
  for (var u = lid; u < n * units; u += FLASH_WG) {
    let r = u / units;
    let c = u % units;
    let x = kv_load_tile(which, (t0 + r) * params.kvHeads + kvh, r, c);
    for (var j = 0u; j < KV_UNIT / 4u; j++) {
      ktile[r * (hd4 + 1u) + c * (KV_UNIT / 4u) + j] =
        vec4<f32>(x[4u * j], x[4u * j + 1u], x[4u * j + 2u], x[4u * j + 3u]);
    }
  }
}

@compute @workgroup_size(FLASH_WG)
fn attn_prefill(@builtin(local_invocation_index) lid: u32, @builtin(workgroup_id) wid: vec3<u32>) {
  let kvh = wid.y;
  let hd4 = params.headDim / 4u;
  let group = params.heads / params.kvHeads;
  let qt = query_tile();
  let r0 = wid.x * qt;
  let rows = min(qt, params.m - r0);
  // Query vector v: row r0 + v / G, head kvh · G + v % G.
  let vecs = rows * group;
  let stride4 = (params.heads + 2u * params.kvHeads) * hd4;
  for (var o = lid; o < vecs * hd4; o += FLASH_WG) {
    let v = o / hd4;
    fq[o] = qkv[(r0 + v / group) * stride4 + (kvh * group + v % group) * hd4 + o % hd4];
  }
  // The positions the tile's rows attend to: from its first row's first to its last row's own.
  let lo = attended(r0).x;
  let hi = attended(r0 + rows - 1u).y;
  var acc: array<vec4<f32>, FLASH_OWN>;
  var runMax: array<f32, FLASH_OWN>;
  var runSum: array<f32, FLASH_OWN>;
  for (var k = 0u; k < FLASH_OWN; k++) {
    runMax[k] = NEG_INF;
  }
  let tile = tile_positions();
  for (var t0 = lo; t0 < hi; t0 += tile) {
    let n = min(tile, hi - t0);
    flash_stage(lid, 0u, t0, n, kvh);
    workgroupBarrier();
    for (var w = lid; w < vecs * n; w += FLASH_WG) {
      let v = w / n;
      let t = w % n;
      let span = attended(r0 + v / group);
      var score = NEG_INF;
      if (t0 + t >= span.x && t0 + t < span.y) {
        var dotp = 0.0;
        for (var d = 0u; d < hd4; d++) {
          dotp += dot(fq[v * hd4 + d], ktile[t * (hd4 + 1u) + d]);
        }
        score = dotp * params.scale;
      }
      fscores[v * MAX_TILE + t] = score;
    }
    workgroupBarrier();
    flash_stage(lid, 1u, t0, n, kvh);
    workgroupBarrier();
    for (var k = 0u; k < FLASH_OWN; k++) {
      let o = lid + k * FLASH_WG;
      if (o < vecs * hd4) {
        let v = o / hd4;
        let d = o % hd4;
        var top = runMax[k];
        for (var t = 0u; t < n; t++) {
          top = max(top, fscores[v * MAX_TILE + t]);
        }
        let a = exp(runMax[k] - top);
        var sum = 0.0;
        var x = acc[k] * a;
        for (var t = 0u; t < n; t++) {
          let score = fscores[v * MAX_TILE + t];
          // A masked position adds nothing, even while every score so far is masked.
          let p = select(exp(score - top), 0.0, score <= NEG_INF);
          sum += p;
          x += p * ktile[t * (hd4 + 1u) + d];
        }
        acc[k] = x;
        runMax[k] = top;
        runSum[k] = runSum[k] * a + sum;
      }
    }
    workgroupBarrier();
  }
  for (var k = 0u; k < FLASH_OWN; k++) {
    let o = lid + k * FLASH_WG;
    if (o < vecs * hd4) {
      let v = o / hd4;
      let row = r0 + v / group;
      out[(row * params.heads + kvh * group + v % group) * hd4 + o % hd4] = acc[k] / runSum[k];
    }
  }
}
