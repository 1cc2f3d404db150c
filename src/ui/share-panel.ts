// The "Share and compare" controls: copy and download exports, Markdown, a permalink, opening a
// results file (picker or drag and drop), the list of previous runs, and choosing a second run
// to compare. Everything imported is validated first and rendered as text by the caller; a
// failure shows a message and leaves the results on screen untouched.

import { errorMessage } from '../core/error-message';
import type { ResultsDocument } from '../core/results';
import { exportFileName, toCsv, toJson, toMarkdown } from '../share/export';
import { memoryStorage, RunHistory, type StorageLike } from '../share/history';
import { checkFileSize, parseResultsFile } from '../share/import';
import { ImportError } from '../share/import-error';
import { decodePermalink, encodePermalink, isPermalink } from '../share/permalink';
import { element, make, onFilePicked } from './dom';
import { t } from './i18n';
import { onLocaleChange } from './i18n/locale';
import { fmtDateTime, fmtInt } from './i18n/numbers';

export type DocumentOrigin = 'live' | 'shared' | 'imported' | 'saved';

/** A refused import in the page's language (the importer's detail kept as given). */
export const importMessage = (e: unknown): string =>
  e instanceof ImportError
    ? t().share.importFailed({ reason: e.reason, detail: e.message })
    : t().share.unexpected({ why: errorMessage(e) });

export interface SharePanel {
  /** Enables the controls for the document now on screen (or disables them for none). */
  setDocument(doc: ResultsDocument | null): void;
  /** Keeps a finished live run in this browser's list of previous runs. */
  remember(doc: ResultsDocument): void;
}

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
  onLocaleChange(render);
  return {
    save(doc: ResultsDocument) {
      history.save(doc);
      render();
    },
  };
}

export function setupSharePanel(
  show: (doc: ResultsDocument, origin: DocumentOrigin) => void,
  compareWith: (doc: ResultsDocument) => void,
): SharePanel {
  const buttons = {
    copyJson: element<HTMLButtonElement>('copy-json'),
    json: element<HTMLButtonElement>('download-json'),
    csv: element<HTMLButtonElement>('download-csv'),
    markdown: element<HTMLButtonElement>('copy-markdown'),
    link: element<HTMLButtonElement>('make-link'),
  };
  const file = element<HTMLInputElement>('import-file');
  const linkField = element<HTMLInputElement>('share-link');
  const status = element<HTMLParagraphElement>('share-status');
  const error = element<HTMLParagraphElement>('share-error');
  let current: ResultsDocument | null = null;

  const fail = (e: unknown) => {
    error.hidden = false;
    error.textContent = importMessage(e);
  };
  const ok = (text: string) => {
    error.hidden = true;
    status.textContent = text;
  };

  function download(text: string, type: string, ext: string): void {
    if (!current) return;
    const url = URL.createObjectURL(new Blob([text], { type }));
    const a = document.createElement('a');
    a.href = url;
    a.download = exportFileName(current, ext);
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
    ok(t().share.saved({ file: a.download }));
  }

  /** Copies text; without clipboard permission, selects it in the field for copying by hand. */
  async function copy(text: string, done: string): Promise<void> {
    try {
      await navigator.clipboard.writeText(text);
      ok(done);
    } catch {
      linkField.hidden = false;
      linkField.value = text;
      linkField.select();
      ok(t().share.noClipboard);
    }
  }

  buttons.copyJson.addEventListener(
    'click',
    () => current && void copy(toJson(current), t().share.copiedJson),
  );
  buttons.json.addEventListener(
    'click',
    () => current && download(toJson(current), 'application/json', 'json'),
  );
  buttons.csv.addEventListener(
    'click',
    () => current && download(toCsv(current), 'text/csv', 'csv'),
  );
  buttons.markdown.addEventListener(
    'click',
    () => current && void copy(toMarkdown(current), t().share.copiedMarkdown),
  );
  buttons.link.addEventListener('click', async () => {
    if (!current) return;
    try {
      const fragment = await encodePermalink(current);
      linkField.hidden = false;
      linkField.value = `${location.origin}${location.pathname}${fragment}`;
      linkField.select();
      ok(t().share.linkMade);
    } catch (e) {
      fail(e);
    }
  });

  async function open(chosen: File): Promise<void> {
    try {
      show(await readResultsFile(chosen), 'imported');
      ok(t().share.opened({ file: chosen.name }));
    } catch (e) {
      fail(e);
    }
  }
  onFilePicked(file, (chosen) => void open(chosen));
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
      (doc) => show(doc, 'shared'),
      (e: unknown) => fail(e),
    );
  }

  const history = setupHistory(show, compareWith, (note) => ok(note));

  return {
    setDocument(doc) {
      current = doc;
      for (const b of Object.values(buttons)) b.disabled = doc === null;
    },
    remember: (doc) => history.save(doc),
  };
}
