// The lanes' partial sums of a GPU-class GEMV meeting through subgroup operations (needs
// `subgroups` and the subgroup_id language feature): for each of the workgroup's R rows,
// subgroupAdd sums the lanes' partials (lanes of other teams add 0, so any subgroup size or
// layout gives the same total), the first lane of each subgroup writes its sum, and R invocations
// add the num_subgroups sums: one barrier. `sg_red` holds num_subgroups · R sums; subgroups have
// at least 4 invocations, so WG / 4 · R is enough.

var<workgroup> sg_red: array<f32, WG / 4u * R>;

/** Rows row0 … row0 + R − 1 (those below params.rows) get the sums of every team's `acc`. */
fn reduce_sg(acc: array<f32, 8>, row0: u32, team: u32, lid: u32, sgLane: u32, sg: u32,
    subgroups: u32) {
  for (var r = 0u; r < R; r++) {
    let mine = r / RPT == team;
    let total = subgroupAdd(select(0.0, acc[r % RPT], mine));
    if (sgLane == 0u) {
      sg_red[sg * R + r] = total;
    }
  }
  workgroupBarrier();
  if (lid < R && row0 + lid < params.rows) {
    var total = 0.0;
    for (var i = 0u; i < subgroups; i++) {
      total += sg_red[i * R + lid];
    }
    y[params.rowOffset + row0 + lid] = total;
  }
}
