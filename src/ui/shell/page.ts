// The page controller: mounts the sections of ./sections.ts, keeps the page's state (the document
// on screen and where it came from, the comparison, the adapter, the prediction settings, whether
// a run is going) and tells every section, in list order, when any of it changes.

import type { ResultsDocument } from '../../core/results';
import { type BenchClient, createBenchClient } from '../../worker/client';
import type { AdapterReport } from '../../worker/protocol';
import { onLocaleChange } from '../i18n/locale';
import type {
  DocumentOrigin,
  Page,
  PageContext,
  ScreenOrigin,
  Section,
  SectionHooks,
} from './section';

/**
 * The section's element: index.html's, or a new <section> in <main>, placed after the part of
 * the page that holds the previous section (or last).
 */
function hostFor(section: Section, previous: HTMLElement | null): HTMLElement {
  const found = document.getElementById(section.id);
  if (found !== null) return found;
  const host = document.createElement('section');
  host.id = section.id;
  const anchor = previous?.closest('main > *');
  if (anchor) anchor.after(host);
  else (document.querySelector('main') ?? document.body).append(host);
  return host;
}

export class PageController implements Page {
  private readonly mounted: SectionHooks[] = [];
  private benchClient: BenchClient | null = null;
  private whole: ResultsDocument | null = null;
  private screen: ResultsDocument | null = null;
  private from: DocumentOrigin = 'live';
  private report: AdapterReport | null = null;
  private ctx: PageContext | undefined;
  private isRunning = false;

  constructor(private readonly makeClient: () => BenchClient = createBenchClient) {}

  /** Mounts each section in order; a section mounted late is told the settings already made. */
  mount(sections: readonly Section[]): void {
    let previous: HTMLElement | null = null;
    for (const section of sections) {
      const host = hostFor(section, previous);
      const hooks = section.mount(host, this);
      this.mounted.push(hooks);
      if (this.ctx !== undefined) hooks.onContext?.(this.ctx);
      if (this.report !== null) hooks.onAdapter?.(this.report);
      previous = host;
    }
    onLocaleChange(() => this.tell((h) => h.onLocale?.()));
  }

  get client(): BenchClient {
    this.benchClient ??= this.makeClient();
    return this.benchClient;
  }

  document = () => this.whole;
  onScreen = () => this.screen;
  origin = () => this.from;
  adapter = () => this.report;
  context = () => this.ctx;
  running = () => this.isRunning;

  show(doc: ResultsDocument | null, origin: ScreenOrigin): void {
    this.screen = doc;
    if (origin !== 'running') {
      this.whole = doc;
      if (doc !== null) this.from = origin;
    }
    this.tell((h) => h.onDocument?.(doc, origin));
    if (doc !== null && origin !== 'running') document.body.dataset.origin = origin;
  }

  compareWith(doc: ResultsDocument | null): void {
    this.tell((h) => h.onComparison?.(doc));
  }

  setAdapter(report: AdapterReport): void {
    this.report = report;
    this.tell((h) => h.onAdapter?.(report));
  }

  setContext(ctx: PageContext): void {
    this.ctx = ctx;
    this.tell((h) => h.onContext?.(ctx));
  }

  setRunning(running: boolean): void {
    this.isRunning = running;
    document.body.dataset.state = running ? 'running' : 'idle';
    this.tell((h) => h.onRunning?.(running));
  }

  private tell(event: (hooks: SectionHooks) => void): void {
    for (const hooks of this.mounted) event(hooks);
  }
}
