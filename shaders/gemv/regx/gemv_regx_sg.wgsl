// GEMV with x in registers, reduced with subgroup operations (appended to gemv_regx.wgsl and
// shaders/gemv/gemv_reduce_sg.wgsl; needs `subgroups` and the subgroup_id language feature):
// gemv_regx's K loop, no barrier in it, then subgroupAdd (reduce_sg) — one barrier a workgroup in
// all.

@compute @workgroup_size(WG)
fn gemv_regx_sg(
  @builtin(local_invocation_index) lid: u32,
  @builtin(workgroup_id) wid: vec3<u32>,
  @builtin(num_workgroups) nwg: vec3<u32>,
  @builtin(subgroup_invocation_id) sgLane: u32,
  @builtin(subgroup_id) sg: u32,
  @builtin(num_subgroups) subgroups: u32,
) {
  let row0 = workgroup_index(wid, nwg) * R;
  if (row0 >= params.rows) {
    return;
  }
  let lane = lid % KL;
  let team = lid / KL;
  reduce_sg(lane_sums(row0 + team * RPT, lane), row0, team, lid, sgLane, sg, subgroups);
}
