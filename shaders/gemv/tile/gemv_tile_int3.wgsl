// gemv_tile's words for weight format int3 (groups of 32 in 12 bytes: u32 0–1 the low bit pairs
// of weights 0…15 and 16…31, u32 2 their high bits; q = stored − 4; an f16 scale per group).
// A tile word is one group (WPG = 1, XV = 8), but a 12-byte group is read as three u32 that
// neighbouring lanes share out: of the step's A groups (A = KL, or fewer at the row's end), lane
// l reads u32 k·A + l for k = 0, 1, 2 — each load instruction 4·A contiguous bytes, coalesced —
// and adds what that one u32 contributes to its group's dot product, since q = lo + 4·hi − 4
// splits over the bit planes: Σ q·x = Σ lo·x (u32 0 and 1, 16 weights each) + Σ (4·hi − 4)·x
// (u32 2, all 32), each times the group's scale. The scales of the workgroup's R rows for the
// step are staged first (tile_stage: consecutive invocations, consecutive f16s), since a lane's
// three u32 belong to three different groups. Rows start at row · row_words() u32
// (blockConstants, from the registry entry).

const WPG: u32 = 1u;
const XV: u32 = 8u;

// Scale of group g of the step for local row r (row0 + r) at r · KL + g.
var<workgroup> int3_scales: array<f32, R * KL>;

fn tile_stage(t: u32, row0: u32, lid: u32) {
  let first = t * KL;
  let count = min(KL, params.groups - first);
  let last = params.rows - 1u;
  for (var i = lid; i < R * KL; i += WG) {
    let g = i % KL;
    if (g < count) {
      let group = min(row0 + i / KL, last) * params.groups + first + g;
      int3_scales[i] = unpack2x16float(scales[group / 2u])[group % 2u];
    }
  }
}

/** Four low bit pairs (bits 0…7 of u) as values 0…3. */
fn tile_int3_lo4(u: u32) -> vec4<f32> {
  return vec4<f32>((vec4<u32>(u) >> vec4<u32>(0u, 2u, 4u, 6u)) & vec4<u32>(3u));
}

/** Four high bits (bits 0…3 of u) as 4 · hi − 4. */
fn tile_int3_hi4(u: u32) -> vec4<f32> {
  let h = (vec4<u32>(u) >> vec4<u32>(0u, 1u, 2u, 3u)) & vec4<u32>(1u);
  return vec4<f32>(h) * 4.0 - vec4<f32>(4.0);
}

/** What u32 `kind` (0, 1: low pairs; 2: high bits) of a group adds, x from xs[xi …]. */
fn tile_int3_part(u: u32, kind: u32, xi: u32) -> f32 {
  if (kind == 2u) {
    return dot(tile_int3_hi4(u), vec4<f32>(xs[xi])) +
      dot(tile_int3_hi4(u >> 4u), vec4<f32>(xs[xi + 1u])) +
      dot(tile_int3_hi4(u >> 8u), vec4<f32>(xs[xi + 2u])) +
      dot(tile_int3_hi4(u >> 12u), vec4<f32>(xs[xi + 3u])) +
      dot(tile_int3_hi4(u >> 16u), vec4<f32>(xs[xi + 4u])) +
      dot(tile_int3_hi4(u >> 20u), vec4<f32>(xs[xi + 5u])) +
      dot(tile_int3_hi4(u >> 24u), vec4<f32>(xs[xi + 6u])) +
      dot(tile_int3_hi4(u >> 28u), vec4<f32>(xs[xi + 7u]));
  }
  let xl = xi + 4u * kind;
  return dot(tile_int3_lo4(u), vec4<f32>(xs[xl])) +
    dot(tile_int3_lo4(u >> 8u), vec4<f32>(xs[xl + 1u])) +
    dot(tile_int3_lo4(u >> 16u), vec4<f32>(xs[xl + 2u])) +
    dot(tile_int3_lo4(u >> 24u), vec4<f32>(xs[xl + 3u]));
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
  for (var k = 0u; k < 3u; k++) {
    let p = k * count + lane;
    let g = p / 3u;
    let u = weights[(base + p) / 4u][(base + p) % 4u];
    s += tile_int3_part(u, p % 3u, g * XPG) * int3_scales[r * KL + g];
  }
  return s;
}
