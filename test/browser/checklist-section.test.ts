// The checklist "A new page section" of docs/ARCHITECTURE.md in a real browser: the section's one
// file (./checklist/new-section.ts stands for src/ui/<area>/<name>.ts), one line in SECTIONS and
// its words in both languages, the last two added in memory before anything reads them (vi.mock
// below). The page controller must place it after the section before it, head its landmark,
// retitle it on a change of language and tell it the document; and the files changed must be the
// checklist's.

import { afterAll, describe, expect, it, vi } from 'vitest';
import archDoc from '../../docs/ARCHITECTURE.md?raw';
import pageHtml from '../../index.html?raw';
import { setLocale } from '../../src/ui/i18n/locale';
import { PageController } from '../../src/ui/shell/page';
import { SECTIONS } from '../../src/ui/shell/sections';
import { compareFiles } from '../unit/checklists/checklist-files';
import { doc, readRow } from '../unit/model/synthetic';
import { checklistSection } from './checklist/new-section';
import ownSource from './checklist-section.test.ts?raw';

// Step 2: one line in SECTIONS, after "How this works".
vi.mock('../../src/ui/shell/sections', async (real) => {
  const m = await real<typeof import('../../src/ui/shell/sections')>();
  const { howSection } = await import('../../src/ui/predictions/trust-calibration');
  const { checklistSection } = await import('./checklist/new-section');
  const at = m.SECTIONS.indexOf(howSection) + 1;
  return { SECTIONS: [...m.SECTIONS.slice(0, at), checklistSection, ...m.SECTIONS.slice(at)] };
});
// Its words, in the area's file of each language.
vi.mock('../../src/ui/i18n/en/app', async (real) => {
  const m = await real<typeof import('../../src/ui/i18n/en/app')>();
  Object.assign(m.app, {
    checklist: { title: 'Checklist section', rows: (p: { n: string }) => `${p.n} rows` },
  });
  return m;
});
vi.mock('../../src/ui/i18n/zh/app', async (real) => {
  const m = await real<typeof import('../../src/ui/i18n/zh/app')>();
  Object.assign(m.app, {
    checklist: { title: '清单小节', rows: (p: { n: string }) => `${p.n} 行` },
  });
  return m;
});

const page = new PageController(() => {
  throw new Error('no worker in this test');
});

afterAll(() => setLocale('en'));

describe('checklist: a new page section', () => {
  it('touches exactly the files the checklist names, and writes one', () => {
    const { changed, named } = compareFiles(
      'A new page section',
      archDoc,
      ownSource,
      'test/browser/checklist-section.test.ts',
    );
    expect(changed).toHaveLength(3);
    expect(named.create).toEqual(['src/ui/<area>/<name>.ts']);
  });

  it('the page mounts it from SECTIONS after the section before it, headed and retitled', () => {
    const parsed = new DOMParser().parseFromString(pageHtml, 'text/html');
    for (const s of parsed.querySelectorAll('script')) s.remove();
    document.body.replaceChildren(
      ...[...parsed.body.childNodes].map((n) => document.importNode(n, true)),
    );
    const at = SECTIONS.indexOf(checklistSection);
    expect(at).toBeGreaterThan(0);
    // The section before it and the new one, as the page mounts the whole list.
    page.mount(SECTIONS.slice(at - 1, at + 1));
    const host = document.getElementById('checklist-section') as HTMLElement;
    expect(host.tagName).toBe('SECTION');
    // Right after the part of the page that holds the section before it (here index.html's #how).
    const before = document.getElementById(SECTIONS[at - 1]?.id ?? '');
    expect(before).not.toBeNull();
    expect(host.previousElementSibling?.contains(before)).toBe(true);
    const h2 = host.querySelector('h2') as HTMLHeadingElement;
    expect(host.getAttribute('aria-labelledby')).toBe(h2.id);
    expect(h2.textContent).toBe('Checklist section');
    expect(host.querySelector('.checklist-rows')?.textContent).toBe('0 rows');
    page.show(doc([readRow(1 << 20, 80), readRow(16 << 20, 100)]), 'imported');
    expect(host.querySelector('.checklist-rows')?.textContent).toBe('2 rows');
    setLocale('zh');
    expect(h2.textContent).toBe('清单小节');
    expect(host.querySelector('.checklist-rows')?.textContent).toBe('2 行');
  });
});
