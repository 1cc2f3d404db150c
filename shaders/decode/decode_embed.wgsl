// Decode: embedding lookup. Row `token` of the tied embedding / LM-head matrix, dequantized with
// the format's weights code (shaders/weights/weights_<format>.wgsl, prepended; it defines
// dequant_vec), into row i of `out` (f32, m × hidden). The matrix may be split into row chunks, one
// dispatch each: a chunk that does not hold the token writes nothing. The token is the GPU's own
// last sample (state[0]) in decode, prompt[i] in prefill, so no token ever crosses to the CPU.

struct Params {
  rows: u32,       // rows of the matrix in this chunk
  groups: u32,     // hidden / 32
  rowStart: u32,   // the chunk's first row (token id)
  fromPrompt: u32, // 1: tokens from `prompt`; 0: state[0]
}

@group(0) @binding(0) var<uniform> params: Params;
// x is named for the weights code (its group_dot reads it) but unused here.
@group(0) @binding(1) var<storage, read> x: array<vec4<f32>>;
@group(0) @binding(2) var<storage, read> weights: array<vec4<u32>>;
@group(0) @binding(3) var<storage, read> scales: array<u32>;
@group(0) @binding(4) var<storage, read_write> out: array<vec4<f32>>;
@group(0) @binding(5) var<storage, read> state: array<u32>;
@group(0) @binding(6) var<storage, read> prompt: array<u32>;

@compute @workgroup_size(64)
fn embed(@builtin(global_invocation_id) gid: vec3<u32>) {
  let v = gid.x; // vec4 index along hidden
  let i = gid.y; // token row
  let perRow = params.groups * 8u;
  if (v >= perRow) {
    return;
  }
  let token = select(state[0], prompt[i], params.fromPrompt == 1u);
  if (token < params.rowStart || token >= params.rowStart + params.rows) {
    return;
  }
  out[i * perRow + v] = dequant_vec(token - params.rowStart, v / 8u, v % 8u);
}
