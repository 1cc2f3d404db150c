// GEMM entry gemm_pad (appended to gemm.wgsl, which declares the bindings and params; the
// variant prepends `const PAD_T: u32 = …; const PAD_W: u32 = …; const PAD_KV: u32 = …;` and
// `alias PadT = f32;`, or `f16` with shader-f16: f16 tiles and f16 dot products of four, summed
// in f32): the workgroup (PAD_W × PAD_W invocations) computes a PAD_T × PAD_T block of Y, each invocation a
// 4×4 register tile. K advances PAD_KV vec4s at a time (a group of 32: 8; half of one: 4): X's
// and W's rows for that stretch are staged in workgroup memory, W dequantized once per
// workgroup. Rows are padded by one vec4 and each invocation takes rows lid + PAD_W · r (not
// four adjacent ones), so the PAD_W invocations that read different rows of a tile at the same
// step hit different banks: row i starts at vec4 i · (PAD_KV + 1), and PAD_KV + 1 is odd.
// Variants: tile32-pad (8×8 invocations, 32×32, 8 vec4 per stage), tile64-pad
// (16×16 = 256 invocations, 64×64, 4 vec4 per stage: 10 KiB of workgroup memory; tile32-pad
// 9 KiB) and tile32-pad-f16 (tile32-pad in f16: 4.5 KiB).
// bytes and FLOPs as gemm.wgsl.

const PAD_ROW: u32 = PAD_KV + 1u;
var<workgroup> xp: array<vec4<PadT>, PAD_T * PAD_ROW>;
var<workgroup> wp: array<vec4<PadT>, PAD_T * PAD_ROW>;

/** One k-step of four columns: a row of X against rows w0…w3 of W, summed in f32. */
fn outer_pad(x: vec4<PadT>, w0: vec4<PadT>, w1: vec4<PadT>, w2: vec4<PadT>, w3: vec4<PadT>) -> vec4<f32> {
  return vec4<f32>(f32(dot(x, w0)), f32(dot(x, w1)), f32(dot(x, w2)), f32(dot(x, w3)));
}

fn store_one(m: u32, n: u32, v: f32) {
  if (m < params.m && n < params.rows) {
    y[m * params.ldy + params.rowOffset + n] = v;
  }
}

@compute @workgroup_size(PAD_W, PAD_W)
fn gemm_pad(
  @builtin(local_invocation_id) lid: vec3<u32>,
  @builtin(local_invocation_index) li: u32,
  @builtin(workgroup_id) wid: vec3<u32>,
) {
  let blockN = wid.x * PAD_T;
  let blockM = wid.y * PAD_T;
  let kv = params.groups * 8u;
  let lanes = PAD_W * PAD_W;
  var acc: array<vec4<f32>, 4>; // acc[r][c]: Y row lid.y + PAD_W·r, column lid.x + PAD_W·c
  for (var g = 0u; g < params.groups; g++) {
    for (var j0 = 0u; j0 < 8u; j0 += PAD_KV) {
      // PAD_T rows × PAD_KV vec4 of X and of W; neighbouring invocations take neighbouring vec4.
      for (var e = li; e < PAD_T * PAD_KV; e += lanes) {
        let row = e / PAD_KV;
        let j = e % PAD_KV;
        let m = min(blockM + row, params.m - 1u);
        xp[row * PAD_ROW + j] = vec4<PadT>(x[m * kv + 8u * g + j0 + j]);
        wp[row * PAD_ROW + j] = vec4<PadT>(dequant_vec(min(blockN + row, params.rows - 1u), g, j0 + j));
      }
      workgroupBarrier();
      for (var j = 0u; j < PAD_KV; j++) {
        let w0 = wp[lid.x * PAD_ROW + j];
        let w1 = wp[(lid.x + PAD_W) * PAD_ROW + j];
        let w2 = wp[(lid.x + 2u * PAD_W) * PAD_ROW + j];
        let w3 = wp[(lid.x + 3u * PAD_W) * PAD_ROW + j];
        for (var r = 0u; r < 4u; r++) {
          acc[r] += outer_pad(xp[(lid.y + r * PAD_W) * PAD_ROW + j], w0, w1, w2, w3);
        }
      }
      workgroupBarrier();
    }
  }
  for (var r = 0u; r < 4u; r++) {
    for (var c = 0u; c < 4u; c++) {
      store_one(blockM + lid.y + r * PAD_W, blockN + lid.x + c * PAD_W, acc[r][c]);
    }
  }
}
