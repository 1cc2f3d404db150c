// The lanes' partial sums of a GPU-class GEMV (shaders/gemv/tile/gemv_tile.wgsl,
// shaders/gemv/regx/gemv_regx.wgsl) meeting in workgroup memory, once, after the K loop: each of
// the WG / KL teams sums its KL lanes' partials for its RPT rows in a tree (1 + log2 KL barriers),
// and lane 0 writes them. `red` holds what is used: RPT partials per invocation, WG · RPT f32
// (r8-wg256: 1 KiB, not the WG · R = 8 KiB of the R rows).

var<workgroup> red: array<f32, WG * RPT>;

/** Rows first … first + RPT − 1 (those below params.rows) get the team's sums of `acc`. */
fn reduce_tree(acc: array<f32, 8>, first: u32, lane: u32, lid: u32) {
  for (var j = 0u; j < RPT; j++) {
    red[j * WG + lid] = acc[j];
  }
  workgroupBarrier();
  for (var s = KL / 2u; s > 0u; s /= 2u) {
    if (lane < s) {
      for (var j = 0u; j < RPT; j++) {
        red[j * WG + lid] += red[j * WG + lid + s];
      }
    }
    workgroupBarrier();
  }
  if (lane == 0u) {
    for (var j = 0u; j < RPT; j++) {
      if (first + j < params.rows) {
        y[params.rowOffset + first + j] = red[j * WG + lid];
      }
    }
  }
}
