// `npm run bench -- --trace`, beyond GEMV: the address trace of the decode and prefill attention
// passes in each KV-cache encoding and of each GEMM variant the device offers, one row each, beside
// the GEMV table; the attention rows carry their geometry at Llama-3-8B's full size.

import { attentionVariant, attentionWorkgroups } from '../kernels/decode/attention-case';
import { KV_ENCODINGS } from '../kernels/decode/kv-cache';
import { prefillQueryTile } from '../kernels/decode/shape';
import { gemmCapabilitiesOf, gemmVariantsFor } from '../kernels/gemm';
import { sectorsPerUsefulByte } from '../kernels/trace/analyse';
import {
  ATTENTION_TRACE_SHAPE,
  type AttentionGeometry,
  attentionGeometry,
  PREFILL_TRACE_SHAPE,
  traceAttention,
  tracePrefillAttention,
} from '../kernels/trace/attention-trace';
import { traceGemm } from '../kernels/trace/gemm-trace';
import type { KernelEnv } from '../kernels/types';
import { getModel } from '../model/llm/models';

export interface KernelTraceRow {
  kernel: 'attention' | 'gemm';
  format: string;
  variant: string;
  /** The instrumented build's output matched the CPU reference (else `error`, no figures). */
  verified: boolean;
  error?: string;
  /** 32-byte sectors × 32 ÷ useful bytes over every traced load (1.0 = perfectly coalesced). */
  sectorsPerUsefulByte?: number;
  /**
   * Bytes loaded from the streamed operand ÷ the bytes of it the traced work needs once
   * (attention: K, V and scales against the cache's bytes for the attended positions, so
   * heads ÷ kvHeads where each query head re-reads its KV head; GEMM: W per workgroup).
   */
  streamedLoadsPerByte?: number;
  /** The same for the other operand (attention: the query; GEMM: X per workgroup). */
  otherLoadsPerByte?: number;
  /** Workgroups launched at the Llama-3-8B case `at` names. */
  workgroups: number;
  at: string;
  /** Attention: the decode and prefill geometry at Llama-3-8B's full size (this row's cache encoding). */
  geometry?: AttentionGeometry;
}

/** Llama-3-8B decode at a 4096-token context: the attention pass's workgroups. */
const LLAMA_CONTEXT = 4096;
/** The decode contexts and the prefill the geometry is given at. */
const GEOMETRY = { decode: [4096, 32768], prefill: { rows: 4096, context: 32768 } } as const;

export async function traceAttentionRows(
  env: KernelEnv,
  onProgress?: (label: string) => void,
): Promise<KernelTraceRow[]> {
  const m = getModel('llama-3-8b');
  const llama = { heads: m.attentionHeads, kvHeads: m.kvHeads, headDim: m.headDim };
  const [splits, kvHeads] = attentionWorkgroups({ ...llama, context: LLAMA_CONTEXT });
  const rows: KernelTraceRow[] = [];
  const attempt = async (base: KernelTraceRow, trace: () => Promise<KernelTraceRow>) => {
    try {
      rows.push(await trace());
    } catch (e) {
      rows.push({ ...base, verified: false, error: e instanceof Error ? e.message : String(e) });
    } finally {
      env.buffers.destroyAll();
    }
  };
  for (const kv of KV_ENCODINGS) {
    onProgress?.(`trace attention ${kv}`);
    const geometry = attentionGeometry(llama, kv, GEOMETRY.decode, GEOMETRY.prefill);
    const base = {
      kernel: 'attention' as const,
      format: kv,
      variant: attentionVariant(kv),
      verified: false,
      workgroups: splits * kvHeads,
      at: `decode, context ${LLAMA_CONTEXT}`,
      geometry,
    };
    await attempt(base, async () => {
      const t = await traceAttention(env, kv, ATTENTION_TRACE_SHAPE);
      if (!t.verified) return { ...base, error: t.error ?? 'not verified' };
      const s = t.shape;
      return {
        ...base,
        verified: true,
        sectorsPerUsefulByte: sectorsPerUsefulByte(t.all),
        streamedLoadsPerByte: t.cacheBytesLoaded / t.cacheBytes,
        otherLoadsPerByte: t.queryBytes / (4 * s.heads * s.headDim),
      };
    });
    onProgress?.(`trace attention prefill ${kv}`);
    const prefill = {
      ...base,
      variant: `flash-q${prefillQueryTile(llama)}-wg128-${kv}`,
      workgroups: geometry.prefill.workgroups,
      at: `prefill m=${GEOMETRY.prefill.rows}, context ${GEOMETRY.prefill.context}`,
    };
    await attempt(prefill, async () => {
      const t = await tracePrefillAttention(env, kv, PREFILL_TRACE_SHAPE);
      if (!t.verified) return { ...prefill, error: t.error ?? 'not verified' };
      return {
        ...prefill,
        verified: true,
        sectorsPerUsefulByte: sectorsPerUsefulByte(t.all),
        // K and V loaded ÷ ⌈m ÷ Q_TILE⌉ × the cache: ≤ 1 where each Q tile reads them once.
        streamedLoadsPerByte: t.cacheBytesLoaded / t.boundBytes,
      };
    });
  }
  return rows;
}

/** Llama-3-8B prefill of 512 tokens through its 4096 × 4096 projections (q, o). */
const PREFILL = { m: 512, n: 4096 };

/** One row per GEMM variant this device offers, in int4 (what the models run). */
export async function traceGemmRows(
  env: KernelEnv,
  onProgress?: (label: string) => void,
): Promise<KernelTraceRow[]> {
  const rows: KernelTraceRow[] = [];
  for (const variant of gemmVariantsFor(gemmCapabilitiesOf(env.device))) {
    onProgress?.(`trace gemm int4 ${variant.name}`);
    const base = {
      kernel: 'gemm' as const,
      format: 'int4',
      variant: variant.name,
      workgroups: Math.ceil(PREFILL.n / variant.blockN) * Math.ceil(PREFILL.m / variant.blockM),
      at: `prefill M=${PREFILL.m}, ${PREFILL.n}×${PREFILL.n}`,
    };
    try {
      const t = await traceGemm(env, 'int4', variant);
      rows.push(
        t.verified
          ? {
              ...base,
              verified: true,
              sectorsPerUsefulByte: sectorsPerUsefulByte(t.all),
              streamedLoadsPerByte: t.wLoaded / t.wNeeded,
              otherLoadsPerByte: t.xLoaded / t.xNeeded,
            }
          : { ...base, verified: false, error: t.error ?? 'not verified' },
      );
    } catch (e) {
      rows.push({ ...base, verified: false, error: e instanceof Error ? e.message : String(e) });
    } finally {
      env.buffers.destroyAll();
    }
  }
  return rows;
}
