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
