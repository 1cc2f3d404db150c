// GEMM entry gemm_sgmat (appended to gemm.wgsl, which declares the bindings and params): Chrome's
// experimental subgroup matrices (`chromium-experimental-subgroup-matrix`), one variant per
// configuration an adapter may list in `adapter.info.subgroupMatrixConfigs` (src/kernels/gemm.ts
// offers a variant only where its configuration is listed; elsewhere it is refused with its
// reason, never compiled). The variant prepends
//   const SGM_M, SGM_N, SGM_K: u32  — the configuration's M×N×K;
//   const SGM_TM, SGM_TN: u32       — each subgroup's grid of accumulators (SGM_TM × SGM_TN tiles);
//   const SGM_KT: u32               — K staged per step (32: a whole group; 16 for f32 tiles);
//   alias SgT = f16 | f32;          — the configuration's component type (the staged tiles);
//   alias SgR = f16 | f32;          — its result type (the accumulators);
// and its module opens with `enable chromium_experimental_subgroup_matrix; enable subgroups;`
// (and `enable f16;` where either type is f16).
//
// A workgroup computes a block of SGM_BM = SGM_TM·M rows of Y (tokens) × SGM_BN = 4·SGM_TN·N
// columns (rows of W): four subgroups side by side along N, each holding SGM_TM × SGM_TN
// accumulators (a 32 × 32 block of Y in every configuration). Per step of SGM_KT values of K,
// every invocation of the workgroup stages X's block and W's block in workgroup memory in SgT,
// W dequantized once per workgroup and step (each vec4 of W by one invocation); then each
// multiplying subgroup loads SGM_TM left tiles once per SGM_K and multiplies each right tile it
// loads into SGM_TM accumulators. The accumulators go out through workgroup memory, one tile per
// subgroup at a time, so Y's stores are bounds-checked like the other variants'.
//
// Subgroup width: the workgroup has 4 × 64 invocations, so that 4 subgroups exist at any width up
// to 64 (AMD's wave64; 32 on NVIDIA, Apple and Intel, whose extra subgroups only stage). A
// subgroup-matrix workgroup's x size must be a multiple of the adapter's subgroupMaxSize (Dawn,
// docs/dawn/features/subgroup_matrix.md), which 256 is for every width up to 256; gemm.ts refuses
// an adapter whose subgroupMaxSize exceeds 64. Only subgroups 0–3 multiply: the calls are then in
// subgroup-uniform but not workgroup-uniform control flow, and their offsets depend on
// subgroup_id, which the uniformity analysis cannot prove uniform; the module turns the
// `chromium.subgroup_matrix_uniformity` diagnostic off, as llama.cpp's WebGPU backend does
// (ggml/src/ggml-webgpu/wgsl-shaders/mul_mat_subgroup_matrix.wgsl). Every barrier is in uniform
// control flow.
//
// Loads and stores take the layout as a template argument (row_major / col_major) and the stride
// in elements of the array, as Dawn's Tint does since the 2026-06 revision of the proposal
// (gpuweb/gpuweb#6275; the `webgpu` package's Dawn). The left tile (M rows × K columns of X) is
// row-major in sgm_x; the right tile (K rows × N columns of Wᵀ) is W's rows, i.e. column-major
// in sgm_w; type parameters are <T, columns, rows>: left<T, K, M>, right<T, N, K>, result<T, N, M>.
// bytes and FLOPs as gemm.wgsl.

const SGM_SLOTS: u32 = 4u; // subgroups that multiply, side by side along N
const SGM_LANES: u32 = 64u; // invocations per subgroup slot: the widest subgroup this accepts
const SGM_WG: u32 = SGM_SLOTS * SGM_LANES;
const SGM_BM: u32 = SGM_TM * SGM_M;
const SGM_SN: u32 = SGM_TN * SGM_N; // columns of Y per subgroup
const SGM_BN: u32 = SGM_SLOTS * SGM_SN;
const SGM_KV: u32 = SGM_KT / 4u; // vec4 of K per row per step
const SGM_TILE: u32 = SGM_M * SGM_N;

var<workgroup> sgm_x: array<SgT, SGM_BM * SGM_KT>;
var<workgroup> sgm_w: array<SgT, SGM_BN * SGM_KT>;
var<workgroup> sgm_y: array<SgR, SGM_SLOTS * SGM_TILE>;

