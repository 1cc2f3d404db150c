// Every section of the page, in page order. To add one (docs/ARCHITECTURE.md, "A new page
// section"; test/browser/checklist-section.test.ts follows it):
//  1. Write src/ui/<area>/<name>.ts exporting a `Section` (./section.ts): an `id` not used in
//     index.html, and `mount(host, page)` that builds its markup in `host` (text via ./dom's
//     make/td/th, its heading via ./section-heading) and returns the hooks it wants: onDocument,
//     onComparison, onContext, onAdapter, onRunning, onLocale.
//  2. Add it to SECTIONS below where it should appear: the page creates a <section id> in <main>
//     after the part of the page holding the section before it. A section nobody needs at first
//     sight goes in as lazySection(id, () => import(…)): its module loads after the first paint.
//  3. Its words in its area's file of src/ui/i18n/en and src/ui/i18n/zh.

import { latencySection } from '../predictions/latency';
import { memorySection } from '../predictions/memory';
import { predictionsSection } from '../predictions/predictions';
import { howSection } from '../predictions/trust-calibration';
import { adapterSection } from '../sections/adapter-panel';
import { resultsSection } from '../sections/results-section';
import { rooflineSection } from '../sections/roofline-chart';
import { runSection } from '../sections/run-panel';
import { shareSection } from '../sections/share-section';
import { summarySection } from '../sections/summary';
import { lazySection } from './lazy-section';
import type { Section } from './section';

export const SECTIONS: readonly Section[] = [
  adapterSection,
  runSection,
  shareSection,
  // The results gallery (its own chunk): the offer to add a run, the GPU browser.
  lazySection('gallery', () => import('../gallery/section').then((m) => m.gallerySection)),
  summarySection,
  rooflineSection,
  predictionsSection,
  latencySection,
  // The serving simulator, the whole-model decode and the presenter: chunks of their own.
  lazySection('load', () => import('../load/load-section').then((m) => m.loadSection)),
  lazySection('decode-real', () => import('../decode/decode-section').then((m) => m.decodeSection)),
  memorySection,
  resultsSection,
  howSection,
  // Last: its figures read what the sections above have set (the prediction settings).
  lazySection('presenter', () => import('../presenter/presenter').then((m) => m.presenterSection)),
];
