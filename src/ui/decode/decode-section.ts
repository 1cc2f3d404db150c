// "Decode for real": a whole Llama-shaped model steps on this GPU (in the worker), token ids
// stream in as they are sampled, and the run's ms/token is set beside the measured-mode
// prediction (from the document on screen, when there is one), the bandwidth floor, the
// chapter's A100 and the reading-speed line. The document's own decode runs are listed too, and
// a `bench:peers --decode --json` document opened here shows ours beside transformers.js and
// onnxruntime-web.

import type { DecodeRun, ResultsDocument } from '../../core/results';
import type { ModelConfig } from '../../model/llm/models';
import type { DecodeRequest } from '../../worker/protocol';
import { t } from '../i18n';
import { fmtInt } from '../i18n/numbers';
import { make } from '../shell/dom';
import type { Page, Section } from '../shell/section';
import { renderFigures, renderRunsTable } from './decode-figures';
import { DecodePeersPanel } from './decode-peers';
import { buildDecodeView, DECODE_DEFAULTS, type DecodeView, relabelDecode } from './decode-view';

/** Dispatched on `document` when a decode run here ends (the presenter redraws its figure). */
export const DECODE_DONE_EVENT = 'decode-run-done';

/** Prompt tokens for TTFT: short, so a CPU adapter still finishes. */
const PROMPT_TOKENS = 8;

export class DecodeController {
  /** The last run here (null before any). */
  last: DecodeRun | null = null;
  /** A model to run instead of the picked one (tests: a small vocabulary). */
  config: ModelConfig | null = null;
  private running = false;
  private cancelled = false;

  constructor(
    readonly v: DecodeView,
    private readonly page: Page,
  ) {}

  request(): DecodeRequest {
    const v = this.v;
    const int = (input: HTMLInputElement, fallback: number) => {
      const n = Math.floor(Number(input.value));
      return Number.isFinite(n) && n >= 1 ? n : fallback;
    };
    const model = this.config?.id ?? v.model.value;
    return {
      model,
      ...(this.config === null ? {} : { config: this.config }),
      format: v.format.value as DecodeRequest['format'],
      context: Number(v.context.value) || DECODE_DEFAULTS.context,
      tokens: int(v.tokens, DECODE_DEFAULTS.tokens),
      promptTokens: PROMPT_TOKENS,
      layers: int(v.layers, DECODE_DEFAULTS.layers),
      budgetMiB: int(v.budget, DECODE_DEFAULTS.budgetMiB),
    };
  }

  async run(): Promise<DecodeRun | null> {
    if (this.running) return null;
    const v = this.v;
    const req = this.request();
    this.setBusy(true);
    v.stream.replaceChildren();
    v.status.textContent = t().decode.preparing;
    v.progress.max = req.tokens;
    v.progress.removeAttribute('value');
    const doc = this.page.document() ?? undefined;
    const run = await this.page.client.decode(
      req,
      {
        onProgress: (done, total) => this.progress(done, total),
        onToken: (_index, ms, token) => this.token(ms, token),
      },
      doc,
    );
    this.last = run;
    this.setBusy(false);
    this.show();
    document.dispatchEvent(new Event(DECODE_DONE_EVENT));
    return run;
  }

  async cancel(): Promise<void> {
    this.cancelled = true;
    await this.page.client.cancelDecode();
  }

  /** Status and figures of the last run, in the page's language. */
  show(): void {
    const run = this.last;
    if (run === null) return;
    const m = t().decode;
    const status = this.cancelled
      ? m.cancelled
      : run.verified
        ? m.done({ k: fmtInt(run.layers), n: fmtInt(run.totalLayers) })
        : '';
    this.v.status.textContent = status;
    this.v.figures.hidden = false;
    renderFigures(this.v.figures, run, this.page.context()?.bandwidthGBps);
  }

  private progress(done: number, total: number): void {
    this.v.progress.value = done;
    if (done > 0)
      this.v.status.textContent = t().decode.progress({ done: fmtInt(done), total: fmtInt(total) });
  }

  private token(ms: number, token: number): void {
    const chip = make('span', String(token), 'decode-token');
    chip.title = `${ms.toPrecision(3)} ms`;
    this.v.stream.append(chip, ' ');
  }

  private setBusy(busy: boolean): void {
    this.running = busy;
    if (busy) this.cancelled = false;
    this.v.run.disabled = busy;
    this.v.cancel.hidden = !busy;
    this.v.progress.hidden = !busy;
  }
}

/** The decode runs of the document on screen, or a note that it has none. */
function showDocument(v: DecodeView, doc: ResultsDocument | null, page: Page): void {
  const runs = doc?.decode ?? [];
  v.docNone.hidden = runs.length > 0;
  v.docRuns.hidden = runs.length === 0;
  renderRunsTable(v.docRuns, runs, page.context()?.bandwidthGBps);
}

/** The live section, once mounted (tests drive it). */
export let decodeController: DecodeController | undefined;
/** Its peers panel, once mounted (tests open documents in it). */
export let decodePeersPanel: DecodePeersPanel | undefined;

export const decodeSection: Section = {
  id: 'decode-real',
  mount(host, page) {
    const v = buildDecodeView(host);
    relabelDecode(v);
    const c = new DecodeController(v, page);
    decodeController = c;
    const peers = new DecodePeersPanel(host);
    decodePeersPanel = peers;
    v.run.addEventListener('click', () => void c.run());
    v.cancel.addEventListener('click', () => void c.cancel());
    showDocument(v, null, page);
    return {
      onDocument: (doc, origin) => {
        if (origin !== 'running') showDocument(v, doc, page);
      },
      onRunning: (running) => {
        v.run.disabled = running;
      },
      onLocale: () => {
        relabelDecode(v);
        c.show();
        showDocument(v, page.onScreen(), page);
        peers.relabel();
      },
    };
  },
};
