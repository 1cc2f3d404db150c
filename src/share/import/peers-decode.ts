// A `bench:peers --decode … --json` document opened in the page: the run's model and settings
// and, per peer page, our decoder and the peer side by side (ms/token, p95, TTFT, tokens/s) with
// their cross-check. Only the fields the page shows are read, each checked; anything else in the
// file is ignored. A file that is not such a document, or has a field of the wrong kind, is an
// ImportError saying which. Strings stay plain strings (the page renders them as text).

import { MAX_IMPORT_BYTES } from './import';
import { formatSize, ImportError } from './import-error';

export const PEERS_DECODE_KIND = 'webgpu-roofline/peers-decode';

/** The peers a decode page runs beside ours, with the names the tables use. */
export const DECODE_PEER_LABELS = {
  'ort-webgpu': 'ORT WebGPU EP',
  'ort-jsep': 'ORT JSEP',
  transformers: 'transformers.js',
} as const;
export type DecodePeerId = keyof typeof DECODE_PEER_LABELS;

/** One side's timing in a peer page (null figures: not timed). */
export interface PeerSideFigures {
  what: string;
  msPerToken: number | null;
  p95Ms: number | null;
  ttftMs: number | null;
  tokensPerSecond: number | null;
}

/** One peer page: ours and the peer on the same adapter, and whether they agreed. */
export interface PeerPageFigures {
  peer: DecodePeerId;
  label: string;
  adapter: string;
  ours: PeerSideFigures | null;
  peerSide: PeerSideFigures | null;
  /** The first greedy tokens equal (null: no cross-check ran). */
  tokensEqual: boolean | null;
  /** Worst |peer − ours| over the largest |ours| logit, and the tolerance it was held to. */
  logitsError: number | null;
  tolerance: number | null;
  /** Why the peer (or the page) has no times. */
  note: string | null;
}

export interface PeersDecodeFigures {
  model: string;
  layers: number;
  hidden: number;
  vocab: number;
  context: number;
  tokens: number;
  rounds: number;
  promptTokens: number;
  versions: [string, string][];
  pages: PeerPageFigures[];
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const invalid = (problem: string): ImportError =>
  new ImportError(
    'invalid',
    `The file is a bench:peers --decode document, but ${problem}. Re-create it with \`npm run bench:peers -- --decode MODEL:int4 --json > peers.json\`.`,
    [problem],
  );

function object(v: unknown, where: string): Json {
  if (!isObject(v)) throw invalid(`${where} is not an object`);
  return v;
}

function count(o: Json, key: string, where: string): number {
  const v = o[key];
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 0)
    throw invalid(`${where}.${key} is not a whole number`);
  return v;
}

/** A finite number ≥ 0, or null where the document has none. */
function figure(o: Json, key: string, where: string): number | null {
  const v = o[key];
  if (v === null || v === undefined) return null;
  if (typeof v !== 'number' || !Number.isFinite(v) || v < 0)
    throw invalid(`${where}.${key} is not a number ≥ 0`);
  return v;
}

function text(o: Json, key: string, where: string): string | null {
  const v = o[key];
  if (v === undefined || v === null) return null;
  if (typeof v !== 'string') throw invalid(`${where}.${key} is not text`);
  return v;
}

function side(v: unknown, where: string): PeerSideFigures | null {
  if (v === null || v === undefined) return null;
  const o = object(v, where);
  return {
    what: text(o, 'what', where) ?? '',
    msPerToken: figure(o, 'medianMs', where),
    p95Ms: figure(o, 'p95Ms', where),
    ttftMs: figure(o, 'ttftMedianMs', where),
    tokensPerSecond: figure(o, 'tokensPerSecond', where),
  };
}

function pageFigures(v: unknown, i: number): PeerPageFigures {
  const where = `pages[${i}]`;
  const o = object(v, where);
  const peer = o.peer;
  if (typeof peer !== 'string' || !Object.hasOwn(DECODE_PEER_LABELS, peer))
    throw invalid(`${where}.peer is not one of ${Object.keys(DECODE_PEER_LABELS).join(', ')}`);
  const id = peer as DecodePeerId;
  const adapter = isObject(o.adapter) ? (text(o.adapter, 'ours', `${where}.adapter`) ?? '') : '';
  const check =
    o.check === null || o.check === undefined ? null : object(o.check, `${where}.check`);
  const equal = check?.tokensEqual;
  if (check !== null && typeof equal !== 'boolean')
    throw invalid(`${where}.check.tokensEqual is not true or false`);
  return {
    peer: id,
    label: DECODE_PEER_LABELS[id],
    adapter,
    ours: side(o.ours, `${where}.ours`),
    peerSide: side(o.peerTimes, `${where}.peerTimes`),
    tokensEqual: check === null ? null : (equal as boolean),
    logitsError: check === null ? null : figure(check, 'logitsError', `${where}.check`),
    tolerance: check === null ? null : figure(check, 'tolerance', `${where}.check`),
    note: text(o, 'fatal', where) ?? text(o, 'peerError', where),
  };
}

/** Reads the JSON `bench:peers --decode --json` printed; throws ImportError saying what is wrong. */
export function parsePeersDecode(source: string): PeersDecodeFigures {
  if (source.length > MAX_IMPORT_BYTES)
    throw new ImportError('too-large', `The file is over ${formatSize(MAX_IMPORT_BYTES)}.`);
  let doc: unknown;
  try {
    doc = JSON.parse(source);
  } catch {
    throw new ImportError('malformed-json', 'The file is not valid JSON.');
  }
  if (!isObject(doc) || doc.kind !== PEERS_DECODE_KIND)
    throw new ImportError(
      'not-results',
      `The file is not a bench:peers --decode document (its "kind" is not "${PEERS_DECODE_KIND}").`,
    );
  const spec = object(doc.spec, 'spec');
  const shape = object(spec.shape, 'spec.shape');
  if (typeof spec.model !== 'string') throw invalid('spec.model is not text');
  if (!Array.isArray(spec.prompt)) throw invalid('spec.prompt is not a list');
  if (!Array.isArray(doc.pages)) throw invalid('pages is not a list');
  const versions = isObject(doc.versions)
    ? Object.entries(doc.versions).filter((e): e is [string, string] => typeof e[1] === 'string')
    : [];
  return {
    model: spec.model,
    layers: count(shape, 'layers', 'spec.shape'),
    hidden: count(shape, 'hidden', 'spec.shape'),
    vocab: count(shape, 'vocab', 'spec.shape'),
    context: count(spec, 'context', 'spec'),
    tokens: count(spec, 'tokens', 'spec'),
    rounds: count(spec, 'rounds', 'spec'),
    promptTokens: spec.prompt.length,
    versions,
    pages: doc.pages.map(pageFigures),
  };
}
