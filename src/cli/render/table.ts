// Plain-text rendering of a results document for the terminal.

import { adapterName } from '../../core/adapter-name';
import { describeShape, formatBytes } from '../../core/describe';
import type { ResultRow, ResultsDocument } from '../../core/results';
import { unofferedGroups } from '../../core/runtime';
import { settingsQuery } from '../../core/settings';
import { summarizeRun } from '../../model/measured/run-summary';
import {
  type CellWords,
  cellText,
  column,
  isNumeric,
  type RowStatus,
  TABLE_COLUMNS,
} from '../../share/result-columns';
import { columns } from './text';

const fixed = (value: number, digits: number) => value.toFixed(digits);
const percent = (share: number | undefined) =>
  share === undefined ? '—' : `${fixed(share * 100, 0)} %`;

/** How the terminal words a row's status. */
export function terminalStatus(status: RowStatus): string {
  if (status.code === 'failed') return 'FAILED'; // the error follows the table
  return status.code === 'noisy'
    ? `verified · noisy, spread ${fixed(status.spread * 100, 0)} %`
    : 'verified';
}

/** The terminal's words for each kind of cell. */
const TERMINAL_CELLS: CellWords = {
  shape: describeShape,
  ms: (v) => fixed(v, 4),
  number: (v, decimals) => fixed(v, decimals),
  percent,
  status: terminalStatus,
};

/** "Median ms" → "median ms"; GB/s and p95 stay as they are. */
const terminalHeader = (header: string) =>
  header.replace(/^[A-Z](?=[a-z])/, (c) => c.toLowerCase());

function resultRows(doc: ResultsDocument): string[] {
  const shown = TABLE_COLUMNS.map(column);
  return columns(
    shown.map((c) => terminalHeader(c.header)),
    doc.results.map((r) => shown.map((c) => cellText(c, r, TERMINAL_CELLS))),
    { indent: '', leftColumns: shown.findIndex((c) => isNumeric(c.kind)) },
  );
}

/** Per format: GEMV bandwidth as a share of the read probe, and roofline efficiency. */
function gemvSummary(rows: readonly ResultRow[], dram: number | null): string[] {
  const gemv = rows.filter((r) => r.kernel === 'gemv' && r.verified);
  if (gemv.length === 0) return [];
  const formats = [...new Set(gemv.map((r) => r.format))];
  const body = formats.map((format) => {
    const mine = gemv.filter((r) => r.format === format);
    const best = mine.reduce((a, b) => (b.gbps > a.gbps ? b : a));
    const effs = mine.map((r) => r.rooflineEfficiency ?? 0);
    return [
      format,
      String(mine.length),
      fixed(best.gbps, 2),
      dram ? percent(best.gbps / dram) : '—',
      `${percent(Math.min(...effs))} – ${percent(Math.max(...effs))}`,
    ];
  });
  return [
    '',
    'Decode (GEMV), per weight format:',
    ...columns(['format', 'shapes', 'best GB/s', 'of read BW', 'roofline efficiency'], body),
  ];
}

/** GEMM rows by matrix, M ascending: where batching stops being memory-bound. */
function gemmSweep(rows: readonly ResultRow[]): string[] {
  const gemm = rows.filter((r) => r.kernel === 'gemm' && r.verified);
  if (gemm.length === 0) return [];
  const body = [...gemm]
    .sort((a, b) =>
      a.format === b.format
        ? (a.shape.n ?? 0) - (b.shape.n ?? 0) ||
          (a.shape.k ?? 0) - (b.shape.k ?? 0) ||
          (a.shape.m ?? 0) - (b.shape.m ?? 0)
        : a.format.localeCompare(b.format),
    )
    .map((r) => [
      `${r.format} ${r.shape.n}×${r.shape.k}`,
      String(r.shape.m),
      fixed(r.medianMs, 3),
      fixed(r.medianMs / (r.shape.m ?? 1), 4),
      fixed(r.gflops, 1),
      fixed(r.intensity ?? 0, 1),
      percent(r.rooflineEfficiency),
    ]);
  return [
    '',
    'GEMM by batch / prompt size M (time per token falls while memory-bound, then flattens):',
    ...columns(['matrix', 'M', 'ms', 'ms per row of M', 'GFLOP/s', 'FLOP/B', 'roofline'], body),
  ];
}

function tuningLines(doc: ResultsDocument): string[] {
  if (!doc.tuning?.length) return [];
  return [
    '',
    'Variants chosen on this adapter (brief timing of each, fastest sample):',
    ...doc.tuning.map(
      (t) =>
        `  ${t.family}: ${t.chosen}  [${t.candidates
          .map(
            (c) =>
              `${c.variant} ${c.medianMs === undefined ? 'failed' : `${fixed(c.minMs ?? c.medianMs, 3)} ms`}`,
          )
          .join(', ')}] on ${t.label}`,
    ),
  ];
}

/** The timer's step, where the run recorded it: ", step 65.5 µs" (a quantized timer) or "1 ns". */
function timerStep(doc: ResultsDocument): string {
  const ms = doc.timerQuantumMs;
  if (ms === undefined) return '';
  return ms >= 1e-3 ? `, step ${fixed(ms * 1000, 1)} µs` : `, step ${Math.round(ms * 1e6)} ns`;
}

/** What this WebGPU did not offer, one line per missing need. */
function unofferedLines(doc: ResultsDocument): string[] {
  const groups = unofferedGroups(doc.unoffered ?? []);
  if (groups.length === 0) return [];
  return [
    '',
    'Not offered by this WebGPU:',
    ...groups.map(
      (g) => `  ${g.variants.length} need ${g.missing.join(' + ')}: ${g.variants.join(', ')}`,
    ),
  ];
}

export function renderTable(doc: ResultsDocument): string {
  const a = doc.adapter;
  const s = summarizeRun(doc);
  const implementation = doc.runtime.implementation ? ` (${doc.runtime.implementation})` : '';
  const lines = [
    `Adapter: ${adapterName(a, { fallback: 'unknown' })}`,
    `Runtime: ${doc.runtime.description}${implementation}   Plan: ${doc.plan}   Timing: ${doc.timing}${timerStep(doc)}`,
    '',
    ...resultRows(doc),
  ];
  for (const r of doc.results.filter((row) => row.error)) {
    lines.push('', `FAILED ${r.kernel} ${describeShape(r)}: ${r.error}`);
  }
  lines.push(
    ...gemvSummary(doc.results, s.dramReadGbps),
    ...gemmSweep(doc.results),
    ...tuningLines(doc),
    ...unofferedLines(doc),
    '',
  );
  lines.push(
    s.dramReadGbps === null
      ? 'Peak read bandwidth: not measured'
      : `Peak read bandwidth (largest set, ${formatBytes(s.dramWorkingSetBytes ?? 0)}): ${fixed(s.dramReadGbps, 2)} GB/s`,
  );
  for (const [format, gflops] of Object.entries(s.computePeakGflops)) {
    lines.push(`Compute peak (${format} FMA): ${fixed(gflops, 1)} GFLOP/s`);
  }
  if (doc.incomplete) lines.push(`INCOMPLETE: ${doc.incomplete}`);
  if (doc.settings !== undefined) {
    lines.push(`NOT COMPARABLE: non-default settings ${settingsQuery(doc.settings)}`);
  }
  return lines.join('\n');
}
