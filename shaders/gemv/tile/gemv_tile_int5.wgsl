// gemv_tile's words for weight format int5 (groups of 32 in 20 bytes: u32 0–3 the low four bits
// of weights 8e … 8e + 7 as int4 keeps them, byte b's low nibble weight 8e + b and its high one
// 8e + b + 4; u32 4 the fifth bit of weight j at bit j; q = stored − 16; an f16 scale per group).
// A tile word is one group (WPG = 1, XV = 8), read as int3's is: of the step's A groups (A = KL,
// or fewer at the row's end), lane l reads u32 k·A + l for k = 0 … 4 — each load instruction 4·A
// contiguous bytes, coalesced — and adds what that one u32 contributes to its group's dot
// product, since q = lo + 16·hi − 16 splits over the two parts: Σ q·x = Σ lo·x (u32 0–3, eight
// weights each) + Σ (16·hi − 16)·x (u32 4, all 32), each times the group's scale. The scales of
// the workgroup's R rows for the step are staged first (tile_stage), since a lane's five u32
// belong to up to five groups. Rows start at row · row_words() u32 (blockConstants, from the
// registry entry).

const WPG: u32 = 1u;
const XV: u32 = 8u;

// Scale of group g of the step for local row r (row0 + r) at r · KL + g.
var<workgroup> int5_scales: array<f32, R * KL>;

fn tile_stage(t: u32, row0: u32, lid: u32) {
  let first = t * KL;
  let count = min(KL, params.groups - first);
  let last = params.rows - 1u;
  for (var i = lid; i < R * KL; i += WG) {
    let g = i % KL;
    if (g < count) {
      let group = min(row0 + i / KL, last) * params.groups + first + g;
      int5_scales[i] = unpack2x16float(scales[group / 2u])[group % 2u];
    }
  }
}

/** Four low nibbles (bits 0–3 of each byte of u) as values 0…15. */
fn tile_int5_lo4(u: u32) -> vec4<f32> {
  return vec4<f32>((vec4<u32>(u) >> vec4<u32>(0u, 8u, 16u, 24u)) & vec4<u32>(15u));
}

/** Four fifth bits (bits 0…3 of h) as 16 · hi − 16. */
fn tile_int5_hi4(h: u32) -> vec4<f32> {
  let b = (vec4<u32>(h) >> vec4<u32>(0u, 1u, 2u, 3u)) & vec4<u32>(1u);
  return vec4<f32>(b) * 16.0 - vec4<f32>(16.0);
}

/** What u32 `part` of a group adds (0–3: the nibbles of weights 8·part …; 4: the fifth bits). */
fn tile_int5_part(u: u32, part: u32, xi: u32) -> f32 {
  if (part == 4u) {
    return dot(tile_int5_hi4(u), vec4<f32>(xs[xi])) +
      dot(tile_int5_hi4(u >> 4u), vec4<f32>(xs[xi + 1u])) +
      dot(tile_int5_hi4(u >> 8u), vec4<f32>(xs[xi + 2u])) +
      dot(tile_int5_hi4(u >> 12u), vec4<f32>(xs[xi + 3u])) +
      dot(tile_int5_hi4(u >> 16u), vec4<f32>(xs[xi + 4u])) +
      dot(tile_int5_hi4(u >> 20u), vec4<f32>(xs[xi + 5u])) +
      dot(tile_int5_hi4(u >> 24u), vec4<f32>(xs[xi + 6u])) +
      dot(tile_int5_hi4(u >> 28u), vec4<f32>(xs[xi + 7u]));
  }
  let xl = xi + 2u * part;
  return dot(tile_int5_lo4(u), vec4<f32>(xs[xl])) + dot(tile_int5_lo4(u >> 4u), vec4<f32>(xs[xl + 1u]));
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
  for (var k = 0u; k < 5u; k++) {
    let p = k * count + lane;
    let g = p / 5u;
    let u = weights[(base + p) / 4u][(base + p) % 4u];
    s += tile_int5_part(u, p % 5u, g * XPG) * int5_scales[r * KL + g];
  }
  return s;
}
