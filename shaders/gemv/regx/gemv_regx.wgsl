// GEMV y = W·x for GPUs with x in registers: no workgroup memory and no barrier inside the K loop
// (x's declaration with `alias XV4` and XPG, shaders/gemv/gemv_common.wgsl, the format's
// shaders/gemv/tile/gemv_tile_<format>[_f16|_dp4a].wgsl — WPG, XV, tile_dot — and, where the
// format has one, gemv_regx_<format>[…].wgsl defining regx_dot, are prepended;
// shaders/gemv/gemv_reduce_tree.wgsl too).
// The lanes and weight loads are gemv_tile's: a workgroup of WG invocations covers R rows, WG / KL
// teams of KL lanes along K, each team RPT = R ÷ (WG / KL) rows; lane l takes words l, l + KL, …
// of each of its team's rows — neighbouring lanes, neighbouring 16-byte words, RPT loads in
// flight a step. Where gemv_tile stages a step's x in workgroup memory between two barriers, here
// each lane loads its own word's x straight from global memory (x is small and stays in cache)
// into `xs`, a private array indexed by constants only (registers), and uses it for its RPT rows.
// The lanes never wait for each other in the loop; their partial sums meet once at the end:
// reduce_tree (gemv_regx: 1 + log2 KL barriers, WG · RPT f32 of workgroup memory) or subgroupAdd
// (gemv_regx_sg, shaders/gemv/gemv_reduce_sg.wgsl: one barrier).
// bytes = weights + scales + x as read (as gemv_tile) + 4N; flops = 2·N·K. Rows past N repeat the
// last row and are not written.

override R: u32 = 8u;
override KL: u32 = 32u;
// R / (WG / KL): rows each team takes; at most 8.
override RPT: u32 = 1u;

// XV4s of x a word meets: XV, its own; or where XV = 0 (int8 DP4A: both halves of a group read
// the group's x) the group's XPG.
const XR: u32 = XV + XPG * (1u - min(XV, 1u));
// The lane's x for its current word: private, filled and read at constant indices (registers).
var<private> xs: array<XV4, XR>;

/** Lane `lane`'s partial sums over its team's rows (acc[j] for row first + j); no barrier. */
fn lane_sums(first: u32, lane: u32) -> array<f32, 8> {
  var acc: array<f32, 8>;
  let words = params.groups * WPG;
  let last = params.rows - 1u;
  for (var w = lane; w < words; w += KL) {
    // The word's x (its group's where XV = 0), where gemv_tile finds it in a step's staged x.
    let xb = w / WPG * XPG + w % WPG * XV;
    for (var i = 0u; i < XR; i++) {
      xs[i] = x[xb + i];
    }
    for (var j = 0u; j < RPT; j++) {
      acc[j] += regx_dot(min(first + j, last), w);
    }
  }
  return acc;
}

@compute @workgroup_size(WG)
fn gemv_regx(
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
  reduce_tree(lane_sums(first, lane), first, lane, lid);
}
