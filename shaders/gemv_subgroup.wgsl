// GEMV with a subgroup reduction, where the device grants `subgroups` (`enable subgroups;`, the
// format's weights code and gemv_common.wgsl are prepended). One row per workgroup: each
// invocation takes every WG-th group of 32 weights; subgroupAdd sums each subgroup's lanes in
// registers; one invocation then adds the subgroup sums from workgroup memory. Only a subgroup's
// first lane writes a non-zero slot, so the total does not depend on how invocations are laid
// out in subgroups (or on the subgroup size). One barrier instead of log2(WG).

var<workgroup> sums: array<f32, WG>;

@compute @workgroup_size(WG)
fn gemv_subgroup(
  @builtin(local_invocation_index) lid: u32,
  @builtin(workgroup_id) wid: vec3<u32>,
  @builtin(num_workgroups) nwg: vec3<u32>,
  @builtin(subgroup_invocation_id) lane: u32,
) {
  let row = workgroup_index(wid, nwg);
  var acc = 0.0;
  if (row < params.rows) {
    for (var g = lid; g < params.groups; g += WG) {
      acc += group_dot(row, g);
    }
  }
  let subtotal = subgroupAdd(acc);
  sums[lid] = select(0.0, subtotal, lane == 0u);
  workgroupBarrier();
  if (lid == 0u && row < params.rows) {
    var total = 0.0;
    for (var i = 0u; i < WG; i++) {
      total += sums[i];
    }
    y[params.rowOffset + row] = total;
  }
}

// A subgroup per row, no barrier and no workgroup memory (needs the WGSL language feature
// subgroup_id as well): the workgroup's ROWS rows are dealt out to its subgroups; each subgroup's
// lanes take every subgroup_size-th group of its row, subgroupAdd sums them, lane 0 writes y.
// The classic warp-per-row GEMV of GPU inference engines, whatever the subgroup size.
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
