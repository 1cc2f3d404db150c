// A section whose module is a chunk of its own, fetched right after the page's first paint
// instead of with it (the initial load stays small). The page mounts a stand-in that keeps the
// latest of each event and hands them to the real section once it has mounted.

import { errorMessage } from '../../core/error-message';
import { t } from '../i18n';
import { make } from './dom';
import type { Section, SectionHooks } from './section';

type Calls = { [K in keyof SectionHooks]-?: Parameters<NonNullable<SectionHooks[K]>> };

export function lazySection(id: string, load: () => Promise<Section>): Section {
  return {
    id,
    mount(host, page) {
      let real: SectionHooks | null = null;
      const latest: Partial<Calls> = {};
      const hook =
        <K extends keyof SectionHooks>(name: K) =>
        (...args: Calls[K]): void => {
          if (real === null) latest[name] = args;
          else (real[name] as ((...a: Calls[K]) => void) | undefined)?.(...args);
        };
      load().then(
        (section) => {
          real = section.mount(host, page);
          for (const name of Object.keys(latest) as (keyof SectionHooks)[])
            (real[name] as ((...a: unknown[]) => void) | undefined)?.(...(latest[name] ?? []));
        },
        (e: unknown) => {
          host.replaceChildren(
            make('p', t().common.sectionFailed({ reason: errorMessage(e) }), 'error'),
          );
        },
      );
      return {
        onDocument: hook('onDocument'),
        onComparison: hook('onComparison'),
        onContext: hook('onContext'),
        onAdapter: hook('onAdapter'),
        onRunning: hook('onRunning'),
        onLocale: hook('onLocale'),
      };
    },
  };
}
