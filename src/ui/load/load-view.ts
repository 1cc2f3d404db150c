// The "Under load" section's markup, built in its host: controls, the two latency charts, the
// queue strip, the tables and the notes. Words are set by relabel() (and again on a language
// change); every element the section updates is returned by name.

import { t } from '../i18n';
import { fillEngines } from '../predictions/engine-controls';
import { fillGpuPicker } from '../predictions/gpu-picker';
import { emptyTable, make, setOptions } from '../shell/dom';
import { SCHEDULER_KINDS } from './load-settings';

function labelled(text: HTMLElement, control: HTMLElement): HTMLLabelElement {
  const label = make('label', undefined, 'field');
  label.append(text, control);
  return label;
}

/** An empty table whose head has its (one) row. */
const table = (id: string) => {
  const el = emptyTable(id);
  el.tHead?.insertRow();
  return el;
};

function canvasBox(id: string): { box: HTMLDivElement; canvas: HTMLCanvasElement } {
  const box = make('div', undefined, 'chart-box');
  const canvas = make('canvas');
  canvas.id = id;
  canvas.setAttribute('role', 'img');
  box.append(canvas);
  return { box, canvas };
}

function elements() {
  return {
    title: make('h2'),
    intro: make('p'),
    source: make('select'),
    engine: make('select'),
    scheduler: make('select'),
    mode: make('select'),
    slider: make('input'),
    sliderText: make('output'),
    promptKind: make('select'),
    promptMean: make('input'),
    promptP99: make('input'),
    outputKind: make('select'),
    outputMean: make('input'),
    outputP99: make('input'),
    memory: make('input'),
    preset: make('button'),
    sweep: make('button'),
    cancel: make('button'),
    download: make('button'),
    status: make('p', '', 'note'),
    kv: make('p', '', 'note'),
    ttft: canvasBox('load-ttft-chart'),
    itl: canvasBox('load-itl-chart'),
    queueTitle: make('h3'),
    queue: canvasBox('load-queue-chart'),
    at: make('p'),
    goodput: table('load-goodput'),
    capacity: table('load-capacity'),
    compareBox: make('div'),
    compareTitle: make('h3'),
    compare: table('load-compare'),
    compareNote: make('p', '', 'note'),
    chapterTitle: make('h3'),
    chapter: table('load-chapter'),
    chapterGap: make('p'),
    chapterTtft: make('p', '', 'note'),
    labels: Array.from({ length: 9 }, () => make('span')),
  };
}

/** The section's elements, by name, built in `host`. */
export function buildLoadView(host: HTMLElement) {
  const v = elements();
  v.slider.type = 'range';
  v.slider.id = 'load-slider';
  v.slider.min = '1';
  v.slider.max = '1000';
  for (const input of [v.promptMean, v.promptP99, v.outputMean, v.outputP99, v.memory]) {
    input.type = 'number';
    input.min = '1';
  }
  v.memory.step = 'any';
  for (const b of [v.preset, v.sweep, v.cancel, v.download]) b.type = 'button';
  v.cancel.hidden = true;
  v.download.disabled = true;
  v.status.setAttribute('aria-live', 'polite');
  const lab = (i: number) => v.labels[i] as HTMLSpanElement;
  const controls = make('div', undefined, 'controls');
  controls.append(
    labelled(lab(0), v.source),
    labelled(lab(1), v.engine),
    labelled(lab(2), v.scheduler),
    labelled(lab(3), v.mode),
    labelled(v.sliderText, v.slider),
    labelled(lab(4), v.promptKind),
    labelled(lab(5), v.promptMean),
    v.promptP99,
    labelled(lab(6), v.outputKind),
    labelled(lab(7), v.outputMean),
    v.outputP99,
    labelled(lab(8), v.memory),
    v.preset,
    v.sweep,
    v.cancel,
    v.download,
  );
  // Shown only while a second run is being compared.
  v.compareBox.hidden = true;
  const scroll = (el: HTMLTableElement) => {
    const box = make('div', undefined, 'table-scroll');
    box.tabIndex = 0; // a region that scrolls is reachable by keyboard
    box.append(el);
    return box;
  };
  v.compareBox.append(v.compareTitle, v.compareNote, scroll(v.compare));
  host.append(
    ...[v.title, v.intro, controls, v.status, v.kv, v.ttft.box, v.itl.box],
    scroll(v.capacity),
    ...[v.queueTitle, v.at, v.queue.box],
    scroll(v.goodput),
    v.compareBox,
    v.chapterTitle,
    scroll(v.chapter),
    ...[v.chapterGap, v.chapterTtft],
  );
  return v;
}

export type LoadView = ReturnType<typeof buildLoadView>;

/** Every word of the view in the page's language; the GPUs keep their names. */
export function relabel(v: LoadView): void {
  const m = t().load;
  v.title.textContent = m.title;
  v.intro.textContent = m.intro;
  const words = [
    m.source,
    m.engine,
    m.scheduler,
    m.mode,
    m.prompt,
    m.mean,
    m.output,
    m.mean,
    m.memory,
  ];
  words.forEach((w, i) => {
    const el = v.labels[i];
    if (el) el.textContent = w;
  });
  fillGpuPicker(v.source, { lead: [{ value: 'measured', label: m.measuredSource }] });
  fillEngines(v.engine);
  setOptions(
    v.scheduler,
    SCHEDULER_KINDS.map((k) => ({ value: k, label: m.schedulers[k] })),
  );
  setOptions(
    v.mode,
    (['rate', 'users'] as const).map((k) => ({ value: k, label: m.modes[k] })),
  );
  for (const kind of [v.promptKind, v.outputKind]) {
    setOptions(
      kind,
      (['fixed', 'exponential', 'lognormal'] as const).map((k) => ({
        value: k,
        label: m.dists[k],
      })),
    );
  }
  v.promptP99.setAttribute('aria-label', `${m.prompt} ${m.p99}`);
  v.outputP99.setAttribute('aria-label', `${m.output} ${m.p99}`);
  v.preset.textContent = m.preset;
  v.sweep.textContent = m.sweep;
  v.cancel.textContent = m.cancel;
  v.download.textContent = m.download;
  v.ttft.canvas.setAttribute('aria-label', m.ttftTitle);
  v.itl.canvas.setAttribute('aria-label', m.itlTitle);
  v.queue.canvas.setAttribute('aria-label', m.queueTitle);
  v.queueTitle.textContent = m.queueTitle;
  v.compareTitle.textContent = m.compareTitle;
  v.chapterTitle.textContent = m.chapterTitle;
}
