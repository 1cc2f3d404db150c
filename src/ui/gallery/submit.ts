// "Add to the public gallery": after a run made here, one button; pressing it shows exactly the
// text that would be sent and asks again; only "Send it" sends. The answer (new run, or the run
// already there) is followed by where the run stands among the runs on its GPU.

import type { ResultsDocument } from '../../core/results';
import { richText, t } from '../i18n';
import { fmtInt, fmtPercent } from '../i18n/numbers';
import { make } from '../shell/dom';
import { type Answer, gallery, type Standing, type Submitted } from './api';

export interface SubmitView {
  /** The document on screen: offered only when it is a finished run made here. */
  show(doc: ResultsDocument | null, offer: boolean): void;
  /** Called once a run was stored, with its id (the browser then refreshes). */
  onStored(listener: (id: number) => void): void;
}

export function standingText(s: Standing): string {
  const m = t().gallery;
  if (s.others === 0) return m.firstRun;
  return m.standing({ percent: fmtPercent(s.slower / s.others), runs: fmtInt(s.others) });
}

function answerText(answer: Answer<Submitted>): string {
  const m = t().gallery;
  if (answer.kind === 'offline') return m.lost;
  if (answer.kind === 'refused') return m.refused({ message: answer.message });
  const id = fmtInt(answer.value.id);
  return answer.value.duplicate ? m.already({ id }) : m.added({ id });
}

export function mountSubmit(host: HTMLElement): SubmitView {
  const offer = make('button', '', 'gallery-offer');
  offer.type = 'button';
  offer.id = 'gallery-offer';
  const consent = make('div', '', 'gallery-consent');
  consent.id = 'gallery-consent';
  consent.hidden = true;
  const note = make('p');
  const preview = make('pre', '', 'gallery-preview');
  preview.id = 'gallery-preview';
  preview.tabIndex = 0;
  const send = make('button');
  send.type = 'button';
  send.id = 'gallery-send';
  const cancel = make('button');
  cancel.type = 'button';
  consent.append(note, preview, send, cancel);
  const status = make('p', '', 'gallery-status');
  status.id = 'gallery-status';
  status.setAttribute('role', 'status');
  host.append(offer, consent, status);

  let doc: ResultsDocument | null = null;
  let stored: (id: number) => void = () => {};
  const words = () => {
    const m = t().gallery;
    offer.textContent = m.offer;
    note.replaceChildren(...richText(m.offerNote));
    send.textContent = m.send;
    cancel.textContent = m.cancel;
  };
  words();

  offer.addEventListener('click', () => {
    if (doc === null) return;
    preview.textContent = gallery.body(doc);
    consent.hidden = false;
    offer.hidden = true;
    status.textContent = '';
  });
  cancel.addEventListener('click', () => {
    consent.hidden = true;
    offer.hidden = false;
  });
  send.addEventListener('click', async () => {
    if (doc === null) return;
    consent.hidden = true;
    status.textContent = t().gallery.sending;
    const answer = await gallery.submit(doc);
    status.textContent = answerText(answer);
    if (answer.kind !== 'ok') {
      offer.hidden = false;
      return;
    }
    stored(answer.value.id);
    const standing = await gallery.standing(answer.value.id);
    if (standing.kind === 'ok') status.textContent += ` ${standingText(standing.value)}`;
  });

  return {
    show(next, canOffer) {
      doc = canOffer ? next : null;
      offer.hidden = doc === null;
      consent.hidden = true;
      if (doc === null) status.textContent = '';
      words();
    },
    onStored(listener) {
      stored = listener;
    },
  };
}
