// The model controls of the predictions section: the KV-cache encoding, and a model from a
// Hugging Face config.json (picked, dropped on the box, pasted, or carried by the link's `m=`).
// A model read here is named by its `_name_or_path`; the link then carries its config.

import { HfConfigError } from '../../model/llm/hf-config/errors';
import { parseHfConfigText } from '../../model/llm/hf-config/read';
import { isKvBits, KV_BITS, type KvBits } from '../../model/llm/kv-format';
import { type ModelConfig, paramCount } from '../../model/llm/models';
import {
  decodeModelParam,
  encodeModelParam,
  modelParamOf,
  withModelParam,
} from '../../share/link/model-link';
import { t } from '../i18n';
import { fmtFixed } from '../i18n/numbers';
import { make, onFilePicked, setOptions } from '../shell/dom';

export interface ModelInput {
  /** The model read from a config.json, if any. */
  custom(): ModelConfig | undefined;
  kvBits(): KvBits;
  /** "X B total, Y B active per token" for an MoE model in focus; hidden otherwise. */
  showParams(model: ModelConfig): void;
  relocalise(): void;
}

function errorText(e: unknown): string {
  const m = t().modelInput;
  const why =
    e instanceof HfConfigError
      ? m.configError[e.code](e.detail)
      : e instanceof Error
        ? e.message
        : String(e);
  return m.configFailed({ why });
}

function build() {
  const box = make('div', '', 'controls form model-input');
  box.id = 'model-input';
  const kvText = make('span', '');
  const kv = document.createElement('select');
  kv.id = 'pred-kv-bits';
  const kvLabel = document.createElement('label');
  kvLabel.append(kvText, ' ', kv);
  const pickText = make('span', '');
  const file = document.createElement('input');
  file.type = 'file';
  file.id = 'model-config-file';
  file.accept = '.json,application/json';
  const pick = document.createElement('label');
  pick.append(pickText, ' ', file);
  const paste = document.createElement('textarea');
  paste.id = 'model-config-text';
  paste.rows = 3;
  paste.spellcheck = false;
  const use = document.createElement('button');
  use.type = 'button';
  use.id = 'model-config-use';
  const drop = make('p', '', 'caption');
  drop.id = 'model-config-drop';
  const status = make('p', '', 'caption');
  status.id = 'model-config-status';
  status.setAttribute('role', 'status');
  const params = make('p', '', 'caption');
  params.id = 'model-params';
  params.hidden = true;
  box.append(kvLabel, pick, paste, use, drop, status, params);
  return { box, kv, kvText, file, pickText, paste, use, drop, status, params };
}
type Ui = ReturnType<typeof build>;

function words(ui: Ui): void {
  const m = t().modelInput;
  ui.kvText.textContent = m.kvLabel;
  setOptions(
    ui.kv,
    KV_BITS.map((b) => ({ value: String(b), label: m.kvOption[b] })),
  );
  ui.pickText.textContent = m.configLabel;
  ui.paste.placeholder = m.configPaste;
  ui.use.textContent = m.configUse;
  ui.drop.textContent = m.configDrop;
}

/** Builds the controls after `after` and calls `onChange` when the model or KV encoding changes. */
export function setupModelInput(after: Element, onChange: () => void): ModelInput {
  const ui = build();
  after.after(ui.box);
  words(ui);
  let custom: ModelConfig | undefined;
  let lastParams: ModelConfig | undefined;
  let said: (() => string) | undefined;
  const say = (text: () => string, failed: boolean) => {
    said = text;
    ui.status.textContent = text();
    ui.status.classList.toggle('failed', failed);
  };

  const adopt = (model: ModelConfig, config: unknown, updateLink: boolean) => {
    custom = model;
    say(() => t().modelInput.configUsing({ name: model.name }), false);
    document.body.dataset.modelConfig = model.id;
    if (updateLink) {
      void encodeModelParam(config).then((value) => {
        history.replaceState(null, '', withModelParam(location.hash, value) || location.pathname);
      });
    }
    onChange();
  };
  const readText = (text: string, fallbackName?: string) => {
    try {
      const model = parseHfConfigText(text, fallbackName === undefined ? {} : { fallbackName });
      adopt(model, JSON.parse(text) as unknown, true);
    } catch (e) {
      say(() => errorText(e), true);
    }
  };
  const readFile = (f: File) => {
    f.text().then(
      (text) => readText(text, f.name),
      (e: unknown) => say(() => errorText(e), true),
    );
  };

  onFilePicked(ui.file, readFile);
  ui.use.addEventListener('click', () => readText(ui.paste.value));
  // Dropped on the box, a file is a config.json (the page elsewhere opens dropped results).
  ui.box.addEventListener('dragover', (e) => {
    if (e.dataTransfer?.types.includes('Files')) e.preventDefault();
  });
  ui.box.addEventListener('drop', (e) => {
    const dropped = e.dataTransfer?.files[0];
    if (dropped === undefined) return;
    e.preventDefault();
    e.stopPropagation();
    delete document.body.dataset.dragging;
    readFile(dropped);
  });
  ui.kv.addEventListener('change', () => onChange());

  const fromLink = modelParamOf(location.hash);
  if (fromLink !== null) {
    decodeModelParam(fromLink).then(
      ({ config, model }) => adopt(model, config, false),
      (e: unknown) => say(() => errorText(e), true),
    );
  }

  const showParams = (model: ModelConfig) => {
    lastParams = model;
    ui.params.hidden = model.moe === undefined;
    if (model.moe === undefined) return;
    const p = paramCount(model);
    ui.params.textContent = t().modelInput.moeParams({
      name: model.name,
      total: fmtFixed(p.total / 1e9, 1),
      active: fmtFixed(p.active / 1e9, 1),
    });
  };

  return {
    custom: () => custom,
    kvBits() {
      const v = Number(ui.kv.value);
      return isKvBits(v) ? v : 16;
    },
    showParams,
    relocalise() {
      words(ui);
      if (said !== undefined) ui.status.textContent = said();
      if (lastParams !== undefined) showParams(lastParams);
    },
  };
}
