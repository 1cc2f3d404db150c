// A workgroup-wide max or sum for the attention combine (decode_attention.wgsl, WG invocations)
// through subgroup operations, where the device grants `subgroups` (a module of its own, so the
// portable one needs nothing): subgroupMax / subgroupAdd in registers, one slot per subgroup
// written by its first active lane (the others write the identity), one barrier, then every
// invocation folds the WG slots. Any subgroup size or layout gives the same result.

enable subgroups;

var<workgroup> reduce_slots: array<f32, WG>;

/** Every invocation's v combined (max where isMax, else sum); every invocation gets it. */
fn wg_reduce(lid: u32, v: f32, isMax: bool) -> f32 {
  let part = select(subgroupAdd(v), subgroupMax(v), isMax);
  let identity = select(0.0, NEG_INF, isMax);
  reduce_slots[lid] = select(identity, part, subgroupBroadcastFirst(lid) == lid);
  workgroupBarrier();
  var r = identity;
  for (var j = 0u; j < WG; j++) {
    let x = reduce_slots[j];
    r = select(r + x, max(r, x), isMax);
  }
  workgroupBarrier();
  return r;
}
