// Every section in SECTIONS follows the one pattern docs/ARCHITECTURE.md's checklist "A new page
// section" describes: a `Section` mounted by the page on a <section> landmark of its own, headed
// by the h2 that sectionHeading made (index.html holds none), which names the landmark and is
// worded again on a change of language. The whole page is mounted, on index.html, with a worker
// client that never answers.

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import pageHtml from '../../index.html?raw';
import { setLocale } from '../../src/ui/i18n/locale';
import { PageController } from '../../src/ui/shell/page';
import { SECTIONS } from '../../src/ui/shell/sections';
import type { BenchClient } from '../../src/worker/client';

/** A worker client whose every call waits for ever: no section here needs an answer. */
const silentClient = new Proxy({} as BenchClient, {
  get: () => () => new Promise(() => {}),
});

const parsed = new DOMParser().parseFromString(pageHtml, 'text/html');
const heading = (id: string) => document.getElementById(`${id}-title`);

beforeAll(async () => {
  for (const s of parsed.querySelectorAll('script')) s.remove();
  document.body.replaceChildren(
    ...[...parsed.body.childNodes].map((n) => document.importNode(n, true)),
  );
  new PageController(() => silentClient).mount(SECTIONS);
  // Sections in chunks of their own mount once their module has loaded: on a fresh checkout the
  // dev server compiles each chunk on its first request, seconds on a busy 2-core machine.
  await vi.waitFor(
    () => {
      expect(SECTIONS.filter((s) => heading(s.id) === null).map((s) => s.id)).toEqual([]);
    },
    { timeout: 60_000, interval: 100 },
  );
});

afterAll(() => setLocale('en'));

describe('every page section follows the checklist', () => {
  it('has an id of its own', () => {
    expect(new Set(SECTIONS.map((s) => s.id)).size).toBe(SECTIONS.length);
  });

  for (const section of SECTIONS) {
    it(`${section.id}: a landmark of its own, headed by sectionHeading and retitled`, () => {
      const host = document.getElementById(section.id) as HTMLElement;
      expect(host.tagName).toBe('SECTION');
      // index.html holds no heading for it: the section's mount made it.
      expect(parsed.getElementById(section.id)?.querySelector('h2') ?? null).toBeNull();
      const h2 = heading(section.id) as HTMLHeadingElement;
      expect(h2.tagName).toBe('H2');
      expect(host.contains(h2)).toBe(true);
      expect(host.getAttribute('aria-labelledby')).toBe(h2.id);
      // No other section's landmark sits inside it.
      for (const other of SECTIONS) {
        if (other !== section) expect(host.contains(document.getElementById(other.id))).toBe(false);
      }
      // The presenter's bar is headed by the screen on show: nothing while it is hidden.
      if (host.hidden) return;
      const en = h2.textContent ?? '';
      expect(en).not.toBe('');
      setLocale('zh');
      expect(h2.textContent).not.toBe(en);
      expect(h2.textContent).not.toBe('');
      setLocale('en');
      expect(h2.textContent).toBe(en);
    });
  }
});
