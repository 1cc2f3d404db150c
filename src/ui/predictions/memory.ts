// Bytes per decoded token per weight format, for the model in focus: decode reads every weight
// once per token (plus the KV cache), so at a bandwidth ceiling ms/token follows bytes/token —
// which is why INT4 decodes faster than FP16.

import { FORMAT_IDS, WEIGHT_FORMATS } from '../../core/formats';
import { decodeWeightBytes, kvCacheBytes } from '../../model/llm/models';
import {
  DEFAULT_OUTPUT_TOKENS,
  DEFAULT_PROMPT_TOKENS,
  kvElementBytes,
} from '../../model/predict/predictor';
import { t } from '../i18n';
import { fmt, fmtGB, fmtInt, fmtPercent } from '../i18n/numbers';
import { mountBandwidth } from '../sections/bandwidth';
import { element, make, td, th } from '../shell/dom';
import type { PageContext, Section } from '../shell/section';
import { headedSection } from '../shell/section-heading';

export interface MemoryView {
  render(ctx: PageContext): void;
  /** Redraws every word in the page's language. */
  relocalise(): void;
}

export function setupMemory(): MemoryView {
  const tbody = element<HTMLTableElement>('bytes-table').tBodies[0] as HTMLTableSectionElement;
  const caption = element<HTMLParagraphElement>('bytes-caption');
  const why = element<HTMLParagraphElement>('bytes-why');
  const title = element<HTMLHeadingElement>('bytes-title');
  const floorHead = element<HTMLTableCellElement>('bytes-floor-head');

  let last: PageContext | undefined;
  const render = (ctx: PageContext) => {
    last = ctx;
    const c = t().charts.memory;
    const model = ctx.focusModel;
    const o = ctx.options;
    const context =
      o.context ??
      (o.promptTokens ?? DEFAULT_PROMPT_TOKENS) +
        Math.floor((o.outputTokens ?? DEFAULT_OUTPUT_TOKENS) / 2);
    const kv = kvCacheBytes(model, context, 1, kvElementBytes(o));
    const rows = FORMAT_IDS.map((f) => {
      const format = WEIGHT_FORMATS[f];
      // Bytes per decoded token at batch 1 (MoE: the active experts only).
      const weights = decodeWeightBytes(model, format);
      return { f, format, weights, total: weights + kv };
    });
    const max = Math.max(...rows.map((r) => r.total));
    title.textContent = c.title({ model: model.name });
    caption.textContent = c.caption({
      context: fmtInt(context),
      bandwidth: ctx.bandwidthLabel,
    });
    floorHead.textContent = c.floorHead({ bandwidth: fmt(ctx.bandwidthGBps) });
    tbody.replaceChildren(
      ...rows.map((r) => {
        const tr = document.createElement('tr');
        tr.dataset.format = r.f;
        const bar = make('span', '', 'bar');
        // CSSOM, not a style attribute: allowed by the page's Content-Security-Policy.
        bar.style.width = `${((r.total / max) * 100).toFixed(1)}%`;
        const pct = make('span', fmtPercent(r.total / max), 'bar-label');
        tr.append(
          th(r.f),
          td(fmt(r.format.bitsPerWeight), 'num'),
          td(fmtGB(r.weights), 'num'),
          td(fmtGB(kv), 'num'),
          td(fmtGB(r.total), 'num'),
          td([make('span', '', 'bar-track'), pct], 'bar-col'),
          td(ctx.bandwidthGBps > 0 ? fmt(r.total / (ctx.bandwidthGBps * 1e6)) : '—', 'num'),
        );
        tr.querySelector('.bar-track')?.append(bar);
        return tr;
      }),
    );
    const fp16 = rows.find((r) => r.f === 'fp16');
    const int4 = rows.find((r) => r.f === 'int4');
    if (fp16 && int4) {
      why.textContent = c.why({
        int4: fmtGB(int4.total),
        fp16: fmtGB(fp16.total),
        ratio: fmt(fp16.total / int4.total),
      });
    }
  };

  return {
    render,
    relocalise() {
      if (last !== undefined) render(last);
    },
  };
}

/** The memory section: its heading, the bandwidth sweep, then bytes per token per format. */
export const memorySection: Section = {
  id: 'charts',
  mount(host) {
    const view = setupMemory();
    return headedSection(host, () => t().page['memory.title'], mountBandwidth(), {
      onContext: (ctx) => view.render(ctx),
      onLocale: () => view.relocalise(),
    });
  },
};
