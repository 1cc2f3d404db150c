// GEMV, four rows per invocation (the format's shaders/weights/weights_<format>.wgsl,
// gemv_x_f32.wgsl and gemv_common.wgsl are prepended). Each invocation walks K eight weights (two x
// vec4s) at a time with eight_dot, so one load of x serves four rows: on software adapters, where
// every load is paid per invocation, that halves the loads of the one-row kernel. The loop is flat
// (they run nested loops slower); the partial sums take the group's scale every fourth step.
// No DP4A form: x is f32 here.

@compute @workgroup_size(WG)
fn gemv_rows4(
  @builtin(local_invocation_index) lid: u32,
  @builtin(workgroup_id) wid: vec3<u32>,
  @builtin(num_workgroups) nwg: vec3<u32>,
) {
  let r0 = (workgroup_index(wid, nwg) * WG + lid) * 4u;
  if (r0 >= params.rows) {
    return;
  }
  // Rows past the end (N not a multiple of 4) repeat the last row and are not written.
  let last = params.rows - 1u;
  let r1 = min(r0 + 1u, last);
  let r2 = min(r0 + 2u, last);
  let r3 = min(r0 + 3u, last);
  var a0 = 0.0;
  var a1 = 0.0;
  var a2 = 0.0;
  var a3 = 0.0;
  var p0 = 0.0;
  var p1 = 0.0;
  var p2 = 0.0;
  var p3 = 0.0;
  for (var s = 0u; s < params.groups * 4u; s++) {
    let xa = x[2u * s];
    let xb = x[2u * s + 1u];
    p0 += eight_dot(r0, s, xa, xb);
    p1 += eight_dot(r1, s, xa, xb);
    p2 += eight_dot(r2, s, xa, xb);
    p3 += eight_dot(r3, s, xa, xb);
    if (GROUPED && (s & 3u) == 3u) {
      let g = s / 4u;
      a0 += p0 * group_scale(r0 * params.groups + g);
      a1 += p1 * group_scale(r1 * params.groups + g);
      a2 += p2 * group_scale(r2 * params.groups + g);
      a3 += p3 * group_scale(r3 * params.groups + g);
      p0 = 0.0;
      p1 = 0.0;
      p2 = 0.0;
      p3 = 0.0;
    }
  }
  // Ungrouped formats never scale: their sums are all in p.
  let out = params.rowOffset + r0;
  y[out] = a0 + p0;
  if (r0 + 1u <= last) {
    y[out + 1u] = a1 + p1;
  }
  if (r0 + 2u <= last) {
    y[out + 2u] = a2 + p2;
  }
  if (r0 + 3u <= last) {
    y[out + 3u] = a3 + p3;
  }
}
