// The "Share and compare" controls: copy and download exports, Markdown, a permalink, opening a
// results file (picker or drag and drop), the list of previous runs, and choosing a second run
// to compare. Everything imported is validated first and rendered as text by the caller; a
// failure shows a message and leaves the results on screen untouched. Above them, a line says
// where the document on screen came from.

import { adapterName } from '../../core/adapter-name';
import { errorMessage } from '../../core/error-message';
import type { ResultsDocument } from '../../core/results';
import { settingsQuery } from '../../core/settings';
import { exportFileName, toCsv, toJson, toMarkdown } from '../../share/export';
import { memoryStorage, RunHistory, type StorageLike } from '../../share/history';
import { checkFileSize, parseResultsFile } from '../../share/import/import';
import { ImportError } from '../../share/import/import-error';
import { modelParamOf, withModelParam } from '../../share/link/model-link';
import { decodePermalink, encodePermalink, isPermalink } from '../../share/link/permalink';
import { t } from '../i18n';
import { fmtDateTime, fmtInt } from '../i18n/numbers';
import { element, make, onFilePicked } from '../shell/dom';
import type { DocumentOrigin, Page, SectionHooks } from '../shell/section';
import { sectionParams } from '../shell/url-state';

/** A refused import in the page's language (the importer's detail kept as given). */
export const importMessage = (e: unknown): string =>
  e instanceof ImportError
    ? t().share.importFailed({ reason: e.reason, detail: e.message })
    : t().share.unexpected({ why: errorMessage(e) });

/** Reads and validates a dropped or picked file; throws ImportError saying what is wrong. */
export async function readResultsFile(file: File): Promise<ResultsDocument> {
  checkFileSize(file.size);
  return parseResultsFile(await file.text());
}

/** The list of previous runs, kept in localStorage (or nowhere, where that is blocked). */
function setupHistory(
  show: (doc: ResultsDocument, origin: DocumentOrigin) => void,
  compareWith: (doc: ResultsDocument) => void,
  note: (text: string) => void,
) {
  const list = element<HTMLUListElement>('history-list');
  const empty = element<HTMLParagraphElement>('history-empty');
  let storage: StorageLike;
  try {
    storage = window.localStorage;
  } catch {
    storage = memoryStorage(); // storage blocked (e.g. sandboxed frame): keep runs for this visit
  }
  const history = new RunHistory(storage, { onNote: note });

  function button(text: string, label: string, onClick: () => void): HTMLButtonElement {
    const b = make('button', text);
    b.type = 'button';
    b.setAttribute('aria-label', label);
    b.addEventListener('click', onClick);
    return b;
  }

  function render(): void {
    const m = t().share.history;
    const entries = history.list();
    empty.hidden = entries.length > 0;
    list.replaceChildren(
      ...entries.map((entry) => {
        const date = fmtDateTime(entry.createdAt);
        const label = make(
          'span',
          `${m.entry({
            date,
            adapter: entry.adapter,
            plan: entry.plan,
            rows: fmtInt(entry.rows),
            failed: fmtInt(entry.failed),
          })} `,
        );
        const load = (then: (doc: ResultsDocument) => void) => () => {
          const doc = history.load(entry.id);
          if (doc) then(doc);
          render();
        };
        const li = make('li');
        li.append(
          label,
          button(
            m.open,
            `${m.open} ${date}`,
            load((doc) => show(doc, 'saved')),
          ),
          button(m.compare, m.compareLabel({ date }), load(compareWith)),
          button(m.delete, m.deleteLabel({ date }), () => {
            history.remove(entry.id);
            render();
          }),
        );
        return li;
      }),
    );
  }
  render();
  return {
    save(doc: ResultsDocument) {
      history.save(doc);
      render();
    },
    render,
  };
}

/** The share section's status lines: what was done, or what went wrong. */
function statusLines() {
  const status = element<HTMLParagraphElement>('share-status');
  const error = element<HTMLParagraphElement>('share-error');
  return {
    fail(e: unknown) {
      error.hidden = false;
      error.textContent = importMessage(e);
    },
    ok(text: string) {
      error.hidden = true;
      status.textContent = text;
    },
  };
}
type Status = ReturnType<typeof statusLines>;

