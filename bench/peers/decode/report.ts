// The table `bench:peers -- --decode` prints: per page (one peer each, with its own run of ours,
// interleaved on the same adapter), ms/token (median, p95), TTFT, tokens/s, the share of the
// page's read probe a token reaches (bytes a token reads ÷ its time ÷ the probe's GB/s), ours ÷
// the peer, and whether the first greedy tokens and logits agreed. A peer that disagreed or
// refused shows as such, never with a time.

import {
  DECODE_PEER_LABEL,
  type DecodeDocument,
  type DecodePageReport,
  type SideTimes,
} from './types';

const fmt = (x: number | null | undefined, digits = 4) => {
  if (x === null || x === undefined) return '–';
  if (x < 1) return x.toFixed(3);
  return x >= 10 ** digits ? x.toFixed(0) : x.toPrecision(digits);
};
const pct = (x: number | null) => (x === null ? '–' : `${(x * 100).toFixed(x < 0.1 ? 2 : 1)}%`);

/** Share of the page's read probe one token reaches. */
export function probeShare(page: DecodePageReport, msPerToken: number | null): number | null {
  if (msPerToken === null || page.read === null || page.read.gbps <= 0) return null;
  return page.bytesPerToken / (msPerToken * 1e6) / page.read.gbps;
}

const ratio = (a: number | null | undefined, b: number | null | undefined) =>
  a == null || b == null || b <= 0 ? null : a / b;

function sideRow(
  label: string,
  page: DecodePageReport,
  t: SideTimes | null,
  vs?: SideTimes | null,
) {
  return [
    label,
    fmt(t?.medianMs),
    fmt(t?.p95Ms),
    fmt(t?.ttftMedianMs),
    fmt(t?.tokensPerSecond, 3),
    pct(probeShare(page, t?.medianMs ?? null)),
    vs === undefined ? '' : fmt(ratio(vs?.medianMs, t?.medianMs), 3),
    vs === undefined ? '' : fmt(ratio(vs?.ttftMedianMs, t?.ttftMedianMs), 3),
  ];
}

function pageRows(page: DecodePageReport): string[][] {
  const label = DECODE_PEER_LABEL[page.peer];
  if (page.fatal) return [[`${label} page`, `failed: ${page.fatal}`]];
  const c = page.check;
  const agreed = c
    ? `${c.tokensEqual ? 'yes' : 'NO'} (logits ${c.logitsError.toExponential(1)})`
    : '–';
  const rows = [sideRow(`ours (${label} page)`, page, page.ours)];
  if (page.peerTimes) rows.push([...sideRow(label, page, page.peerTimes, page.ours), agreed]);
  else
    rows.push([
      label,
      '–',
      '–',
      '–',
      '–',
      '–',
      '–',
      '–',
      `${agreed}; ${page.peerError ?? 'not run'}`,
    ]);
  return rows;
}

function table(rows: string[][]): string {
  const widths: number[] = [];
  for (const r of rows)
    for (const [i, cell] of r.entries()) widths[i] = Math.max(widths[i] ?? 0, cell.length);
  return rows
    .map((r) =>
      r
        .map((cell, i) =>
          i === 0 || i === 8 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0),
        )
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

export function formatDecodeDocument(doc: DecodeDocument): string {
  const s = doc.spec;
  const head = [
    'side',
    'ms/token',
    'p95',
    'TTFT ms',
    'tok/s',
    'of read probe',
    'ours ÷ peer',
    'TTFT ours ÷ peer',
    'tokens equal',
  ];
  const lines = [
    `Whole-model decode, ${s.model} (${s.shape.layers} layers, hidden ${s.shape.hidden}, vocab ${s.shape.vocab}) int4: ` +
      `prompt ${s.prompt.length} tokens for TTFT, ${s.tokens} tokens × ${s.rounds} rounds from a context of ${s.context}; ` +
      `first ${s.checkTokens} greedy tokens cross-checked`,
    Object.entries(doc.versions)
      .map(([k, v]) => `${k} ${v}`)
      .join(', '),
    '',
    table([head, ...doc.pages.flatMap(pageRows)]),
    '',
  ];
  for (const page of doc.pages) {
    const read = page.read ? `${page.read.gbps.toFixed(2)} GB/s (${page.read.variant})` : '–';
    lines.push(
      `${DECODE_PEER_LABEL[page.peer]} page: adapter ${page.adapter.ours}; read probe ${read}; ${(page.bytesPerToken / 2 ** 20).toFixed(2)} MiB a token`,
    );
    if (page.peerTimes) lines.push(`  runs: ${page.peerTimes.what}`);
    if (page.ours) lines.push(`  ours: ${page.ours.what}`);
    if (page.oursFirstLayerError !== undefined)
      lines.push(
        `  ours' first layer vs f64 reference: ${page.oursFirstLayerError.toExponential(1)} of its largest`,
      );
    if (page.check?.oursVsReference)
      lines.push(
        `  ours vs f64 reference: logits ${page.check.oursVsReference.error.toExponential(1)}, tokens ${page.check.oursVsReference.tokensEqual ? 'equal' : 'DIFFER'}`,
      );
  }
  lines.push(
    'ms/token: from a token’s submission until its id is on the CPU; ours ÷ peer < 1: ours faster.',
  );
  return lines.join('\n');
}
