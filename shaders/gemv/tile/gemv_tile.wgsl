// GEMV y = W·x laid out for GPUs (x's declaration with `alias XV4`, shaders/gemv/gemv_common.wgsl
// and the format's gemv_tile_<format>[_f16|_dp4a].wgsl, which defines WPG, XV and tile_dot, and
// may define tile_stage, are prepended; the x file, shaders/gemv/tile/x/gemv_tile_x_<form>.wgsl,
// defines XPG, x's XV4s per group of 32).
// A workgroup of WG invocations covers R output rows: WG / KL teams of KL lanes along K, each
// team R ÷ (WG / KL) rows. Step t stages the x of KL consecutive 16-byte weight words (KL / WPG ·
// XPG XV4s, loaded once, coalesced) in workgroup memory; lane l then reads word t·KL + l of each of
// its team's rows — neighbouring lanes, neighbouring 16-byte words — against that x. Every row of
// the workgroup reuses the one global load of x; each step waits at two barriers (before staging,
// before reading). Partial sums meet in a workgroup-memory tree over the KL lanes
// (shaders/gemv/gemv_reduce_tree.wgsl), or with subgroupAdd where `subgroups` is granted
// (gemv_tile_sg, shaders/gemv/gemv_reduce_sg.wgsl).
// bytes = weights + scales (exact, src/kernels/formats.ts) + x as read (f32: 4K, f16: 2K; DP4A:
// 4K + 1.5K written by shaders/x/quantize_x.wgsl, 1.5K read here) + 4N;
// flops = 2·N·K. Rows past N repeat the last row and are not written.

override R: u32 = 8u;
override KL: u32 = 32u;
// R / (WG / KL): rows each team takes; at most 8.
override RPT: u32 = 1u;

// x of one step: KL words = KL / WPG groups of XPG XV4s.
var<workgroup> xs: array<XV4, KL / WPG * XPG>;

/** Stages step t's x (KL words' worth) in xs; zeros past K. */
fn stage_x(t: u32, lid: u32) {
  let size = KL / WPG * XPG;
  let first = t * size;
  let last = params.groups * XPG;
  for (var i = lid; i < size; i += WG) {
    // Past K: zeros, and no load (a short row must not fetch a whole step's x).
    if (first + i < last) {
      xs[i] = x[first + i];
    } else {
      xs[i] = XV4();
    }
  }
}

/** Lane `lane`'s partial sums over its team's rows (acc[j] for row first + j). */
fn lane_sums(first: u32, lane: u32, lid: u32) -> array<f32, 8> {
  var acc: array<f32, 8>;
  let words = params.groups * WPG;
  let last = params.rows - 1u;
  for (var t = 0u; t * KL < words; t++) {
    workgroupBarrier();
    stage_x(t, lid);
    // The format's own staging for the step (a no-op for most; first − first % R is row0).
    tile_stage(t, first - first % R, lid);
    workgroupBarrier();
    let w = t * KL + lane;
    if (w < words) {
      for (var j = 0u; j < RPT; j++) {
        acc[j] += tile_dot(min(first + j, last), w, lane / WPG * XPG + lane % WPG * XV);
      }
    }
  }
  return acc;
}

@compute @workgroup_size(WG)
fn gemv_tile(
  @builtin(local_invocation_index) lid: u32,
  @builtin(workgroup_id) wid: vec3<u32>,
  @builtin(num_workgroups) nwg: vec3<u32>,
) {
  let row0 = workgroup_index(wid, nwg) * R;
  if (row0 >= params.rows) {
    return;
  }
  let lane = lid % KL;
  let team = lid / KL;
  let first = row0 + team * RPT;
  reduce_tree(lane_sums(first, lane, lid), first, lane, lid);
}
