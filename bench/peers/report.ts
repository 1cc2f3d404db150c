// The table `npm run bench:peers` prints: per shape and format, ours and every peer (each from
// its own page load, each page with its own run of ours and its own read probe), each time as a
// share of that page's read probe, ours ÷ each peer (same page, interleaved), and ours ÷ the
// best (fastest) peer. A peer that was wrong or refused shows as such, never as a time.

import {
  type PageReport,
  PEER_LABEL,
  type PeerCell,
  type PeerRow,
  type PeersDocument,
} from './types';

const pad = (s: string, width: number, right = false) =>
  right ? s.padStart(width) : s.padEnd(width);
const ms = (x: number | null) => (x === null ? '–' : x < 1 ? x.toFixed(3) : x.toPrecision(4));
const mib = (bytes: number) => (bytes / 2 ** 20).toFixed(bytes < 2 ** 20 ? 3 : 2);

/** Share of the page's read probe a time reaches: (bytes / time) ÷ read GB/s. */
export function readShare(bytes: number, time: number | null, page: PageReport): number | null {
  if (time === null || page.read === null || page.read.gbps <= 0) return null;
  return bytes / (time * 1e6) / page.read.gbps;
}
const pct = (x: number | null) => (x === null ? '–' : `${(x * 100).toFixed(x < 0.1 ? 1 : 0)}%`);

const median = (xs: number[]): number | null => {
  if (xs.length === 0) return null;
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? (s[mid] ?? 0) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
};

/** One shape and format: ours from every page, and every page's peer cells. */
export interface MergedRow {
  key: string;
  ours: { page: PageReport; row: PeerRow }[];
  peers: { page: PageReport; cell: PeerCell }[];
}

const rowKey = (r: PeerRow) =>
  `${r.shape.kernel} ${r.shape.m} ${r.shape.n}×${r.shape.k} ${r.ours.format}`;

export function mergeRows(doc: PeersDocument): MergedRow[] {
  const merged = new Map<string, MergedRow>();
  for (const page of doc.pages) {
    for (const row of page.rows) {
      const key = rowKey(row);
      const m = merged.get(key) ?? { key, ours: [], peers: [] };
      m.ours.push({ page, row });
      for (const cell of row.peers) m.peers.push({ page, cell });
      merged.set(key, m);
    }
  }
  return [...merged.values()];
}

/** The fastest timed peer of a row, with ours ÷ it (both from that peer's page). */
export function bestPeer(row: MergedRow): { cell: PeerCell; ratio: number } | null {
  let best: PeerCell | null = null;
  for (const { cell } of row.peers) {
    if (cell.status === 'timed' && cell.ms !== null && cell.ratio !== null) {
      if (best === null || cell.ms < (best.ms ?? Number.POSITIVE_INFINITY)) best = cell;
    }
  }
  return best === null ? null : { cell: best, ratio: best.ratio as number };
}

const COLUMNS: [string, number, boolean][] = [
  ['shape', 22, false],
  ['fmt', 5, false],
  ['side', 14, false],
  ['what ran', 22, false],
  ['MiB', 7, true],
  ['ms', 8, true],
  ['%read', 6, true],
  ['ours÷', 6, true],
];

const line = (cells: string[]) =>
  cells.map((c, i) => pad(c, COLUMNS[i]?.[1] ?? 0, COLUMNS[i]?.[2] ?? false)).join('  ');

function peerLine(page: PageReport, c: PeerCell): string[] {
  const what = c.what;
  if (c.status !== 'timed') {
    return [
      line(['', '', PEER_LABEL[c.peer], what, mib(c.weightBytes), c.status.toUpperCase(), '', '']),
    ].concat(c.error ? [`${' '.repeat(31)}↳ ${c.error.trim()}`] : []);
  }
  return [
    line([
      '',
      '',
      PEER_LABEL[c.peer],
      what,
      mib(c.weightBytes),
      ms(c.ms),
      pct(readShare(c.bytes, c.ms, page)),
      c.ratio === null ? '–' : c.ratio.toFixed(2),
    ]),
  ];
}

