// The "Decode for real" section's peers panel: a file picker for the document
// `npm run bench:peers -- --decode MODEL:int4 --json` prints, and its figures as one table —
// per peer page our decoder and the peer on the same adapter (ms/token, p95, TTFT, tokens/s),
// ours ÷ the peer, and whether the first greedy tokens and the logits agreed. A peer that was
// wrong or refused shows why, with no time. A file that is not such a document leaves the table
// as it was and says what is wrong.

import { errorMessage } from '../../core/error-message';
import { ImportError } from '../../share/import/import-error';
import {
  type PeerPageFigures,
  type PeerSideFigures,
  type PeersDecodeFigures,
  parsePeersDecode,
} from '../../share/import/peers-decode';
import { t } from '../i18n';
import { fmt, fmtInt } from '../i18n/numbers';
import { emptyTable, make, onFilePicked, td, th } from '../shell/dom';

const num = (v: number | null | undefined) => (v === null || v === undefined ? '–' : fmt(v));
const ratio = (a: number | null | undefined, b: number | null | undefined) =>
  a == null || b == null || !(b > 0) ? null : a / b;

function sideCells(s: PeerSideFigures | null): HTMLTableCellElement[] {
  return [s?.msPerToken, s?.p95Ms, s?.ttftMs, s?.tokensPerSecond].map((v) => td(num(v), 'num'));
}

function agreement(p: PeerPageFigures): string {
  const m = t().decode.peers;
  if (p.tokensEqual === null) return '–';
  const logits = p.logitsError === null ? '–' : p.logitsError.toExponential(1);
  return p.tokensEqual ? m.agreed({ logits }) : m.disagreed({ logits });
}

function pageRows(p: PeerPageFigures): HTMLTableRowElement[] {
  const m = t().decode.peers;
  const ours = make('tr');
  ours.append(th(m.oursIn({ peer: p.label })), ...sideCells(p.ours), td(''), td(''), td(''));
  const peer = make('tr');
  peer.append(th(p.label));
  if (p.peerSide?.msPerToken == null) {
    const why = p.note ?? m.notTimed;
    peer.append(Object.assign(td(`${agreement(p)}; ${why}`, 'error'), { colSpan: 7 }));
  } else
    peer.append(
      ...sideCells(p.peerSide),
      td(num(ratio(p.ours?.msPerToken, p.peerSide.msPerToken)), 'num'),
      td(num(ratio(p.ours?.ttftMs, p.peerSide.ttftMs)), 'num'),
      td(agreement(p)),
    );
  return [ours, peer];
}

export class DecodePeersPanel {
  readonly title = make('h3');
  readonly intro = make('p', '', 'note');
  readonly pickLabel = make('span');
  readonly picker = make('input');
  readonly status = make('p', '', 'note');
  readonly summary = make('p');
  readonly table = emptyTable('decode-peers');
  /** The figures on screen (null before a document was opened). */
  figures: PeersDecodeFigures | null = null;

  constructor(host: HTMLElement) {
    this.picker.type = 'file';
    this.picker.accept = '.json,application/json';
    this.picker.id = 'decode-peers-file';
    this.status.id = 'decode-peers-status';
    this.status.setAttribute('aria-live', 'polite');
    this.table.hidden = true;
    const label = make('label', undefined, 'field');
    label.append(this.pickLabel, this.picker);
    const box = make('div', undefined, 'table-scroll');
    box.tabIndex = 0;
    box.append(this.table);
    host.append(this.title, this.intro, label, this.status, this.summary, box);
    onFilePicked(this.picker, (file) => void this.open(file));
    this.relabel();
  }

  /** Reads a picked file; on success shows its figures, else says why and keeps the table. */
  async open(file: Blob): Promise<void> {
    try {
      this.show(parsePeersDecode(await file.text()));
      this.status.textContent = '';
    } catch (e) {
      this.status.textContent = e instanceof ImportError ? e.message : errorMessage(e);
    }
  }

  show(figures: PeersDecodeFigures): void {
    this.figures = figures;
    this.render();
  }

  relabel(): void {
    const m = t().decode.peers;
    this.title.textContent = m.title;
    this.intro.textContent = m.intro;
    this.pickLabel.textContent = m.pick;
    this.render();
  }

  private render(): void {
    const f = this.figures;
    this.table.hidden = f === null;
    if (f === null) return;
    const m = t().decode.peers;
    this.summary.textContent = `${m.summary({
      model: f.model,
      layers: fmtInt(f.layers),
      vocab: fmtInt(f.vocab),
      context: fmtInt(f.context),
      prompt: fmtInt(f.promptTokens),
      tokens: fmtInt(f.tokens),
      rounds: fmtInt(f.rounds),
    })} ${f.versions.map(([k, v]) => `${k} ${v}`).join(', ')}`;
    const head = make('tr');
    for (const word of m.head)
      head.append(Object.assign(make('th', word), { scope: 'col' as const }));
    this.table.tHead?.replaceChildren(head);
    this.table.tBodies[0]?.replaceChildren(...f.pages.flatMap(pageRows));
  }
}
