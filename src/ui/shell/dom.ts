// Small DOM helpers for the page. Everything is set as text, never as HTML: adapter strings and
// imported documents are untrusted.

export function element<T extends HTMLElement>(id: string): T {
  const el = document.getElementById(id);
  if (!el) throw new Error(`page is missing #${id}`);
  return el as T;
}

/** A new element with text content and an optional class. */
export function make<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  text?: string,
  className?: string,
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  if (text !== undefined) el.textContent = text;
  if (className) el.className = className;
  return el;
}

/** An empty table with this id, its head and body in place. */
export function emptyTable(id: string): HTMLTableElement {
  const el = make('table');
  el.id = id;
  el.append(el.createTHead(), el.createTBody());
  return el;
}

/** A table cell holding text, or the given nodes. */
export function td(content: string | readonly Node[], className?: string): HTMLTableCellElement {
  const cell = document.createElement('td');
  if (typeof content === 'string') cell.textContent = content;
  else cell.append(...content);
  if (className) cell.className = className;
  return cell;
}

/** A row header cell. */
export function th(text: string): HTMLTableCellElement {
  const cell = document.createElement('th');
  cell.scope = 'row';
  cell.textContent = text;
  return cell;
}

/** Replaces a select's options, keeping the current value where it is still offered. */
export function setOptions(
  select: HTMLSelectElement,
  options: readonly { value: string; label: string }[],
  preferred?: string,
): void {
  const keep = preferred ?? select.value;
  select.replaceChildren(
    ...options.map((o) => {
      const opt = document.createElement('option');
      opt.value = o.value;
      opt.textContent = o.label;
      return opt;
    }),
  );
  if (options.some((o) => o.value === keep)) select.value = keep;
}

/** Calls `handle` with each file picked in `input`, then clears it so the same file can be picked again. */
export function onFilePicked(input: HTMLInputElement, handle: (file: File) => void): void {
  input.addEventListener('change', () => {
    const chosen = input.files?.[0];
    input.value = '';
    if (chosen) handle(chosen);
  });
}
