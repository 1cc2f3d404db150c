// The GPU browser: every adapter with runs, GPUs grouped by vendor and software adapters in a
// table of their own (never ranked with GPUs), each with N runs and the spread of its figures;
// filters by browser and OS; a chart of every GPU's read-bandwidth spread.

import { adapterName } from '../../core/adapter-name';
import { t } from '../i18n';
import { fmt, fmtInt, fmtPercent } from '../i18n/numbers';
import { make, td, th } from '../shell/dom';
import type { GalleryAdapter, GalleryFilters, GalleryList, Spread } from './api';
import { type GalleryChart, spreadChart } from './charts';

/** The Quick plan's decode run, the one every run has: SmolLM2-135M int4 at context 512. */
export const QUICK_DECODE = { key: 'smollm2-135m int4 512', model: 'SmolLM2-135M int4' };

const BROWSERS = ['chrome', 'edge', 'firefox', 'safari', 'node', 'deno', 'other'];
const SYSTEMS = ['windows', 'macos', 'linux', 'chromeos', 'android', 'ios', 'other'];

export const galleryName = (a: GalleryAdapter): string => adapterName(a, { fallback: a.key });

const spreadText = (s: Spread | undefined | null, show: (v: number) => string) =>
  s === undefined || s === null ? '—' : `${show(s.median)} (${show(s.p10)}–${show(s.p90)})`;

function filterSelect(id: string, values: readonly string[]): HTMLSelectElement {
  const select = make('select');
  select.id = id;
  // value '' (any): an option without a value attribute takes its text, "any", as its value
  select.append(
    Object.assign(make('option'), { value: '' }),
    ...values.map((v) => Object.assign(make('option', v), { value: v })),
  );
  return select;
}

function adapterRow(a: GalleryAdapter, open: (a: GalleryAdapter) => void): HTMLTableRowElement {
  const m = t().gallery;
  const tr = make('tr');
  tr.dataset.adapter = a.key;
  const button = make('button', m.open);
  button.type = 'button';
  button.setAttribute('aria-label', m.openLabel({ adapter: galleryName(a) }));
  button.addEventListener('click', () => open(a));
  tr.append(
    th(galleryName(a)),
    td(fmtInt(a.runs), 'num'),
    td(spreadText(a.readGbps, fmt), 'num'),
    td(spreadText(a.gemv.int4, fmtPercent), 'num'),
    td(spreadText(a.decode[QUICK_DECODE.key], fmt), 'num'),
    td([button]),
  );
  return tr;
}

function adapterTable(
  id: string,
  adapters: readonly GalleryAdapter[],
  open: (a: GalleryAdapter) => void,
): HTMLElement {
  const m = t().gallery;
  const table = make('table', '', 'data');
  table.id = id;
  const head = make('tr');
  for (const text of [
    m.columns.adapter,
    m.columns.runs,
    m.columns.read,
    m.columns.gemv,
    m.columns.decode({ model: QUICK_DECODE.model }),
    '',
  ]) {
    const cell = th(text);
    cell.scope = 'col';
    head.append(cell);
  }
  table.createTHead().append(head);
  const body = table.createTBody();
  let vendor: string | null = null;
  for (const a of adapters) {
    if (a.vendor !== vendor) {
      vendor = a.vendor;
      const group = make('tr', '', 'gallery-vendor');
      const cell = th(a.vendor || '—');
      cell.colSpan = 6;
      group.append(cell);
      body.append(group);
    }
    body.append(adapterRow(a, open));
  }
  const scroll = make('div', '', 'table-scroll');
  scroll.append(table);
  return scroll;
}

export interface BrowserView {
  render(list: GalleryList): void;
  filters(): GalleryFilters;
  onFilter(listener: () => void): void;
  onOpen(listener: (a: GalleryAdapter) => void): void;
}

export function mountBrowser(host: HTMLElement): BrowserView {
  const bar = make('div', '', 'gallery-filters');
  const browser = filterSelect('gallery-browser', BROWSERS);
  const os = filterSelect('gallery-os', SYSTEMS);
  const browserLabel = make('label');
  const osLabel = make('label');
  bar.append(browserLabel, browser, osLabel, os);
  const chartBox = make('div', '', 'chart-box');
  const canvas = make('canvas');
  canvas.id = 'gallery-spread';
  chartBox.append(canvas);
  const caption = make('p', '', 'chart-caption');
  const tables = make('div');
  host.append(bar, caption, chartBox, tables);
  let chart: GalleryChart | null = null;
  let open: (a: GalleryAdapter) => void = () => {};
  let changed: () => void = () => {};
  for (const select of [browser, os]) select.addEventListener('change', () => changed());

  return {
    render(list) {
      const m = t().gallery;
      browserLabel.textContent = `${m.browser} `;
      osLabel.textContent = ` ${m.os} `;
      browserLabel.htmlFor = browser.id;
      osLabel.htmlFor = os.id;
      for (const select of [browser, os])
        if (select.options[0]) select.options[0].textContent = m.any;
      caption.textContent = m.spreadChart;
      chart?.destroy();
      chart = list.gpus.length > 0 ? spreadChart(canvas, list.gpus, galleryName) : null;
      chartBox.hidden = chart === null;
      const parts: HTMLElement[] = [make('h3', m.gpus)];
      parts.push(
        list.gpus.length > 0 ? adapterTable('gallery-gpus', list.gpus, open) : make('p', m.none),
      );
      if (list.software.length > 0)
        parts.push(make('h3', m.software), adapterTable('gallery-software', list.software, open));
      tables.replaceChildren(...parts);
    },
    filters: () => ({
      ...(browser.value ? { browser: browser.value } : {}),
      ...(os.value ? { os: os.value } : {}),
    }),
    onFilter(listener) {
      changed = listener;
    },
    onOpen(listener) {
      open = listener;
    },
  };
}
