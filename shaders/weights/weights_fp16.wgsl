// Weight format fp16 (16 bits/weight): two f16 per u32, the even k in the low half; a group of 32
// weights is four 16-byte words. Unpacked with unpack2x16float, so it runs on every adapter (no
// shader-f16 needed). Defines group_dot and dequant_vec (see weights_f32.wgsl).

fn halves(a: u32, b: u32) -> vec4<f32> {
  return vec4<f32>(unpack2x16float(a), unpack2x16float(b));
}

fn dequant_vec(row: u32, g: u32, j: u32) -> vec4<f32> {
  let v = weights[(row * params.groups + g) * 4u + j / 2u];
  return select(halves(v.x, v.y), halves(v.z, v.w), (j & 1u) == 1u);
}

fn group_dot(row: u32, g: u32) -> f32 {
  let b = (row * params.groups + g) * 4u;
  let xb = 8u * g;
  let v0 = weights[b];
  let v1 = weights[b + 1u];
  let v2 = weights[b + 2u];
  let v3 = weights[b + 3u];
  return dot(halves(v0.x, v0.y), x[xb]) + dot(halves(v0.z, v0.w), x[xb + 1u]) +
    dot(halves(v1.x, v1.y), x[xb + 2u]) + dot(halves(v1.z, v1.w), x[xb + 3u]) +
    dot(halves(v2.x, v2.y), x[xb + 4u]) + dot(halves(v2.z, v2.w), x[xb + 5u]) +
    dot(halves(v3.x, v3.y), x[xb + 6u]) + dot(halves(v3.z, v3.w), x[xb + 7u]);
}

const GROUPED = false;

fn group_scale(group: u32) -> f32 {
  return 1.0;
}

fn eight_dot(row: u32, s: u32, xa: vec4<f32>, xb: vec4<f32>) -> f32 {
  let v = weights[row * params.groups * 4u + s];
  return dot(halves(v.x, v.y), xa) + dot(halves(v.z, v.w), xb);
}