/** Copy, download and permalink buttons for the document on screen; returns the buttons. */
function wireExports(current: () => ResultsDocument | null, say: Status) {
  const buttons = {
    copyJson: element<HTMLButtonElement>('copy-json'),
    json: element<HTMLButtonElement>('download-json'),
    csv: element<HTMLButtonElement>('download-csv'),
    markdown: element<HTMLButtonElement>('copy-markdown'),
    link: element<HTMLButtonElement>('make-link'),
  };
  const linkField = element<HTMLInputElement>('share-link');

  function download(doc: ResultsDocument, text: string, type: string, ext: string): void {
    const url = URL.createObjectURL(new Blob([text], { type }));
    const a = document.createElement('a');
    a.href = url;
    a.download = exportFileName(doc, ext);
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
    say.ok(t().share.saved({ file: a.download }));
  }

  /** Copies text; without clipboard permission, selects it in the field for copying by hand. */
  async function copy(text: string, done: string): Promise<void> {
    try {
      await navigator.clipboard.writeText(text);
      say.ok(done);
    } catch {
      linkField.hidden = false;
      linkField.value = text;
      linkField.select();
      say.ok(t().share.noClipboard);
    }
  }

  const on = (button: HTMLButtonElement, act: (doc: ResultsDocument) => void) =>
    button.addEventListener('click', () => {
      const doc = current();
      if (doc) act(doc);
    });
  on(buttons.copyJson, (doc) => void copy(toJson(doc), t().share.copiedJson));
  on(buttons.json, (doc) => download(doc, toJson(doc), 'application/json', 'json'));
  on(buttons.csv, (doc) => download(doc, toCsv(doc), 'text/csv', 'csv'));
  on(buttons.markdown, (doc) => void copy(toMarkdown(doc), t().share.copiedMarkdown));
  on(buttons.link, async (doc) => {
    try {
      // A model read from a config.json (the page's `m=`) travels with the results.
      const fragment = withModelParam(await encodePermalink(doc), modelParamOf(location.hash));
      linkField.hidden = false;
      linkField.value = `${location.origin}${location.pathname}${fragment}${sectionParams()}`;
      linkField.select();
      say.ok(t().share.linkMade);
    } catch (e) {
      say.fail(e);
    }
  });
  return buttons;
}

/** Opening a results file: the picker, drag and drop anywhere on the page, and a permalink. */
function wireImports(page: Page, say: Status): void {
  async function open(chosen: File): Promise<void> {
    try {
      page.show(await readResultsFile(chosen), 'imported');
      say.ok(t().share.opened({ file: chosen.name }));
    } catch (e) {
      say.fail(e);
    }
  }
  onFilePicked(element<HTMLInputElement>('import-file'), (chosen) => void open(chosen));
  // Drag and drop anywhere on the page opens the file, like the picker.
  document.addEventListener('dragover', (e) => {
    if (e.dataTransfer?.types.includes('Files')) {
      e.preventDefault();
      document.body.dataset.dragging = 'true';
    }
  });
  document.addEventListener('dragleave', (e) => {
    if (e.relatedTarget === null) delete document.body.dataset.dragging;
  });
  document.addEventListener('drop', (e) => {
    const dropped = e.dataTransfer?.files[0];
    delete document.body.dataset.dragging;
    if (!dropped) return;
    e.preventDefault();
    void open(dropped);
  });

  // A permalink opens as a shared result, not a live run.
  if (isPermalink(location.hash)) {
    decodePermalink(location.hash).then(
      (doc) => page.show(doc, 'shared'),
      (e: unknown) => say.fail(e),
    );
  }
}

/** Where the document on screen came from, and whether its settings make it not comparable. */
function showOrigin(
  line: HTMLParagraphElement,
  doc: ResultsDocument | null,
  origin: DocumentOrigin,
) {
  const m = t().app;
  const parts: string[] = [];
  if (doc !== null && origin !== 'live') {
    parts.push(
      m.origin[origin],
      m.origin.measured({
        date: doc.createdAt.slice(0, 10),
        adapter: adapterName(doc.adapter, { fallback: m.origin.unnamed }),
      }),
    );
  }
  if (doc?.settings !== undefined) {
    parts.push(m.settings.recorded({ settings: settingsQuery(doc.settings) }));
  }
  line.hidden = parts.length === 0;
  line.textContent = parts.join(' ');
  document.body.dataset.comparable = String(doc?.settings === undefined);
}

/** The share controls, a part of the "Share and compare" section (./share-section.ts). */
export function mountShare(page: Page): SectionHooks {
  const say = statusLines();
  const buttons = wireExports(page.document, say);
  wireImports(page, say);
  const history = setupHistory(
    (doc, origin) => page.show(doc, origin),
    (doc) => page.compareWith(doc),
    (note) => say.ok(note),
  );
  const origin = element<HTMLParagraphElement>('doc-origin');
  return {
    onDocument(doc, from) {
      if (from === 'running') return;
      for (const b of Object.values(buttons)) b.disabled = doc === null;
      showOrigin(origin, doc, page.origin());
      // A finished run on this machine joins this browser's list of previous runs.
      if (doc !== null && from === 'live') history.save(doc);
    },
    onLocale() {
      history.render();
      showOrigin(origin, page.document(), page.origin());
    },
  };
}
