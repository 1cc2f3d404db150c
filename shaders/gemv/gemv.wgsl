// GEMV y = W·x for decode (gemv_common.wgsl and the format's
// shaders/weights/weights_<format>.wgsl, which defines group_dot, are prepended).
// bytes = weights + scales of the matrix (exact, see src/kernels/formats.ts) + 4K (x) + 4N (y);
// flops = 2·N·K.
//
// Entry points (variants):
//   gemv_row   one invocation per row, walking the row's groups. No barriers: best where a
//              barrier is expensive (software adapters).
//   gemv_team  TEAM invocations per row, each taking every TEAM-th group, reduced through
//              workgroup memory: coalesced loads and more parallelism for GPUs.
// (gemv_subgroup.wgsl: the team reduction with subgroup operations, where they are granted;
// gemv_rows4.wgsl: four rows per invocation.)

override TEAM: u32 = 32u;

var<workgroup> partial: array<f32, WG>;

@compute @workgroup_size(WG)
fn gemv_row(
  @builtin(local_invocation_index) lid: u32,
  @builtin(workgroup_id) wid: vec3<u32>,
  @builtin(num_workgroups) nwg: vec3<u32>,
) {
  let row = workgroup_index(wid, nwg) * WG + lid;
  if (row >= params.rows) {
    return;
  }
  var acc = 0.0;
  for (var g = 0u; g < params.groups; g++) {
    acc += group_dot(row, g);
  }
  y[params.rowOffset + row] = acc;
}

@compute @workgroup_size(WG)
fn gemv_team(
  @builtin(local_invocation_index) lid: u32,
  @builtin(workgroup_id) wid: vec3<u32>,
  @builtin(num_workgroups) nwg: vec3<u32>,
) {
  let lane = lid % TEAM;
  let row = workgroup_index(wid, nwg) * (WG / TEAM) + lid / TEAM;
  var acc = 0.0;
  if (row < params.rows) {
    for (var g = lane; g < params.groups; g += TEAM) {
      acc += group_dot(row, g);
    }
  }
  partial[lid] = acc;
  workgroupBarrier();
  for (var s = TEAM / 2u; s > 0u; s /= 2u) {
    if (lane < s) {
      partial[lid] += partial[lid + s];
    }
    workgroupBarrier();
  }
  if (lane == 0u && row < params.rows) {
    y[params.rowOffset + row] = partial[lid];
  }
}
