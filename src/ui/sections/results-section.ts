// The results table: one row per kernel case of the document on screen, filled in row by row
// while a run goes.

import type { ResultRow } from '../../core/results';
import { t } from '../i18n';
import { element } from '../shell/dom';
import type { Section } from '../shell/section';
import { headedSection } from '../shell/section-heading';
import { resultRowElement } from './results-table';

export const resultsSection: Section = {
  id: 'results',
  mount(host) {
    const tbody = element<HTMLTableElement>('results-table').tBodies[0] as HTMLTableSectionElement;
    let rows: readonly ResultRow[] = [];
    const showRows = () => {
      tbody.replaceChildren();
      for (const row of rows) tbody.append(resultRowElement(row));
    };
    return headedSection(host, () => t().page['results.title'], {
      // While a run goes, the run so far arrives with each new row: all of it is redrawn.
      onDocument(doc) {
        rows = doc?.results ?? [];
        showRows();
      },
      onLocale: showRows,
    });
  },
};
