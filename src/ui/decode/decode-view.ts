// The "Decode for real" section's markup, built in its host: the pickers, Run and Cancel with a
// progress bar, the token stream, this run's figures and the document's decode runs. Words are
// set by relabelDecode() (and again on a language change).

import { MODEL_FORMAT_IDS } from '../../core/formats';
import { t } from '../i18n';
import { fmtInt } from '../i18n/numbers';
import { catalogueGroups, fillModelPicker } from '../predictions/model-picker';
import { emptyTable, make, setOptions } from '../shell/dom';

/** Defaults that run in seconds on a laptop GPU and still finish on a CPU adapter. */
export const DECODE_DEFAULTS = {
  model: 'smollm2-135m',
  format: 'int4',
  context: 512,
  tokens: 16,
  layers: 4,
  budgetMiB: 1024,
} as const;
export const DECODE_CONTEXTS = [128, 512, 2048, 8192] as const;

function labelled(text: HTMLElement, control: HTMLElement): HTMLLabelElement {
  const label = make('label', undefined, 'field');
  label.append(text, control);
  return label;
}

function numberInput(value: number, min: number, max: number): HTMLInputElement {
  const input = make('input');
  input.type = 'number';
  input.min = String(min);
  input.max = String(max);
  input.value = String(value);
  return input;
}

function elements() {
  const d = DECODE_DEFAULTS;
  return {
    title: make('h2'),
    intro: make('p'),
    model: make('select'),
    format: make('select'),
    context: make('select'),
    tokens: numberInput(d.tokens, 1, 256),
    layers: numberInput(d.layers, 1, 200),
    budget: numberInput(d.budgetMiB, 64, 65536),
    run: make('button'),
    cancel: make('button'),
    progress: make('progress'),
    status: make('p', '', 'note'),
    streamLabel: make('h3'),
    stream: make('p', '', 'decode-stream'),
    figuresTitle: make('h3'),
    figures: emptyTable('decode-figures'),
    docTitle: make('h3'),
    docRuns: emptyTable('decode-runs'),
    docNone: make('p', '', 'note'),
    labels: Array.from({ length: 6 }, () => make('span')),
  };
}

/** The section's elements, by name, built in `host`. */
export function buildDecodeView(host: HTMLElement) {
  const v = elements();
  v.model.id = 'decode-model';
  v.format.id = 'decode-format';
  v.context.id = 'decode-context';
  v.tokens.id = 'decode-tokens';
  v.layers.id = 'decode-layers';
  v.run.id = 'decode-run';
  v.cancel.id = 'decode-cancel';
  v.stream.id = 'decode-stream';
  v.status.id = 'decode-status';
  for (const b of [v.run, v.cancel]) b.type = 'button';
  v.cancel.hidden = true;
  v.progress.hidden = true;
  v.status.setAttribute('aria-live', 'polite');
  v.stream.setAttribute('aria-live', 'off');
  v.figures.hidden = true;
  const lab = (i: number) => v.labels[i] as HTMLSpanElement;
  const controls = make('div', undefined, 'controls');
  controls.append(
    ...[v.model, v.format, v.context, v.tokens, v.layers, v.budget].map((c, i) =>
      labelled(lab(i), c),
    ),
    v.run,
    v.cancel,
    v.progress,
  );
  const scroll = (el: HTMLTableElement) => {
    const box = make('div', undefined, 'table-scroll');
    box.tabIndex = 0; // a region that scrolls is reachable by keyboard
    box.append(el);
    return box;
  };
  host.append(
    ...[v.title, v.intro, controls, v.status, v.streamLabel, v.stream, v.figuresTitle],
    scroll(v.figures),
    v.docTitle,
    v.docNone,
    scroll(v.docRuns),
  );
  fillModelPicker(v.model, catalogueGroups(), [], DECODE_DEFAULTS.model);
  return v;
}

export type DecodeView = ReturnType<typeof buildDecodeView>;

/** Every word of the view in the page's language; models and formats keep their names. */
export function relabelDecode(v: DecodeView): void {
  const m = t().decode;
  v.title.textContent = m.title;
  v.intro.textContent = m.intro;
  [m.model, m.format, m.context, m.tokens, m.layers, m.budget].forEach((w, i) => {
    const el = v.labels[i];
    if (el) el.textContent = w;
  });
  setOptions(
    v.format,
    MODEL_FORMAT_IDS.map((f) => ({ value: f, label: f })),
    v.format.value || DECODE_DEFAULTS.format,
  );
  setOptions(
    v.context,
    DECODE_CONTEXTS.map((c) => ({ value: String(c), label: fmtInt(c) })),
    v.context.value || String(DECODE_DEFAULTS.context),
  );
  v.run.textContent = m.run;
  v.cancel.textContent = m.cancel;
  v.streamLabel.textContent = m.streamLabel;
  if (v.stream.childElementCount === 0) v.stream.textContent = m.streamEmpty;
  v.figuresTitle.textContent = m.figures;
  v.docTitle.textContent = m.docRuns;
  v.docNone.textContent = m.noDocRuns;
}
