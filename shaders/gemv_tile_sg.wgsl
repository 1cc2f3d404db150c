// GEMV laid out for GPUs, reduced with subgroup operations (appended to gemv_tile.wgsl; needs
// `subgroups` and the subgroup_id language feature). The same lanes, x staging and loads as
// gemv_tile; then for each of the workgroup's R rows, subgroupAdd sums the lanes' partials (lanes
// of other teams add 0, so any subgroup size or layout gives the same total), the first lane of
// each subgroup writes its sum, and R invocations add the num_subgroups sums. One barrier instead
// of log2 KL.

@compute @workgroup_size(WG)
fn gemv_tile_sg(
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
  let acc = lane_sums(row0 + team * RPT, lane, lid);
  for (var r = 0u; r < R; r++) {
    let mine = r / RPT == team;
    let total = subgroupAdd(select(0.0, acc[r % RPT], mine));
    if (sgLane == 0u) {
      red[sg * R + r] = total;
    }
  }
  workgroupBarrier();
  if (lid < R && row0 + lid < params.rows) {
    var total = 0.0;
    for (var i = 0u; i < subgroups; i++) {
      total += red[i * R + lid];
    }
    y[params.rowOffset + row0 + lid] = total;
  }
}
