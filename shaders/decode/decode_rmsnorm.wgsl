// Decode: RMSNorm, one workgroup per row: out[i] = x[inRow + i] / sqrt(mean(x²) + eps) · gain.
// f32 throughout; the sum of squares is reduced in workgroup memory.

struct Params {
  hidden4: u32, // hidden / 4
  inRow: u32,   // first input row (the last prompt row, for the final norm of a prefill)
  eps: f32,
  _pad: u32,
}

@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<storage, read> x: array<vec4<f32>>;
@group(0) @binding(2) var<storage, read> gain: array<vec4<f32>>;
@group(0) @binding(3) var<storage, read_write> out: array<vec4<f32>>;

const WG = 64u;
var<workgroup> partial: array<f32, WG>;

@compute @workgroup_size(WG)
fn rmsnorm(@builtin(local_invocation_index) lid: u32, @builtin(workgroup_id) wid: vec3<u32>) {
  let src = (params.inRow + wid.x) * params.hidden4;
  let dst = wid.x * params.hidden4;
  var acc = 0.0;
  for (var v = lid; v < params.hidden4; v += WG) {
    let e = x[src + v];
    acc += dot(e, e);
  }
  partial[lid] = acc;
  workgroupBarrier();
  for (var s = WG / 2u; s > 0u; s /= 2u) {
    if (lid < s) {
      partial[lid] += partial[lid + s];
    }
    workgroupBarrier();
  }
  let inv = inverseSqrt(partial[0] / f32(params.hidden4 * 4u) + params.eps);
  for (var v = lid; v < params.hidden4; v += WG) {
    out[dst + v] = x[src + v] * inv * gain[v];
  }
}
