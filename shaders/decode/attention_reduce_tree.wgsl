// A workgroup-wide max or sum for the attention combine (decode_attention.wgsl, WG invocations),
// in workgroup memory: a tree of log2(WG) steps, a barrier each. The portable form; where
// `subgroups` is granted, attention_reduce_sg.wgsl takes its place.

var<workgroup> reduce_slots: array<f32, WG>;

/** Every invocation's v combined (max where isMax, else sum); every invocation gets it. */
fn wg_reduce(lid: u32, v: f32, isMax: bool) -> f32 {
  reduce_slots[lid] = v;
  workgroupBarrier();
  for (var stride = WG / 2u; stride > 0u; stride /= 2u) {
    if (lid < stride) {
      let a = reduce_slots[lid];
      let b = reduce_slots[lid + stride];
      reduce_slots[lid] = select(a + b, max(a, b), isMax);
    }
    workgroupBarrier();
  }
  let r = reduce_slots[0];
  workgroupBarrier();
  return r;
}
