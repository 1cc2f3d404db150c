// The results gallery section: whether this page has a gallery behind it, the offer to add a run
// made here, the GPU browser and one GPU's page. With no API (a static host) it says so and
// nothing else changes.

import { richText, t } from '../i18n';
import { make } from '../shell/dom';
import type { Section } from '../shell/section';
import { sectionHeading } from '../shell/section-heading';
import { type GalleryAdapter, gallery } from './api';
import { mountBrowser } from './browser';
import type { GalleryChart } from './charts';
import { renderGpuPage } from './gpu-page';
import { mountSubmit } from './submit';
import './gallery.css';

export const gallerySection: Section = {
  id: 'gallery',
  mount(host) {
    const heading = sectionHeading(host, () => t().gallery.heading);
    const intro = make('p');
    const connection = make('p', '', 'gallery-connection');
    connection.id = 'gallery-connection';
    const submitHost = make('div');
    const browserHost = make('div');
    const gpuHost = make('div', '', 'gallery-gpu');
    gpuHost.id = 'gallery-gpu';
    host.append(heading.element, intro, connection, submitHost, browserHost, gpuHost);
    const submit = mountSubmit(submitHost);
    const browser = mountBrowser(browserHost);
    let connected: string | null = null;
    let gpuChart: GalleryChart | null = null;
    let opened: GalleryAdapter | null = null;
    let offered: Parameters<typeof submit.show> = [null, false];
    const offer = () => submit.show(offered[0], connected !== null && offered[1]);

    const words = () => {
      const m = t().gallery;
      heading.retitle();
      intro.textContent = m.intro;
      connection.replaceChildren(
        ...richText(connected === null ? m.offline : m.connected({ database: connected })),
      );
    };
    const openGpu = async (a: GalleryAdapter) => {
      opened = a;
      const answer = await gallery.adapter(a.key, browser.filters());
      gpuChart?.destroy();
      gpuChart = answer.kind === 'ok' ? renderGpuPage(gpuHost, answer.value) : null;
      if (answer.kind !== 'ok') gpuHost.replaceChildren();
    };
    const refresh = async () => {
      const list = await gallery.adapters(browser.filters());
      browserHost.hidden = list.kind !== 'ok';
      if (list.kind === 'ok') browser.render(list.value);
      if (opened !== null) await openGpu(opened);
    };
    browser.onFilter(refresh);
    browser.onOpen(openGpu);
    submit.onStored(refresh);
    browserHost.hidden = true;
    words();
    gallery.health().then(async (health) => {
      connected = health.kind === 'ok' ? health.value.database : null;
      words();
      offer();
      if (connected !== null) await refresh();
    });

    return {
      onDocument(doc, origin) {
        offered = [doc, origin === 'live' && doc !== null];
        offer();
      },
      onLocale() {
        words();
        if (connected !== null) void refresh();
      },
    };
  },
};
