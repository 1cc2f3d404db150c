// A section's heading: the <h2> that names its landmark (the host's aria-labelledby points at
// it), worded in the page's language and worded again on every language change. Sections that
// build their own markup get their heading from here rather than by hand.

import { make } from './dom';
import { joinHooks, type SectionHooks } from './section';

export interface SectionHeading {
  readonly element: HTMLHeadingElement;
  /** Sets the heading's words from `title()` again (call it from the section's onLocale). */
  retitle(): void;
}

export function sectionHeading(host: HTMLElement, title: () => string): SectionHeading {
  const element = make('h2');
  element.id = `${host.id || 'section'}-title`;
  host.setAttribute('aria-labelledby', element.id);
  const retitle = () => {
    element.textContent = title();
  };
  retitle();
  return { element, retitle };
}

/**
 * A section whose markup index.html holds: its heading put first in `host`, and its hooks with the
 * heading's re-wording on every language change joined in, as `mount` returns them.
 */
export function headedSection(
  host: HTMLElement,
  title: () => string,
  ...hooks: SectionHooks[]
): SectionHooks {
  const heading = sectionHeading(host, title);
  host.prepend(heading.element);
  return joinHooks({ onLocale: heading.retitle }, ...hooks);
}
