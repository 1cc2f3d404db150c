// `npm run bench -- --trace`: the address trace as a terminal table, or as its JSON document.

import { version } from '../../package.json';
import { llama8bShapes, type TraceRow } from '../bench/trace';
import { adapterName } from '../core/adapter-name';
import { type AdapterDescription, TOOL_NAME } from '../core/results';
import { columns } from './render/text';

/** The trace document `--trace --json` prints (its own document, not a results document). */
export interface TraceDocument {
  tool: { name: string; version: string };
  createdAt: string;
  adapter: AdapterDescription;
  /** The Llama-3-8B shapes each row's `workgroups` counts, "N×K", in order. */
  shapes: string[];
  trace: TraceRow[];
}

export function traceDocument(adapter: AdapterDescription, rows: TraceRow[]): TraceDocument {
  return {
    tool: { name: TOOL_NAME, version },
    createdAt: new Date().toISOString(),
    adapter,
    shapes: llama8bShapes().map((s) => `${s.n}×${s.k}`),
    trace: rows,
  };
}

const figure = (v: number | undefined) => (v === undefined ? '—' : v.toFixed(2));

export function renderTrace(doc: TraceDocument): string {
  const header = [
    'format',
    'variant',
    'sectors/useful B',
    'weights only',
    'x B / weight B',
    ...doc.shapes.map((s) => `WGs ${s}`),
  ];
  const rows = doc.trace.map((r) => [
    r.format,
    r.variant,
    r.verified ? figure(r.sectorsPerUsefulByte) : 'FAILED',
    figure(r.weightSectorsPerUsefulByte),
    figure(r.xBytesPerWeightByte),
    ...r.workgroups.map(String),
  ]);
  const failures = doc.trace
    .filter((r) => !r.verified)
    .map((r) => `  ${r.format} ${r.variant}: ${r.error ?? 'not verified'}`);
  return [
    `GEMV address trace on ${adapterName(doc.adapter)}`,
    '  sectors/useful B: 32-byte sectors each 32-invocation group touches per load ÷ bytes it needed (1.00 = coalesced)',
    ...columns(header, rows, { leftColumns: 2 }),
    ...(failures.length > 0 ? ['', 'Failed:', ...failures] : []),
    '',
  ].join('\n');
}
