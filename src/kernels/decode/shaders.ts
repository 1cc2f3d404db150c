// The decoder's own WGSL (besides the GEMV and GEMM variants and the KV cache's codecs): one
// module per file, and the embedding lookup behind the format's weights code.

import reduceSg from '../../../shaders/decode/attention_reduce_sg.wgsl?raw';
import reduceTree from '../../../shaders/decode/attention_reduce_tree.wgsl?raw';
import argmax from '../../../shaders/decode/decode_argmax.wgsl?raw';
import attention from '../../../shaders/decode/decode_attention.wgsl?raw';
import embed from '../../../shaders/decode/decode_embed.wgsl?raw';
import ffn from '../../../shaders/decode/decode_ffn.wgsl?raw';
import moe from '../../../shaders/decode/decode_moe.wgsl?raw';
import rmsnorm from '../../../shaders/decode/decode_rmsnorm.wgsl?raw';
import rope from '../../../shaders/decode/decode_rope.wgsl?raw';
import quantizeX from '../../../shaders/x/quantize_x.wgsl?raw';
import xToF16 from '../../../shaders/x/x_to_f16.wgsl?raw';
import type { FormatId } from '../../core/formats';
import { weightsShader } from '../weights';

/**
 * attention is the read side only, without its combine's reduction: attentionShader adds that,
 * and attentionCode (kv-cache.ts) puts the cache's codec first.
 */
export const DECODE_SHADERS = { argmax, attention, ffn, moe, rmsnorm, rope, quantizeX, xToF16 };

/** How the attention combine reduces over a workgroup: in workgroup memory, or with subgroups. */
export const ATTENTION_REDUCES = ['tree', 'sg'] as const;
export type AttentionReduce = (typeof ATTENTION_REDUCES)[number];

/** The attention module's own code with its reduction (a module per reduction: sg needs subgroups). */
export const attentionShader = (reduce: AttentionReduce): string =>
  `${reduce === 'sg' ? reduceSg : reduceTree}\n${attention}`;

/** The reduction a device runs: subgroups where it grants them. */
export const attentionReduceFor = (device: GPUDevice): AttentionReduce =>
  device.features.has('subgroups') ? 'sg' : 'tree';

/** The embedding lookup for weights in `format`. */
export const embedCode = (format: FormatId): string => `${weightsShader(format)}\n${embed}`;
