// The page: it only composes. The language is chosen first (the fixed text is filled in), then
// every section of ./sections.ts is mounted by the page controller (./page.ts), which keeps the
// state and tells the sections what changed. The page never touches the GPU: everything goes
// through the benchmark worker. Predictions and the reference rooflines need no WebGPU at all.

import { setupLanguage } from './shell/language';
import { PageController } from './shell/page';
import { SECTIONS } from './shell/sections';

setupLanguage();
const page = new PageController();
page.mount(SECTIONS);

// For tests and the console: the last complete document.
Object.defineProperty(window, 'webgpuRoofline', {
  value: { lastDocument: () => page.document() },
});
