// GEMV y = W·x for decode: W is N×K in a weight format (weights_<format>.wgsl is prepended and
// defines group_dot), x is K f32, y is N f32. Large matrices run as row chunks, one dispatch
// each: `weights`/`scales` hold the chunk, params.rows its row count, params.rowOffset where its
// outputs go in y.
// bytes = weights + scales of the matrix (exact, see src/kernels/formats.ts) + 4K (x) + 4N (y);
// flops = 2·N·K.
//
// Entry points (variants):
//   gemv_row   one invocation per row, walking the row's groups. No barriers: best where a
//              barrier is expensive (software adapters).
//   gemv_team  TEAM invocations per row, each taking every TEAM-th group, reduced through
//              workgroup memory: coalesced loads and more parallelism for GPUs.

override WG: u32 = 64u;
override TEAM: u32 = 32u;

struct Params {
  rows: u32,      // rows in this chunk
  groups: u32,    // groups of 32 weights per row (K / 32)
  rowOffset: u32, // index in y of this chunk's first row
  _pad: u32,
}

@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<storage, read> x: array<vec4<f32>>;
@group(0) @binding(2) var<storage, read> weights: array<vec4<u32>>;
@group(0) @binding(3) var<storage, read> scales: array<u32>;
@group(0) @binding(4) var<storage, read_write> y: array<f32>;

var<workgroup> partial: array<f32, WG>;

fn workgroup_index(wid: vec3<u32>, nwg: vec3<u32>) -> u32 {
  return wid.x + wid.y * nwg.x;
}

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
