// The "Share and compare" section: its heading, the share controls (./share-panel.ts) and the
// second run to compare with (./compare-panel.ts), on index.html's markup.

import { t } from '../i18n';
import type { Section } from '../shell/section';
import { headedSection } from '../shell/section-heading';
import { mountCompare } from './compare-panel';
import { mountShare } from './share-panel';

export const shareSection: Section = {
  id: 'share',
  mount(host, page) {
    return headedSection(host, () => t().page['share.title'], mountShare(page), mountCompare(page));
  },
};
