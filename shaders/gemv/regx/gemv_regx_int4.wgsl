// gemv_regx's words for weight format int4 (after shaders/gemv/tile/gemv_tile_int4.wgsl: a 16-byte
// word is one group, WPG = 1, against the lane's eight XV4s of x in xs), unpacked with no int →
// float conversion. A nibble n (0…15) ORed into the mantissa of 2²³ (0x4B000000) is the f32 2²³ + n
// exactly, and subtracting 2²³ + 8 leaves q = n − 8 exactly: one OR and one FADD a weight where
// gemv_tile_int4's vec4<f32>(u32) is a conversion, which GPUs run at a fraction of the FMA rate
// (recent NVIDIA parts: 16 a clock per SM against 128 FP32 FMAs; issue 33's estimate: 63–70 % of
// HBM bandwidth for int4 GEMV on an H100). The mask and OR can be one three-input logic op (LOP3 on
// NVIDIA, V_AND_OR_B32 on AMD).
// Not the f16 form: unpack2x16float((u & 0x000f000f) | 0x64006400) gives 1024 + n in both halves
// with half the integer work, but naga cannot bitcast to f16 (docs/PORTABLE-WGSL.md), so the
// halves reach arithmetic only through unpack2x16float's f16 → f32 conversions (or f32 → f16 ones
// for f16 arithmetic): conversions again, at rates that differ by GPU and that no adapter here
// can time.

const REGX_INT4_MAGIC: u32 = 0x4b000000u;
// 2²³ + 8: the magic's value plus int4's zero point.
const REGX_INT4_BIAS: f32 = 8388616.0;

/** Weights 0…3 (hi = 0) or 4…7 (hi = 1) of word u, as q = stored − 8, exactly. */
fn regx_int4x4(u: u32, hi: u32) -> vec4<f32> {
  let n = (vec4<u32>(u) >> (vec4<u32>(0u, 8u, 16u, 24u) + vec4<u32>(4u * hi))) & vec4<u32>(15u);
  return bitcast<vec4<f32>>(n | vec4<u32>(REGX_INT4_MAGIC)) - vec4<f32>(REGX_INT4_BIAS);
}

fn regx_dot(row: u32, w: u32) -> f32 {
  let group = row * params.groups + w;
  let v = weights[group];
  let s = dot(regx_int4x4(v.x, 0u), xs[0]) + dot(regx_int4x4(v.x, 1u), xs[1]) +
    dot(regx_int4x4(v.y, 0u), xs[2]) + dot(regx_int4x4(v.y, 1u), xs[3]) +
    dot(regx_int4x4(v.z, 0u), xs[4]) + dot(regx_int4x4(v.z, 1u), xs[5]) +
    dot(regx_int4x4(v.w, 0u), xs[6]) + dot(regx_int4x4(v.w, 1u), xs[7]);
  return s * unpack2x16float(scales[group / 2u])[group % 2u];
}
