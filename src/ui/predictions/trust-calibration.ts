// "How far predictions can be trusted": each engine's leave-one-GPU-out figures (n, MAPE, share
// inside [low, high], median high ÷ low) for decode and TTFT, from model/engines. Fills the
// element index.html keeps for it under the section's list.

import { RANGE_LEVEL } from '../../model/engines/calibrate';
import type { CalibrationSummary } from '../../model/engines/cross-validation';
import { ENGINE_IDS } from '../../model/engines/ids';
import { engineCalibration } from '../../model/engines/predict';
import { t } from '../i18n';
import { fmtFixed, fmtInt, fmtPercent } from '../i18n/numbers';
import { make, td, th } from '../shell/dom';
import type { Section } from '../shell/section';
import { engineLabel } from './prediction-words';

const cells = (s: CalibrationSummary): HTMLTableCellElement[] =>
  s.n === 0
    ? [td('0', 'num'), td('—', 'num'), td('—', 'num'), td('—', 'num')]
    : [
        td(fmtInt(s.n), 'num'),
        td(fmtPercent(s.mape), 'num'),
        td(fmtPercent(s.coverage), 'num'),
        td(fmtFixed(s.width, 2), 'num'),
      ];

function header(): HTMLTableSectionElement {
  const m = t().predictions.trust;
  const thead = document.createElement('thead');
  const top = document.createElement('tr');
  const engine = th(m.engine);
  engine.rowSpan = 2;
  const decode = th(m.decode);
  decode.colSpan = 4;
  const ttft = th(m.ttft);
  ttft.colSpan = 4;
  top.append(engine, decode, ttft);
  const sub = document.createElement('tr');
  for (let i = 0; i < 2; i++) sub.append(th(m.n), th(m.mape), th(m.coverage), th(m.width));
  for (const cell of [...top.children, ...sub.children]) cell.setAttribute('scope', 'col');
  thead.append(top, sub);
  return thead;
}

function render(host: HTMLElement): void {
  const m = t().predictions.trust;
  const table = document.createElement('table');
  table.className = 'data';
  table.id = 'trust-table';
  const body = document.createElement('tbody');
  for (const id of ENGINE_IDS) {
    const tr = document.createElement('tr');
    tr.dataset.engine = id;
    tr.append(
      th(engineLabel(id)),
      ...cells(engineCalibration(id, 'decode')),
      ...cells(engineCalibration(id, 'ttft')),
    );
    body.append(tr);
  }
  table.append(header(), body);
  const scroll = make('div', '', 'table-scroll');
  scroll.tabIndex = 0;
  scroll.append(table);
  host.replaceChildren(scroll, make('p', m.caption({ level: fmtPercent(RANGE_LEVEL) }), 'caption'));
}

/** The figures were fitted by `npm run calibrate -- --write` (model/engines/fitted.generated.ts). */
export const trustCalibrationSection: Section = {
  id: 'trust-calibration',
  mount(host) {
    render(host);
    return { onLocale: () => render(host) };
  },
};
