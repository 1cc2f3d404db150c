// GEMV's shared declarations: parameters, bindings and the workgroup index. Prepended (after
// the format's shaders/weights/weights_<format>.wgsl) to gemv.wgsl or gemv_subgroup.wgsl (and to
// the tile and register forms, shaders/gemv/tile/ and shaders/gemv/regx/).
// W is N×K in a weight format, x is K f32, y is N f32. Large matrices run as row chunks, one
// dispatch each: `weights`/`scales` hold the chunk, params.rows its row count, params.rowOffset
// where its outputs go in y.

override WG: u32 = 64u;

struct Params {
  rows: u32,      // rows in this chunk
  groups: u32,    // groups of 32 weights per row (K / 32)
  rowOffset: u32, // index in y of this chunk's first row
  _pad: u32,
}

@group(0) @binding(0) var<uniform> params: Params;
// binding 1, x: gemv_x_f32.wgsl, or the DP4A weights code's int8 xq.
@group(0) @binding(2) var<storage, read> weights: array<vec4<u32>>;
@group(0) @binding(3) var<storage, read> scales: array<u32>;
@group(0) @binding(4) var<storage, read_write> y: array<f32>;

fn workgroup_index(wid: vec3<u32>, nwg: vec3<u32>) -> u32 {
  return wid.x + wid.y * nwg.x;
}
