// The file the checklist "A new page section" has one write (src/ui/<area>/<name>.ts), written
// for test/browser/checklist-section.test.ts: a heading from sectionHeading, words from t(), a
// line that follows the document on screen.

import { t } from '../../../src/ui/i18n';
import { make } from '../../../src/ui/shell/dom';
import type { Section } from '../../../src/ui/shell/section';
import { sectionHeading } from '../../../src/ui/shell/section-heading';

/** The words this section needs, added to the app area of each language by the test. */
export interface ChecklistWords {
  title: string;
  rows: (p: { n: string }) => string;
}

const words = () => (t().app as unknown as { checklist: ChecklistWords }).checklist;

export const checklistSection: Section = {
  id: 'checklist-section',
  mount(host) {
    const heading = sectionHeading(host, () => words().title);
    const line = make('p', '', 'checklist-rows');
    let rows = 0;
    const say = () => {
      line.textContent = words().rows({ n: String(rows) });
    };
    say();
    host.append(heading.element, line);
    return {
      onDocument(doc) {
        rows = doc?.results.length ?? 0;
        say();
      },
      onLocale() {
        heading.retitle();
        say();
      },
    };
  },
};