/** Stages K from vec4 8g + j0 for SGM_KV vec4: X's SGM_BM rows and W's SGM_BN rows, in SgT. */
fn sgm_stage(li: u32, blockM: u32, blockN: u32, g: u32, j0: u32) {
  let kv = params.groups * 8u;
  for (var e = li; e < SGM_BM * SGM_KV; e += SGM_WG) {
    let r = e / SGM_KV;
    let j = e % SGM_KV;
    let v = x[min(blockM + r, params.m - 1u) * kv + 8u * g + j0 + j];
    let o = r * SGM_KT + 4u * j;
    sgm_x[o] = SgT(v.x);
    sgm_x[o + 1u] = SgT(v.y);
    sgm_x[o + 2u] = SgT(v.z);
    sgm_x[o + 3u] = SgT(v.w);
  }
  for (var e = li; e < SGM_BN * SGM_KV; e += SGM_WG) {
    let r = e / SGM_KV;
    let j = e % SGM_KV;
    let v = dequant_vec(min(blockN + r, params.rows - 1u), g, j0 + j);
    let o = r * SGM_KT + 4u * j;
    sgm_w[o] = SgT(v.x);
    sgm_w[o + 1u] = SgT(v.y);
    sgm_w[o + 2u] = SgT(v.z);
    sgm_w[o + 3u] = SgT(v.w);
  }
}

/** Writes accumulator tile t of every slot (staged in sgm_y) to Y, bounds-checked. */
fn sgm_write(li: u32, blockM: u32, blockN: u32, t: u32) {
  for (var e = li; e < SGM_SLOTS * SGM_TILE; e += SGM_WG) {
    let s = e / SGM_TILE;
    let r = (e / SGM_N) % SGM_M;
    let c = e % SGM_N;
    let m = blockM + (t / SGM_TN) * SGM_M + r;
    let n = blockN + s * SGM_SN + (t % SGM_TN) * SGM_N + c;
    if (m < params.m && n < params.rows) {
      y[m * params.ldy + params.rowOffset + n] = f32(sgm_y[e]);
    }
  }
}

@compute @workgroup_size(SGM_WG)
fn gemm_sgmat(
  @builtin(local_invocation_index) li: u32,
  @builtin(workgroup_id) wid: vec3<u32>,
  @builtin(subgroup_id) sg: u32,
) {
  let blockN = wid.x * SGM_BN;
  let blockM = wid.y * SGM_BM;
  // acc[i · SGM_TN + t]: rows i·M of the block, columns sg·SGM_SN + t·N.
  var acc: array<subgroup_matrix_result<SgR, SGM_N, SGM_M>, SGM_TM * SGM_TN>;
  // The left tiles of one SGM_K step, loaded once and multiplied by every right tile.
  var left: array<subgroup_matrix_left<SgT, SGM_K, SGM_M>, SGM_TM>;
  for (var g = 0u; g < params.groups; g++) {
    for (var j0 = 0u; j0 < 8u; j0 += SGM_KV) {
      sgm_stage(li, blockM, blockN, g, j0);
      workgroupBarrier();
      if (sg < SGM_SLOTS) {
        for (var kk = 0u; kk < SGM_KT; kk += SGM_K) {
          for (var i = 0u; i < SGM_TM; i++) {
            left[i] = subgroupMatrixLoad<subgroup_matrix_left<SgT, SGM_K, SGM_M>, row_major>(
              &sgm_x, i * SGM_M * SGM_KT + kk, SGM_KT);
          }
          for (var t = 0u; t < SGM_TN; t++) {
            let right = subgroupMatrixLoad<subgroup_matrix_right<SgT, SGM_N, SGM_K>, col_major>(
              &sgm_w, (sg * SGM_SN + t * SGM_N) * SGM_KT + kk, SGM_KT);
            for (var i = 0u; i < SGM_TM; i++) {
              acc[i * SGM_TN + t] = subgroupMatrixMultiplyAccumulate(left[i], right, acc[i * SGM_TN + t]);
            }
          }
        }
      }
      workgroupBarrier();
    }
  }
  for (var t = 0u; t < SGM_TM * SGM_TN; t++) {
    if (sg < SGM_SLOTS) {
      subgroupMatrixStore<row_major>(&sgm_y, sg * SGM_TILE, acc[t], SGM_N);
    }
    workgroupBarrier();
    sgm_write(li, blockM, blockN, t);
    workgroupBarrier();
  }
}
