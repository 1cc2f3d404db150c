// `npm run bench -- --trace`: the address trace as a terminal table, or as its JSON document.

import { version } from '../../../package.json';
import { llama8bShapes, type TraceRow } from '../../bench/trace';
import type { KernelTraceRow } from '../../bench/trace-kernels';
import { adapterName } from '../../core/adapter-name';
import { type AdapterDescription, TOOL_NAME } from '../../core/results';
import { columns } from './text';

/** The trace document `--trace --json` prints (its own document, not a results document). */
export interface TraceDocument {
  tool: { name: string; version: string };
  createdAt: string;
  adapter: AdapterDescription;
  /** The Llama-3-8B shapes each row's `workgroups` counts, "N×K", in order. */
  shapes: string[];
  trace: TraceRow[];
  /** Attention and GEMM variants, each with its own Llama-3-8B case. */
  kernels: KernelTraceRow[];
}

export function traceDocument(
  adapter: AdapterDescription,
  rows: TraceRow[],
  kernels: KernelTraceRow[] = [],
): TraceDocument {
  return {
    tool: { name: TOOL_NAME, version },
    createdAt: new Date().toISOString(),
    adapter,
    shapes: llama8bShapes().map((s) => `${s.n}×${s.k}`),
    trace: rows,
    kernels,
  };
}

/** Attention and GEMM rows: coalescing, loads per needed byte, workgroups at Llama-3-8B. */
function renderKernels(rows: readonly KernelTraceRow[]): string[] {
  if (rows.length === 0) return [];
  const header = [
    'kernel',
    'format',
    'variant',
    'sectors/useful B',
    'K,V | W loads / B',
    'Q | X loads / B',
    'WGs',
    'at Llama-3-8B',
  ];
  const body = rows.map((r) => [
    r.kernel,
    r.format,
    r.variant,
    r.verified ? figure(r.sectorsPerUsefulByte) : 'FAILED',
    figure(r.streamedLoadsPerByte),
    figure(r.otherLoadsPerByte),
    String(r.workgroups),
    r.at,
  ]);
  return [
    '',
    'Attention and GEMM address trace',
    '  loads / B: bytes loaded ÷ bytes needed once (attention: per KV head, 1.00 = K and V read once for all its query heads; GEMM: per workgroup)',
    ...columns(header, body, { leftColumns: 3 }),
  ];
}

const figure = (v: number | undefined) => (v === undefined ? '—' : v.toFixed(2));

const mib = (bytes: number) =>
  bytes >= 2 ** 30 ? `${(bytes / 2 ** 30).toFixed(1)} GiB` : `${(bytes / 2 ** 20).toFixed(1)} MiB`;

/** The attention passes at Llama-3-8B's full size, once per cache encoding (its decode row's). */
function renderAttentionGeometry(rows: readonly KernelTraceRow[]): string[] {
  const seen = new Set<string>();
  const lines: string[] = [];
  for (const r of rows) {
    const g = r.geometry;
    if (r.kernel !== 'attention' || g === undefined || seen.has(r.format)) continue;
    seen.add(r.format);
    const decode = g.decode
      .map((d) => `context ${d.context}: ${d.workgroups} WGs (split ${d.splitSize})`)
      .join(', ');
    const p = g.prefill;
    lines.push(
      `  ${r.format}: decode ${decode}; prefill m=${p.rows}, context ${p.context}: Q tile ${p.queryTile} rows, ${p.workgroups} WGs, K+V read ${mib(p.kvBytesRead)} ≤ ⌈m/Q tile⌉ × cache ${mib(p.kvBytesBound)} (${figure(p.kvBytesRead / p.kvBytesBound)}), largest binding ${p.largestBinding.name} ${mib(p.largestBinding.bytes)}`,
    );
  }
  return lines.length === 0
    ? []
    : [
        '',
        'Attention at Llama-3-8B (from the launch rule and buffer sizes; prefill row: K+V loads ÷ ⌈m/Q tile⌉ × cache in the traced run)',
        ...lines,
      ];
}

export function renderTrace(doc: TraceDocument): string {
  const header = [
    'format',
    'variant',
    'sectors/useful B',
    'weights only',
    'x B / weight B',
    'barriers/KiB',
    'in K loop',
    'WG bytes',
    ...doc.shapes.map((s) => `WGs ${s}`),
  ];
  const rows = doc.trace.map((r) => [
    r.format,
    r.variant,
    r.verified ? figure(r.sectorsPerUsefulByte) : 'FAILED',
    figure(r.weightSectorsPerUsefulByte),
    figure(r.xBytesPerWeightByte),
    figure(r.barriersPerKiB),
    figure(r.loopBarriersPerKiB),
    r.workgroupBytes === undefined ? '—' : String(r.workgroupBytes),
    ...r.workgroups.map(String),
  ]);
  const failures = [...doc.trace, ...doc.kernels]
    .filter((r) => !r.verified)
    .map((r) => `  ${r.format} ${r.variant}: ${r.error ?? 'not verified'}`);
  return [
    `GEMV address trace on ${adapterName(doc.adapter)}`,
    '  sectors/useful B: 32-byte sectors each 32-invocation group touches per load ÷ bytes it needed (1.00 = coalesced)',
    '  barriers/KiB: workgroupBarrier()s a workgroup executes per KiB of weights and scales it loads (in K loop: between its first and last weight load); WG bytes: its workgroup memory',
    ...columns(header, rows, { leftColumns: 2 }),
    ...renderKernels(doc.kernels),
    ...renderAttentionGeometry(doc.kernels),
    ...(failures.length > 0 ? ['', 'Failed:', ...failures] : []),
    '',
  ].join('\n');
}
