// Decode: the mixture-of-experts glue. route_gates: row i's experts (route, chosen on the host
// per token and layer, `k` of `experts`) get a softmax over the router's logits at them, the
// others 0 (gates is [row][expert]). moe_accumulate: x += gates[i][expert] · t, the expert's
// output into the residual stream (a row that did not choose it adds 0). For a prompt, each
// expert runs on the rows that chose it only: moe_gather copies them (rows: their indices,
// from routeAt) into a compact block, and moe_scatter adds row j of the output to row rows[j]
// of x. f32.

struct Params {
  count4: u32,  // vec4s per row of x (hidden / 4)
  m: u32,
  experts: u32,
  k: u32,       // route_gates: experts per token; moe_accumulate: the expert
  routeAt: u32, // route_gates: this layer's first word in `route`; gather/scatter: in `rows`
  _pad0: u32,
  _pad1: u32,
  _pad2: u32,
}

@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<storage, read> logits: array<f32>;
@group(0) @binding(2) var<storage, read> route: array<u32>;
@group(0) @binding(3) var<storage, read_write> gates: array<f32>;

@compute @workgroup_size(64)
fn route_gates(@builtin(global_invocation_id) gid: vec3<u32>) {
  let i = gid.x;
  if (i >= params.m) {
    return;
  }
  let row = i * params.experts;
  for (var e = 0u; e < params.experts; e++) {
    gates[row + e] = 0.0;
  }
  let at = params.routeAt + i * params.k;
  var top = -3.0e38;
  for (var j = 0u; j < params.k; j++) {
    top = max(top, logits[row + route[at + j]]);
  }
  var sum = 0.0;
  for (var j = 0u; j < params.k; j++) {
    sum += exp(logits[row + route[at + j]] - top);
  }
  for (var j = 0u; j < params.k; j++) {
    let e = route[at + j];
    gates[row + e] = exp(logits[row + e] - top) / sum;
  }
}

@group(0) @binding(4) var<storage, read> t: array<vec4<f32>>;
@group(0) @binding(5) var<storage, read_write> x: array<vec4<f32>>;
@group(0) @binding(6) var<storage, read> gatesIn: array<f32>;

@compute @workgroup_size(64)
fn moe_accumulate(@builtin(global_invocation_id) gid: vec3<u32>) {
  let v = gid.x;
  let i = gid.y;
  if (v >= params.count4 || i >= params.m) {
    return;
  }
  let at = i * params.count4 + v;
  x[at] = x[at] + gatesIn[i * params.experts + params.k] * t[at];
}

@group(0) @binding(7) var<storage, read> rows: array<u32>;
@group(0) @binding(8) var<storage, read> xn: array<vec4<f32>>;
@group(0) @binding(9) var<storage, read_write> xg: array<vec4<f32>>;

/** xg row j = xn row rows[routeAt + j]; the dispatch covers the expert's rows only. */
@compute @workgroup_size(64)
fn moe_gather(@builtin(global_invocation_id) gid: vec3<u32>) {
  let v = gid.x;
  let j = gid.y;
  if (v >= params.count4 || j >= params.m) {
    return;
  }
  xg[j * params.count4 + v] = xn[rows[params.routeAt + j] * params.count4 + v];
}

/** x row rows[routeAt + j] += its gate for expert k · t row j (distinct rows: no races). */
@compute @workgroup_size(64)
fn moe_scatter(@builtin(global_invocation_id) gid: vec3<u32>) {
  let v = gid.x;
  let j = gid.y;
  if (v >= params.count4 || j >= params.m) {
    return;
  }
  let i = rows[params.routeAt + j];
  let at = i * params.count4 + v;
  x[at] = x[at] + gatesIn[i * params.experts + params.k] * t[j * params.count4 + v];
}
