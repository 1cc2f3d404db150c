// The GPU-class GEMVs for a format whose 32-weight group is BLOCK_WORDS u32 that do not make whole
// 16-byte words (int3: 3, int5: 5; rows aligned to u32 only), appended after the format's
// gemv_tile_<format>.wgsl, which defines WPG = 1, XV = 8 and tile_part(u, part, xi): what u32
// `part` of a group adds to its dot product before the group's scale, with the group's x from
// xs[xi …] (a part adds independently of the others: the format's value splits as a sum over
// its bit fields).
// The tile: a tile word is one group, but of the step's A groups (A = KL, or fewer at the row's
// end) lane l reads u32 k·A + l for k < BLOCK_WORDS — each load instruction 4·A contiguous bytes,
// coalesced — and adds that u32's part to its own group's sum. The scales of the workgroup's R
// rows for the step are staged first (tile_stage: consecutive invocations, consecutive f16s),
// since a lane's u32 belong to several groups.
// The register form (regx_dot): a lane's word is one whole group, its BLOCK_WORDS u32 read in
// turn against its own x at xs[0 …], times the group's scale read from global memory; each load
// instruction spans 4·BLOCK_WORDS bytes a lane, and together they read every byte of those
// sectors once.

// Scale of group g of the step for local row r (row0 + r) at r · KL + g.
var<workgroup> part_scales: array<f32, R * KL>;

fn tile_stage(t: u32, row0: u32, lid: u32) {
  let first = t * KL;
  let count = min(KL, params.groups - first);
  let last = params.rows - 1u;
  for (var i = lid; i < R * KL; i += WG) {
    let g = i % KL;
    if (g < count) {
      let group = min(row0 + i / KL, last) * params.groups + first + g;
      part_scales[i] = unpack2x16float(scales[group / 2u])[group % 2u];
    }
  }
}

// gemv_tile calls this for group w = t·KL + lane of the row (lanes past the row's end are not
// called); `xi` (the lane's own group's x) is not used: each u32 finds its group's x itself.
fn tile_dot(row: u32, w: u32, xi: u32) -> f32 {
  let lane = w % KL;
  let first = w - lane;
  let count = min(KL, params.groups - first);
  let base = row * row_words() + first * BLOCK_WORDS;
  // The workgroup's rows are row0 … row0 + R − 1, row0 a multiple of R (past-the-end rows are
  // clamped to the last, which is still in the workgroup).
  let r = row % R;
  var s = 0.0;
  for (var k = 0u; k < BLOCK_WORDS; k++) {
    let p = k * count + lane;
    let g = p / BLOCK_WORDS;
    let u = weights[(base + p) / 4u][(base + p) % 4u];
    s += tile_part(u, p % BLOCK_WORDS, g * XPG) * part_scales[r * KL + g];
  }
  return s;
}
