// GEMV with a subgroup per row, no barrier and no workgroup memory, where the device grants
// `subgroups` and the WGSL language feature subgroup_id (a module of its own, so that
// gemv_subgroup needs only `subgroups`; the weights code and gemv_common.wgsl are prepended).
// The workgroup's ROWS rows are dealt out to its subgroups; each subgroup's lanes take every
// subgroup_size-th group of its row, subgroupAdd sums them, lane 0 writes y. The classic
// warp-per-row GEMV of GPU inference engines, whatever the subgroup size.
override ROWS: u32 = 16u;

@compute @workgroup_size(WG)
fn gemv_subgroup_rows(
  @builtin(workgroup_id) wid: vec3<u32>,
  @builtin(num_workgroups) nwg: vec3<u32>,
  @builtin(subgroup_invocation_id) lane: u32,
  @builtin(subgroup_size) width: u32,
  @builtin(subgroup_id) sg: u32,
  @builtin(num_subgroups) subgroups: u32,
) {
  let first = workgroup_index(wid, nwg) * ROWS;
  for (var r = sg; r < ROWS; r += subgroups) {
    let row = first + r;
    // Uniform across the subgroup: every lane has the same row.
    if (row >= params.rows) {
      break;
    }
    var acc = 0.0;
    for (var g = lane; g < params.groups; g += width) {
      acc += group_dot(row, g);
    }
    let total = subgroupAdd(acc);
    if (lane == 0u) {
      y[params.rowOffset + row] = total;
    }
  }
}
