// Comparing two runs: the results on screen (A) and a second run (B) from a file or the list of
// previous runs. B joins the roofline (points ×, ceilings dashed) and the sweep charts (thin
// dashed lines; those sections draw it), and a table sets the ceilings, every shape both measured and the decode
// predictions side by side, with B ÷ A.

import { adapterName } from '../../core/adapter-name';
import type { ResultsDocument } from '../../core/results';
import { getModel } from '../../model/llm/models';
import { type ComparisonLine, compareRuns } from '../../model/measured/run-comparison';
import { t } from '../i18n/index.ts';
import { fmt, fmtInt } from '../i18n/numbers';
import { element, make, onFilePicked, td, th } from '../shell/dom';
import type { Page, SectionHooks } from '../shell/section';
import { importMessage, readResultsFile } from './share-panel';

/** A run's short name: adapter, plan and date. */
export function runLabel(doc: ResultsDocument): string {
  return `${adapterName(doc.adapter, { fallback: '?' })}, ${doc.plan}, ${doc.createdAt.slice(0, 10)}`;
}

function lineLabel(l: ComparisonLine): string {
  const m = t().share.compare;
  const format = l.format ?? '';
  const shape = l.shape === undefined ? '' : `M=${l.shape.m} ${l.shape.n}×${l.shape.k}`;
  switch (l.kind) {
    case 'read':
      return m.readPeak;
    case 'compute':
      return m.computePeak({ format });
    case 'gemv':
      return m.gemv({ format, shape: `${l.shape?.n ?? 0}×${l.shape?.k ?? 0}` });
    case 'gemm':
      return m.gemm({ format, shape });
    case 'decode':
      return m.decode({ model: getModel(l.model ?? '').name, format });
    case 'decode-run': {
      const r = l.run ?? { layers: 0, totalLayers: 0, context: 0 };
      const layers = `${fmtInt(r.layers)}/${fmtInt(r.totalLayers)}`;
      return m.decodeRun({ model: l.model ?? '', format, layers, context: fmtInt(r.context) });
    }
  }
}

/** The table of A against B, with B ÷ A. */
function renderTable(table: HTMLTableElement, a: ResultsDocument, b: ResultsDocument): string {
  const m = t().share.compare;
  const c = compareRuns(a, b);
  const notes = [m.caption({ a: runLabel(a), b: runLabel(b) })];
  if (c.plans[0] !== c.plans[1]) notes.push(m.differentPlans({ a: c.plans[0], b: c.plans[1] }));
  for (const which of c.notComparable) notes.push(m.caveat({ which: which.toUpperCase() }));
  const head = table.tHead?.rows[0];
  head?.replaceChildren(
    ...[m.metric, 'A', 'B', m.ratio].map((text) => {
      const cell = make('th', text);
      cell.scope = 'col';
      return cell;
    }),
  );
  const value = (v: number | null) => (v === null ? m.notInRun : fmt(v));
  table.tBodies[0]?.replaceChildren(
    ...c.lines.map((l) => {
      const tr = document.createElement('tr');
      tr.dataset.kind = l.kind;
      // Whether B is better is said in a symbol too, never in colour alone.
      const better =
        l.ratio === null || l.ratio === 1 ? '' : l.ratio > 1 === l.higherIsBetter ? ' ▲' : ' ▼';
      tr.append(
        th(lineLabel(l)),
        td(value(l.a), 'num'),
        td(value(l.b), 'num'),
        td(l.ratio === null ? m.notInRun : `${fmt(l.ratio)}×${better}`, 'num'),
      );
      return tr;
    }),
  );
  return notes.join(' ');
}

/** The comparison, a part of the "Share and compare" section (./share-section.ts). */
export function mountCompare(page: Page): SectionHooks {
  const file = element<HTMLInputElement>('compare-file');
  const clear = element<HTMLButtonElement>('compare-clear');
  const error = element<HTMLParagraphElement>('compare-error');
  const box = element<HTMLDivElement>('compare');
  const caption = element<HTMLParagraphElement>('compare-caption');
  const table = element<HTMLTableElement>('compare-table');
  let a: ResultsDocument | null = null;
  let b: ResultsDocument | null = null;
  /**
   * Set by this section's own controls: a file picked here is shown where it was picked (a run
   * from the list of runs is scrolled to), and clearing keeps an import error on screen.
   */
  let from: 'file' | 'clear' | undefined;

  const render = () => {
    clear.hidden = b === null;
    box.hidden = b === null;
    document.body.dataset.comparing = String(b !== null);
    if (b === null) return;
    if (a === null) {
      caption.textContent = t().share.compare.needA;
      table.tHead?.rows[0]?.replaceChildren();
      table.tBodies[0]?.replaceChildren();
      return;
    }
    caption.textContent = renderTable(table, a, b);
  };

  onFilePicked(file, async (chosen) => {
    try {
      const doc = await readResultsFile(chosen);
      from = 'file';
      page.compareWith(doc);
    } catch (e) {
      error.hidden = false;
      error.textContent = importMessage(e);
    }
  });
  clear.addEventListener('click', () => {
    from = 'clear';
    page.compareWith(null);
  });

  return {
    onDocument(doc, origin) {
      if (origin === 'running') return;
      a = doc;
      if (b !== null) render();
    },
    onComparison(doc) {
      b = doc;
      if (from !== 'clear') error.hidden = true;
      render();
      if (doc !== null && from === undefined) box.scrollIntoView?.({ block: 'nearest' });
      from = undefined;
    },
    onLocale: render,
  };
}
