// The random context every side decodes from: layer l's K and V entries at positions 0 … L − 1,
// from the hash our model fills its caches with (seeds.kCache / vCache, CACHE_MASK), laid out
// as the ONNX side's past_key_values.l.key/value want them: [1, kv heads, L, hd] (ours holds
// the same values as [position][kv head][hd]).

import { maskedFloat } from '../../../src/kernels/decode/reference';
import { CACHE_MASK, type DecodeShape, seeds } from '../../../src/kernels/decode/shape';

export function pastEntries(
  s: DecodeShape,
  seed: number,
  layer: number,
  part: 'key' | 'value',
  context: number,
): Float32Array {
  const streams = seeds(seed);
  const stream = part === 'key' ? streams.kCache(layer) : streams.vCache(layer);
  const hd = s.headDim;
  const width = s.kvHeads * hd;
  const out = new Float32Array(context * width);
  for (let h = 0; h < s.kvHeads; h++)
    for (let p = 0; p < context; p++)
      for (let d = 0; d < hd; d++)
        out[(h * context + p) * hd + d] = maskedFloat(stream, p * width + h * hd + d, CACHE_MASK);
  return out;
}
