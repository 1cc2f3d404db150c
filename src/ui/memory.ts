// Bytes per decoded token per weight format, for the model in focus: decode reads every weight
// once per token (plus the KV cache), so at a bandwidth ceiling ms/token follows bytes/token —
// which is why INT4 decodes faster than FP16.

import { WEIGHT_FORMATS } from '../model/formats';
import { decodeWeightBytes, kvCacheBytes } from '../model/llm';
import { DEFAULT_OUTPUT_TOKENS, DEFAULT_PROMPT_TOKENS } from '../model/predict';
import { num } from '../model/text';
import { element, make, td, th } from './dom';
import { gbText } from './format';
import type { PredictionContext } from './predictions';

const FORMATS = ['f32', 'fp16', 'int8', 'int4'] as const;

export interface MemoryView {
  render(ctx: PredictionContext): void;
}

export function setupMemory(): MemoryView {
  const tbody = element<HTMLTableElement>('bytes-table').tBodies[0] as HTMLTableSectionElement;
  const caption = element<HTMLParagraphElement>('bytes-caption');
  const why = element<HTMLParagraphElement>('bytes-why');
  const title = element<HTMLHeadingElement>('bytes-title');
  const floorHead = element<HTMLTableCellElement>('bytes-floor-head');

  return {
    render(ctx) {
      const model = ctx.focusModel;
      const o = ctx.options;
      const context =
        o.context ??
        (o.promptTokens ?? DEFAULT_PROMPT_TOKENS) +
          Math.floor((o.outputTokens ?? DEFAULT_OUTPUT_TOKENS) / 2);
      const kv = kvCacheBytes(model, context);
      const rows = FORMATS.map((f) => {
        const format = WEIGHT_FORMATS[f];
        const weights = decodeWeightBytes(model, format);
        return { f, format, weights, total: weights + kv };
      });
      const max = Math.max(...rows.map((r) => r.total));
      title.textContent = `Bytes per decoded token — ${model.name}`;
      caption.textContent = `One sequence with ${context} tokens cached. The floor is the bytes read once at ${ctx.bandwidthLabel}, with no other cost.`;
      floorHead.textContent = `floor ms/token (${num(ctx.bandwidthGBps)} GB/s)`;
      tbody.replaceChildren(
        ...rows.map((r) => {
          const tr = document.createElement('tr');
          tr.dataset.format = r.f;
          const bar = make('span', '', 'bar');
          // CSSOM, not a style attribute: allowed by the page's Content-Security-Policy.
          bar.style.width = `${((r.total / max) * 100).toFixed(1)}%`;
          const pct = make('span', `${((r.total / max) * 100).toFixed(0)} %`, 'bar-label');
          tr.append(
            th(r.f),
            td(num(r.format.bitsPerWeight), 'num'),
            td(gbText(r.weights), 'num'),
            td(gbText(kv), 'num'),
            td(gbText(r.total), 'num'),
            td([make('span', '', 'bar-track'), pct], 'bar-col'),
            td(ctx.bandwidthGBps > 0 ? num(r.total / (ctx.bandwidthGBps * 1e6)) : '—', 'num'),
          );
          tr.querySelector('.bar-track')?.append(bar);
          return tr;
        }),
      );
      const fp16 = rows.find((r) => r.f === 'fp16');
      const int4 = rows.find((r) => r.f === 'int4');
      if (fp16 && int4) {
        why.textContent =
          `Each decoded token reads every weight once, so on a memory-bound GPU time per token follows bytes per token. ` +
          `INT4 (4.5 bits with its scales) reads ${gbText(int4.total)} per token against FP16's ${gbText(fp16.total)}: ` +
          `${num(fp16.total / int4.total)}× fewer bytes, so up to ${num(fp16.total / int4.total)}× the tokens/s. ` +
          'The KV cache does not shrink with the weights, so its share grows with the context.';
      }
    },
  };
}
