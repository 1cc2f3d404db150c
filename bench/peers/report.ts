// The table `npm run bench:peers` prints: our time ÷ tfjs's per shape, and what each side ran.

import type { PeerReport, PeerRow } from './types';

const pad = (s: string, width: number, right = false) =>
  right ? s.padStart(width) : s.padEnd(width);

const ms = (x: number | null) => (x === null ? '–' : x < 1 ? x.toFixed(3) : x.toPrecision(4));
const pct = (x: number | null) => (x === null ? '–' : `${Math.round(x * 100)}%`);

export const ratioOf = (row: PeerRow): number | null =>
  row.oursMs !== null && row.tfjsMs !== null && row.oursVerified && row.tfjsVerified
    ? row.oursMs / row.tfjsMs
    : null;

/** True when a row cannot count: a side failed to verify or did not run. */
export const rowFailed = (row: PeerRow): boolean => ratioOf(row) === null;

export function formatReport(report: PeerReport): string {
  const lines: string[] = [];
  const v = report.versions;
  lines.push(
    `ours vs @tensorflow/tfjs-backend-webgpu ${v.tfjsBackendWebgpu} (tfjs-core ${v.tfjsCore}) ` +
      `tf.matMul(x, w, false, true), f32, same page, same run${report.full ? ', --full' : ''}`,
  );
  lines.push(`adapter  ours: ${report.adapter.ours}   tfjs: ${report.adapter.tfjs}`);
  if (report.adapter.isSoftware) {
    lines.push('         a software adapter: these are a CPU’s numbers, not a GPU’s');
  }
  lines.push(`timing   ${report.method}`);
  lines.push('');
  const header = [
    pad('kernel', 6),
    pad('M', 4, true),
    pad('N×K', 11, true),
    pad('ours (f32)', 13),
    pad('ours ms', 8, true),
    pad('tfjs program', 30),
    pad('tfjs ms', 8, true),
    pad('ours÷tfjs', 9, true),
    pad('spread o/t', 10, true),
    pad('R', 4, true),
    pad('runner ms*', 10, true),
  ].join('  ');
  lines.push(header);
  lines.push('-'.repeat(header.length));
  for (const row of report.rows) {
    const r = ratioOf(row);
    lines.push(
      [
        pad(row.shape.kernel, 6),
        pad(String(row.shape.m), 4, true),
        pad(`${row.shape.n}×${row.shape.k}`, 11, true),
        pad(row.variant, 13),
        pad(ms(row.oursMs), 8, true),
        pad(row.tfjsProgram, 30),
        pad(ms(row.tfjsMs), 8, true),
        pad(r === null ? 'FAILED' : r.toFixed(2), 9, true),
        pad(`${pct(row.oursSpread)}/${pct(row.tfjsSpread)}`, 10, true),
        pad(String(row.reps), 4, true),
        pad(ms(row.runnerMs), 10, true),
      ].join('  '),
    );
    if (row.error) lines.push(`        ↳ ${row.error}`);
  }
  lines.push('');
  lines.push(
    `* our runner's own median per dispatch (${report.runnerTiming || 'its timer'}) while it chose ` +
      'the variant; shown for reference, the ratio uses the wall-clock columns only.',
  );
  const ratios = report.rows.map(ratioOf).filter((x): x is number => x !== null);
  if (ratios.length > 0) {
    const faster = ratios.filter((x) => x < 1).length;
    const geo = Math.exp(ratios.reduce((a, x) => a + Math.log(x), 0) / ratios.length);
    lines.push(
      `ours faster at ${faster} of ${report.rows.length} shapes; ours÷tfjs from ` +
        `${Math.min(...ratios).toFixed(2)} to ${Math.max(...ratios).toFixed(2)}, ` +
        `geometric mean ${geo.toFixed(2)}. Both sides verified against the f64 CPU reference ` +
        '(ours 1e-5, tfjs 1e-4 of Σ|w·x|) before timing.',
    );
  }
  if (report.fatal) lines.push(`FAILED: ${report.fatal}`);
  return lines.join('\n');
}