function rowLines(row: MergedRow): string[] {
  const first = row.ours[0]?.row as PeerRow;
  const o = first.ours;
  const timed = row.ours.filter((x) => x.row.ours.ms !== null);
  const oursMs = median(timed.map((x) => x.row.ours.ms as number));
  const share = median(
    timed
      .map((x) => readShare(x.row.ours.bytes, x.row.ours.ms, x.page))
      .filter((s): s is number => s !== null),
  );
  const best = bestPeer(row);
  const shape = `${first.shape.kernel} M=${first.shape.m} ${first.shape.n}×${first.shape.k}`;
  const lines = [
    line([
      shape,
      o.format,
      'ours',
      o.variant,
      mib(o.weightBytes),
      oursMs === null ? o.status.toUpperCase() : ms(oursMs),
      pct(share),
      '',
    ]),
  ];
  for (const x of row.ours)
    if (x.row.ours.error) lines.push(`${' '.repeat(31)}↳ ours: ${x.row.ours.error}`);
  for (const { page, cell } of row.peers) lines.push(...peerLine(page, cell));
  lines.push(
    `${' '.repeat(31)}ours ÷ best peer: ${best === null ? '– (no peer timed)' : `${best.ratio.toFixed(2)} (${PEER_LABEL[best.cell.peer]} ${best.cell.what})`}`,
  );
  return lines;
}

function pageLines(page: PageReport): string[] {
  const read = page.read
    ? `read probe ${page.read.gbps.toFixed(2)} GB/s (${mib(page.read.bytes)} MiB, ${page.read.variant})`
    : 'read probe failed';
  const extra: string[] = [];
  if (page.ortRunOverheadMs !== undefined)
    extra.push(`session.run overhead ${ms(page.ortRunOverheadMs)} ms (M=1, 32×32)`);
  if (page.threads) extra.push(page.threads);
  const versions = Object.entries(page.versions).map(([k, v]) => `${k} ${v}`);
  return [
    `page ${PEER_LABEL[page.peer]}: adapter ours ${page.adapter.ours}, peer ${page.adapter.peer}; ${read}` +
      (extra.length > 0 ? `; ${extra.join('; ')}` : '') +
      (versions.length > 0 ? `; ${versions.join(', ')}` : ''),
    ...(page.fatal ? [`  FAILED: ${page.fatal}`] : []),
  ];
}

/** Ours ÷ best peer against the targets: ≤ 1.0 everywhere, ≤ 0.7 at GEMV. */
export function verdict(rows: MergedRow[]): string[] {
  const compared = rows
    .map((r) => ({ r, best: bestPeer(r), gemv: r.ours[0]?.row.shape.kernel === 'gemv' }))
    .filter((x) => x.best !== null);
  const misses = compared.filter((x) => (x.best?.ratio ?? 0) > (x.gemv ? 0.7 : 1.0));
  const out = [
    `ours ÷ best peer: ${compared.length} rows compared; target (≤ 0.70 GEMV, ≤ 1.00 GEMM) met at ` +
      `${compared.length - misses.length}`,
  ];
  for (const x of misses) out.push(`  missed: ${x.r.key} ${x.best?.ratio.toFixed(2)}`);
  return out;
}

export function formatDocument(doc: PeersDocument): string {
  const v = doc.versions;
  const out: string[] = [
    `ours vs onnxruntime-web ${v['onnxruntime-web'] ?? '?'} (WebGPU EP, JSEP) and ` +
      `@tensorflow/tfjs-backend-webgpu ${v['@tensorflow/tfjs-backend-webgpu'] ?? '?'}, ` +
      `Chromium ${v.chromium ?? '?'}${doc.full ? ', --full' : ''}`,
  ];
  for (const page of doc.pages) out.push(...pageLines(page));
  if (doc.pages.some((p) => p.adapter.isSoftware))
    out.push('a software adapter: these are a CPU’s numbers, not a GPU’s');
  if (doc.pages[0]) out.push(`timing: ${doc.pages[0].method}`);
  out.push('');
  const header = line(COLUMNS.map(([name]) => name));
  out.push(header, '-'.repeat(header.length));
  const rows = mergeRows(doc);
  for (const row of rows) out.push(...rowLines(row));
  out.push('');
  out.push(
    'MiB: the weights with their scales; %read: (all bytes a product moves ÷ its time) ÷ that ' +
      "page's read probe; ours÷: ours ÷ that peer, both medians of the same page's interleaved " +
      'samples (ours: the median over the pages). Every timed side matched the f64 CPU reference ' +
      'before and after timing (ours 1e-5 of Σ|w·x|; tfjs and ORT f32/int 1e-4, ORT f16 1e-2).',
  );
  out.push(...verdict(rows));
  return out.join('\n');
}
