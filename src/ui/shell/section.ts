// What a page section is, and what the page offers it. A section is one module: it builds (or
// finds) its markup in the host element it is given and says which page events it wants. The
// page controller (./page.ts) keeps the state and tells every section of ./sections.ts in turn.

import type { WeightFormat } from '../../core/formats';
import type { ResultsDocument } from '../../core/results';
import type { ModelConfig } from '../../model/llm/models';
import type { PredictOptions } from '../../model/predict/predictor';
import type { ReportSource } from '../../model/predict/report';
import type { BenchClient } from '../../worker/client';
import type { AdapterReport } from '../../worker/protocol';

/**
 * Where the document on screen came from: a finished run here ('live'), a link, a file, this
 * browser's list of runs, or the run in progress so far ('running': incomplete, changes per row).
 */
export type DocumentOrigin = 'live' | 'shared' | 'imported' | 'saved';
export type ScreenOrigin = DocumentOrigin | 'running';

/** The settings the predictions are shown for: source, lengths, the model and format in focus. */
export interface PageContext {
  source: ReportSource;
  /** "measured on …" or "NVIDIA … datasheet, native engine profile", in the page's language. */
  sourceLabel: string;
  options: PredictOptions;
  focusModel: ModelConfig;
  focusFormat: WeightFormat;
  /** β for bytes-per-token floors: measured, or the datasheet's. */
  bandwidthGBps: number;
  bandwidthLabel: string;
}

/** What a section may ask of the page: its state, and the changes it may make to it. */
export interface Page {
  /** The benchmark worker (started on first use). */
  readonly client: BenchClient;
  /** The last whole document shown (null while a run is in progress, or before any). */
  document(): ResultsDocument | null;
  /** What the sections show: the last document, or the run so far while one is running. */
  onScreen(): ResultsDocument | null;
  origin(): DocumentOrigin;
  adapter(): AdapterReport | null;
  /** The current prediction settings; undefined until the predictions section has set them. */
  context(): PageContext | undefined;
  running(): boolean;

  /** Shows a document (null: none) to every section. */
  show(doc: ResultsDocument | null, origin: ScreenOrigin): void;
  /** Sets (or clears) the second run to compare with. */
  compareWith(doc: ResultsDocument | null): void;
  setAdapter(report: AdapterReport): void;
  setContext(ctx: PageContext): void;
  setRunning(running: boolean): void;
}

/** The page events a section can be told of; each is optional. */
export interface SectionHooks {
  /** The document on screen changed (see ScreenOrigin). */
  onDocument?(doc: ResultsDocument | null, origin: ScreenOrigin): void;
  /** The second run being compared changed. */
  onComparison?(doc: ResultsDocument | null): void;
  /** The prediction settings changed. */
  onContext?(ctx: PageContext): void;
  /** The adapter (or why there is none) is known. */
  onAdapter?(report: AdapterReport): void;
  /** A run started or ended. */
  onRunning?(running: boolean): void;
  /** The page's language changed: redraw every word. */
  onLocale?(): void;
}

export interface Section {
  /** The id of the section's element: found in index.html, else created by the page. */
  readonly id: string;
  /** Builds the section in `host`, wires its controls, and returns the events it wants. */
  mount(host: HTMLElement, page: Page): SectionHooks;
}

type HookName = keyof SectionHooks;
const HOOK_NAMES: readonly HookName[] = [
  'onDocument',
  'onComparison',
  'onContext',
  'onAdapter',
  'onRunning',
  'onLocale',
];

/**
 * The events of a section made of parts (its heading, a chart, a table): each event goes to
 * every part that wants it, in the order given.
 */
export function joinHooks(...parts: SectionHooks[]): SectionHooks {
  const joined: Record<string, (...args: never[]) => void> = {};
  for (const name of HOOK_NAMES) {
    const wanted = parts.flatMap((p) => {
      const hook = p[name] as ((...args: never[]) => void) | undefined;
      return hook === undefined ? [] : [hook];
    });
    if (wanted.length > 0)
      joined[name] = (...args: never[]) => {
        for (const hook of wanted) hook(...args);
      };
  }
  return joined as SectionHooks;
}
