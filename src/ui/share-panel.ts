// The "Share and compare" controls: downloads, Markdown, a permalink, and opening a results
// file. Everything imported is validated first and rendered as text by the caller; a failure
// shows a message and leaves the results on screen untouched.

import type { ResultsDocument } from '../bench/results';
import { ImportError } from '../share/errors';
import { exportFileName, toCsv, toJson, toMarkdown } from '../share/export';
import { memoryStorage, RunHistory, type StorageLike } from '../share/history';
import { checkFileSize, parseResultsFile } from '../share/import';
import { decodePermalink, encodePermalink, isPermalink } from '../share/permalink';
import { element } from './dom';

export type DocumentOrigin = 'live' | 'shared' | 'imported' | 'saved';

const messageOf = (e: unknown) =>
  e instanceof ImportError
    ? e.message
    : `Something went wrong: ${e instanceof Error ? e.message : String(e)}`;

export interface SharePanel {
  /** Enables the controls for the document now on screen (or disables them for none). */
  setDocument(doc: ResultsDocument | null): void;
  /** Keeps a finished live run in this browser's list of previous runs. */
  remember(doc: ResultsDocument): void;
}

/** The list of previous runs, kept in localStorage (or nowhere, where that is blocked). */
function setupHistory(show: (doc: ResultsDocument, origin: DocumentOrigin) => void) {
  const list = element<HTMLUListElement>('history-list');
  const empty = element<HTMLParagraphElement>('history-empty');
  let storage: StorageLike;
  try {
    storage = window.localStorage;
  } catch {
    storage = memoryStorage(); // storage blocked (e.g. sandboxed frame): keep runs for this visit
  }
  const history = new RunHistory(storage);

  function render(): void {
    const entries = history.list();
    empty.hidden = entries.length > 0;
    list.replaceChildren(
      ...entries.map((entry) => {
        const li = document.createElement('li');
        const label = document.createElement('span');
        label.textContent = `${entry.createdAt.slice(0, 16).replace('T', ' ')} · ${entry.adapter} · ${entry.plan} · ${entry.rows} rows${entry.failed ? `, ${entry.failed} failed` : ''} `;
        const open = document.createElement('button');
        open.type = 'button';
        open.textContent = 'Open';
        open.addEventListener('click', () => {
          const doc = history.load(entry.id);
          if (doc) show(doc, 'saved');
          render();
        });
        const remove = document.createElement('button');
        remove.type = 'button';
        remove.textContent = 'Delete';
        remove.setAttribute('aria-label', `Delete the run of ${entry.createdAt}`);
        remove.addEventListener('click', () => {
          history.remove(entry.id);
          render();
        });
        li.append(label, open, remove);
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
  };
}

export function setupSharePanel(
  show: (doc: ResultsDocument, origin: DocumentOrigin) => void,
): SharePanel {
  const buttons = {
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
    error.textContent = messageOf(e);
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
    ok(`Saved ${a.download}.`);
  }

  buttons.json.addEventListener(
    'click',
    () => current && download(toJson(current), 'application/json', 'json'),
  );
  buttons.csv.addEventListener(
    'click',
    () => current && download(toCsv(current), 'text/csv', 'csv'),
  );
  buttons.markdown.addEventListener('click', async () => {
    if (!current) return;
    const markdown = toMarkdown(current);
    try {
      await navigator.clipboard.writeText(markdown);
      ok('Copied a Markdown table to the clipboard.');
    } catch {
      // No clipboard permission: offer the text to copy by hand.
      linkField.hidden = false;
      linkField.value = markdown;
      linkField.select();
      ok('The clipboard is not available here: the Markdown is selected in the field above.');
    }
  });
  buttons.link.addEventListener('click', async () => {
    if (!current) return;
    try {
      const fragment = await encodePermalink(current);
      linkField.hidden = false;
      linkField.value = `${location.origin}${location.pathname}${fragment}`;
      linkField.select();
      ok('Anyone who opens this link sees these results; nothing is uploaded anywhere.');
    } catch (e) {
      fail(e);
    }
  });
  file.addEventListener('change', async () => {
    const chosen = file.files?.[0];
    file.value = '';
    if (!chosen) return;
    try {
      checkFileSize(chosen.size);
      show(parseResultsFile(await chosen.text()), 'imported');
      ok(`Opened ${chosen.name}.`);
    } catch (e) {
      fail(e);
    }
  });

  // A permalink opens as a shared result, not a live run.
  if (isPermalink(location.hash)) {
    decodePermalink(location.hash).then(
      (doc) => show(doc, 'shared'),
      (e: unknown) => fail(e),
    );
  }

  const history = setupHistory(show);

  return {
    setDocument(doc) {
      current = doc;
      for (const b of Object.values(buttons)) b.disabled = doc === null;
    },
    remember: (doc) => history.save(doc),
  };
}
