// "How far predictions can be trusted": each engine's held-out figures (n, MAPE, share inside
// [low, high], median high ÷ low) for decode and TTFT, from model/engines: first the headline, every
// row predicted with its whole source (thread, repository, paper) and its whole GPU family (twins
// and variants) left out of the fit together; then one table for each of the two alone. Fills the
// element index.html keeps for them at the end of "How this works", the section this file mounts.

import { RANGE_LEVEL } from '../../model/engines/calibrate';
import type { CalibrationSummary } from '../../model/engines/cross-validation';
import type { DocGrouping } from '../../model/engines/groups';
import { ENGINE_IDS, ENGINES, type EngineId } from '../../model/engines/ids';
import { engineCalibration } from '../../model/engines/predict';
import { t } from '../i18n';
import { fmtFixed, fmtInt, fmtPercent } from '../i18n/numbers';
import { element, make, td, th } from '../shell/dom';
import type { Section } from '../shell/section';
import { headedSection } from '../shell/section-heading';
import { engineLabel } from './prediction-words';

/** The share inside, and of how many ranges where some held-out ones were "not enough data". */
function coverageText(s: CalibrationSummary): string {
  // Every range wider than MAX_RANGE_WIDTH: stated as "not enough data", so no share inside.
  if (!Number.isFinite(s.coverage)) return '—';
  const stated = s.n - s.notEnoughData;
  const share = fmtPercent(s.coverage);
  return s.notEnoughData > 0
    ? `${share} ${t().predictions.trust.ofStated({ stated: fmtInt(stated) })}`
    : share;
}

const cells = (s: CalibrationSummary): HTMLTableCellElement[] =>
  s.n === 0
    ? [td('0', 'num'), td('—', 'num'), td('—', 'num'), td('—', 'num')]
    : [
        td(fmtInt(s.n), 'num'),
        td(fmtPercent(s.mape), 'num'),
        td(coverageText(s), 'num'),
        td(Number.isFinite(s.width) ? fmtFixed(s.width, 2) : '—', 'num'),
      ];

/** An engine's eight figures, or one cell naming the engine it borrows its profile from. */
function figureCells(engine: EngineId, grouping: DocGrouping): HTMLTableCellElement[] {
  const lender = ENGINES[engine].borrowsProfileFrom;
  if (lender !== undefined) {
    const cell = td(t().predictions.trust.borrowed({ from: engineLabel(lender) }), 'borrowed');
    cell.colSpan = 8;
    return [cell];
  }
  return [
    ...cells(engineCalibration(engine, 'decode', grouping)),
    ...cells(engineCalibration(engine, 'ttft', grouping)),
  ];
}

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

/** The tables the section shows, and the id of each. */
const TABLES: readonly [DocGrouping, string][] = [
  ['source+family', 'trust-table'],
  ['source', 'trust-table-source'],
  ['family', 'trust-table-family'],
];

const CAPTION: Readonly<Record<DocGrouping, 'bySourceFamily' | 'bySource' | 'byFamily'>> = {
  'source+family': 'bySourceFamily',
  source: 'bySource',
  family: 'byFamily',
};

function table(grouping: DocGrouping, id: string): HTMLElement {
  const m = t().predictions.trust;
  const el = document.createElement('table');
  el.className = 'data';
  el.id = id;
  const caption = document.createElement('caption');
  caption.textContent = m[CAPTION[grouping]];
  const body = document.createElement('tbody');
  for (const engine of ENGINE_IDS) {
    const tr = document.createElement('tr');
    tr.dataset.engine = engine;
    tr.append(th(engineLabel(engine)), ...figureCells(engine, grouping));
    body.append(tr);
  }
  el.append(caption, header(), body);
  const scroll = make('div', '', 'table-scroll');
  scroll.tabIndex = 0;
  scroll.append(el);
  return scroll;
}

function render(host: HTMLElement): void {
  const m = t().predictions.trust;
  host.replaceChildren(
    ...TABLES.map(([grouping, id]) => table(grouping, id)),
    make('p', m.caption({ level: fmtPercent(RANGE_LEVEL) }), 'caption'),
  );
}

/**
 * The "How this works" section: its heading over index.html's text, then the trust tables (the
 * figures were fitted by `npm run calibrate -- --write`, model/engines/fitted.generated.ts).
 */
export const howSection: Section = {
  id: 'how',
  mount(host) {
    const tables = element<HTMLDivElement>('trust-calibration');
    render(tables);
    return headedSection(host, () => t().page['how.title'], { onLocale: () => render(tables) });
  },
};
