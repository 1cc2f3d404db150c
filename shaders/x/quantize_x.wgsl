// x quantized to int8 on the GPU for the DP4A GEMVs, inside the timed work (one dispatch before
// the product): one invocation per group of 32 values. A group's scale is max |x| / 127 with its
// mantissa cut to f16's 10 bits (kept as an f32), each q = round(x / scale) clamped to ±127 (0 when
// the scale is 0), and the group's Σ q for weights stored with an offset (int4's +8).
// x: K f32 (K/4 vec4). xq: 12 words (48 bytes) per group g, at 12g: 8 words of four int8 (k % 4 = byte),
// the scale's f32 bits, Σ q as an i32, two zero words (so a group is three 16-byte words).
// bytes = 4K read + 1.5K written; no FLOPs counted (it is part of the GEMV case).

struct Params {
  groups: u32,
}

@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<storage, read> x: array<vec4<f32>>;
@group(0) @binding(2) var<storage, read_write> xq: array<u32>;

@compute @workgroup_size(64)
fn quantize_x(
  @builtin(local_invocation_index) lid: u32,
  @builtin(workgroup_id) wid: vec3<u32>,
  @builtin(num_workgroups) nwg: vec3<u32>,
) {
  let g = (wid.x + wid.y * nwg.x) * 64u + lid;
  if (g >= params.groups) {
    return;
  }
  var amax = 0.0;
  for (var j = 0u; j < 8u; j++) {
    let v = abs(x[8u * g + j]);
    amax = max(amax, max(max(v.x, v.y), max(v.z, v.w)));
  }
  // max |x| / 127 with its mantissa cut to f16's 10 bits, by bits: a round trip through f16
  // (pack2x16float, unpack2x16float) is folded away by some drivers (lavapipe), so the scale would
  // differ by driver; this one is the same everywhere, and a CPU reference can repeat it.
  let scale = bitcast<f32>(bitcast<u32>(amax / 127.0) & 0xffffe000u);
  let inverse = select(0.0, 1.0 / scale, scale > 0.0);
  var sum = 0i;
  for (var j = 0u; j < 8u; j++) {
    let q = vec4<i32>(clamp(round(x[8u * g + j] * inverse), vec4<f32>(-127.0), vec4<f32>(127.0)));
    sum += q.x + q.y + q.z + q.w;
    xq[12u * g + j] = pack4xI8(q);
  }
  xq[12u * g + 8u] = bitcast<u32>(scale);
  xq[12u * g + 9u] = bitcast<u32>(sum);
  xq[12u * g + 10u] = 0u;
  xq[12u * g + 11u] = 0u;
}
