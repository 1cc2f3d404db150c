// Weight format fp16, native variant (needs shader-f16; the host prepends `enable f16;`): the
// same layout as weights_fp16.wgsl — two f16 per u32, the even k in the low half — unpacked and
// converted to f16 (halves16), multiplied and summed four at a time in f16, and
// accumulated in f32 across the group. Defines group_dot and dequant_vec (see weights_f32.wgsl).

// unpack2x16float and a conversion, not a bitcast to f16: naga types that as f32 and rejects it.
fn halves16(a: u32, b: u32) -> vec4<f16> {
  return vec4<f16>(vec4<f32>(unpack2x16float(a), unpack2x16float(b)));
}

fn dequant_vec(row: u32, g: u32, j: u32) -> vec4<f32> {
  let v = weights[(row * params.groups + g) * 4u + j / 2u];
  return vec4<f32>(select(halves16(v.x, v.y), halves16(v.z, v.w), (j & 1u) == 1u));
}

fn dot16(w: vec4<f16>, xv: vec4<f32>) -> f32 {
  return f32(dot(w, vec4<f16>(xv)));
}

fn group_dot(row: u32, g: u32) -> f32 {
  let b = (row * params.groups + g) * 4u;
  let xb = 8u * g;
  let v0 = weights[b];
  let v1 = weights[b + 1u];
  let v2 = weights[b + 2u];
  let v3 = weights[b + 3u];
  return dot16(halves16(v0.x, v0.y), x[xb]) + dot16(halves16(v0.z, v0.w), x[xb + 1u]) +
    dot16(halves16(v1.x, v1.y), x[xb + 2u]) + dot16(halves16(v1.z, v1.w), x[xb + 3u]) +
    dot16(halves16(v2.x, v2.y), x[xb + 4u]) + dot16(halves16(v2.z, v2.w), x[xb + 5u]) +
    dot16(halves16(v3.x, v3.y), x[xb + 6u]) + dot16(halves16(v3.z, v3.w), x[xb + 7u]);
}

const GROUPED = false;

fn group_scale(group: u32) -> f32 {
  return 1.0;
}

fn eight_dot(row: u32, s: u32, xa: vec4<f32>, xb: vec4<f32>) -> f32 {
  let v = weights[row * params.groups * 4u + s];
  return dot16(halves16(v.x, v.y), xa) + dot16(halves16(v.z, v.w), xb);
}
