// Decode: greedy sampling on the GPU. The largest logit (lowest index on ties) becomes the next
// token: state[0] = token, state[1] (position) += advance, tokens[state[2]] = token,
// state[2] (step) += 1. The next step's embedding reads state[0]: no CPU round trip.

struct Params {
  vocab: u32,
  advance: u32, // positions this step consumed: 1 in decode, the prompt length in prefill
  _pad0: u32,
  _pad1: u32,
}

@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<storage, read> logits: array<f32>;
@group(0) @binding(2) var<storage, read_write> state: array<u32>;
@group(0) @binding(3) var<storage, read_write> tokens: array<u32>;

const WG = 256u;
var<workgroup> bestValue: array<f32, WG>;
var<workgroup> bestIndex: array<u32, WG>;

@compute @workgroup_size(WG)
fn argmax(@builtin(local_invocation_index) lid: u32) {
  var value = -3.4e38;
  var index = 0xffffffffu;
  for (var t = lid; t < params.vocab; t += WG) {
    let l = logits[t];
    if (l > value) {
      value = l;
      index = t;
    }
  }
  bestValue[lid] = value;
  bestIndex[lid] = index;
  workgroupBarrier();
  for (var s = WG / 2u; s > 0u; s /= 2u) {
    if (lid < s) {
      let ov = bestValue[lid + s];
      let oi = bestIndex[lid + s];
      if (ov > bestValue[lid] || (ov == bestValue[lid] && oi < bestIndex[lid])) {
        bestValue[lid] = ov;
        bestIndex[lid] = oi;
      }
    }
    workgroupBarrier();
  }
  if (lid == 0u) {
    let token = bestIndex[0];
    state[0] = token;
    state[1] = state[1] + params.advance;
    tokens[state[2]] = token;
    state[2] = state[2] + 1u;
  }
}
