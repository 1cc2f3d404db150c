// Plain-text rendering of a results document for the terminal.

import { describeShape, formatBytes } from '../bench/describe';
import type { ResultsDocument } from '../bench/results';
import { summarizeRun } from '../bench/summary';

const fixed = (value: number, digits: number) => value.toFixed(digits);

function pad(cells: string[], widths: number[]): string {
  return cells
    .map((c, i) => (i < 2 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0)))
    .join('  ');
}

export function renderTable(doc: ResultsDocument): string {
  const a = doc.adapter;
  const lines = [
    `Adapter: ${[a.vendor, a.architecture, a.device, a.description].filter(Boolean).join(' · ') || 'unknown'}`,
    `Runtime: ${doc.runtime.description}   Plan: ${doc.plan}   Timing: ${doc.timing}`,
    '',
  ];
  const header = ['kernel', 'shape', 'median ms', 'p95 ms', 'GB/s', 'GFLOP/s', 'status'];
  const body = doc.results.map((r) => [
    `${r.kernel} ${r.format}`,
    describeShape(r),
    r.verified ? fixed(r.medianMs, 4) : '—',
    r.verified ? fixed(r.p95Ms, 4) : '—',
    r.verified ? fixed(r.gbps, 2) : '—',
    r.verified && r.flops > 0 ? fixed(r.gflops, 1) : '—',
    r.verified
      ? r.noisy
        ? `verified, noisy (spread ${fixed(r.spread * 100, 0)} %)`
        : 'verified'
      : 'FAILED',
  ]);
  const widths = header.map((h, i) =>
    Math.max(h.length, ...body.map((row) => (row[i] ?? '').length)),
  );
  lines.push(pad(header, widths), widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of body) lines.push(pad(row, widths));
  for (const r of doc.results.filter((row) => row.error)) {
    lines.push('', `FAILED ${r.kernel} ${describeShape(r)}: ${r.error}`);
  }
  const s = summarizeRun(doc);
  lines.push('');
  lines.push(
    s.dramReadGbps === null
      ? 'Peak read bandwidth: not measured'
      : `Peak read bandwidth (largest set, ${formatBytes(s.dramWorkingSetBytes ?? 0)}): ${fixed(s.dramReadGbps, 2)} GB/s`,
  );
  for (const [format, gflops] of Object.entries(s.computePeakGflops)) {
    lines.push(`Compute peak (${format} FMA): ${fixed(gflops, 1)} GFLOP/s`);
  }
  if (doc.incomplete) lines.push(`INCOMPLETE: ${doc.incomplete}`);
  return lines.join('\n');
}
