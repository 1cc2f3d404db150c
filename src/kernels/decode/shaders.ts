// The decoder's own WGSL (besides the GEMV and GEMM variants and the KV cache's codecs): one
// module per file, and the embedding lookup behind the format's weights code.

import argmax from '../../../shaders/decode_argmax.wgsl?raw';
import attention from '../../../shaders/decode_attention.wgsl?raw';
import embed from '../../../shaders/decode_embed.wgsl?raw';
import ffn from '../../../shaders/decode_ffn.wgsl?raw';
import moe from '../../../shaders/decode_moe.wgsl?raw';
import rmsnorm from '../../../shaders/decode_rmsnorm.wgsl?raw';
import rope from '../../../shaders/decode_rope.wgsl?raw';
import quantizeX from '../../../shaders/quantize_x.wgsl?raw';
import xToF16 from '../../../shaders/x_to_f16.wgsl?raw';
import type { FormatId } from '../../core/formats';
import { weightsShader } from '../weights';

/** attention is the read side only: attentionCode (kv-cache.ts) puts the cache's codec first. */
export const DECODE_SHADERS = { argmax, attention, ffn, moe, rmsnorm, rope, quantizeX, xToF16 };

/** The embedding lookup for weights in `format`. */
export const embedCode = (format: FormatId): string => `${weightsShader(format)}\n${embed}`;
