// The "Share and compare" section: its heading, the share controls (./share-panel.ts) and the
// second run to compare with (./compare-panel.ts), on index.html's markup.

import { t } from '../i18n';
import { joinHooks, type Section } from '../shell/section';
import { sectionHeading } from '../shell/section-heading';
import { mountCompare } from './compare-panel';
import { mountShare } from './share-panel';

export const shareSection: Section = {
  id: 'share',
  mount(host, page) {
    const heading = sectionHeading(host, () => t().page['share.title']);
    host.prepend(heading.element);
    return joinHooks({ onLocale: heading.retitle }, mountShare(page), mountCompare(page));
  },
};
