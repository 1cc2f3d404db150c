// The decode runs of a results document as plain text for the CLI: measured beside predicted.

import type { DecodeRefusal, DecodeRun, ResultsDocument } from '../core/results';

/** Why the decoder refused a model, in the CLI's words (the page's are in its i18n). */
export const REFUSAL_EN: Record<DecodeRefusal, string> = {
  moe: 'a mixture-of-experts model; the decoder runs dense Llama-shaped layers only',
  mla: 'multi-head latent attention (DeepSeek); the decoder runs GQA attention only',
  'attention-layout':
    'layers with different attention (sliding-window and global); the decoder runs full attention in every layer',
};

const ms = (v: number | undefined) => (v === undefined ? '–' : `${v.toPrecision(3)} ms`);

function line(run: DecodeRun): string {
  const name = `${run.model} ${run.format}`;
  if (run.refused !== undefined) return `${name}: REFUSED — ${REFUSAL_EN[run.refused]}`;
  if (!run.verified) return `${name}: FAILED — ${run.error ?? 'not verified'}`;
  const layers =
    run.layers < run.totalLayers
      ? `${run.layers} of ${run.totalLayers} layers, scaled`
      : `${run.layers} layers`;
  return [
    `${name} (${layers}; context ${run.context}, ${run.tokens} tokens, prompt ${run.promptTokens}; ${run.gemvVariant}/${run.gemmVariant})`,
    `  verified: tiny config ${run.verifiedTinyError?.toExponential(1)}, first layer ${run.verifiedLayerError?.toExponential(1)} (of the largest value)`,
    `  ms/token (k layers): median ${ms(run.medianMs)}, p95 ${ms(run.p95Ms)}; ${run.tokensPerSecond?.toFixed(1)} tokens/s; ${run.dispatchesPerToken} dispatches/token (${ms(run.dispatchMs)} each)`,
    `  predicted (measured mode): ${ms(run.predictedMs)}; measured ÷ predicted = ${run.ratio?.toFixed(2)}; bandwidth floor ${ms(run.floorMs)}`,
    ...(run.minRatio === undefined
      ? []
      : [
          `  on minimums: fastest token ${ms(run.minMs)}, predicted ${ms(run.predictedMinMs)}; ratio ${run.minRatio.toFixed(2)}`,
        ]),
    `  all ${run.totalLayers} layers: ${ms(run.scaledMs)} measured (scaled; head alone ${ms(run.headOnlyMs)}), ${ms(run.predictedScaledMs)} predicted`,
    `  TTFT (${run.promptTokens} tokens): ${ms(run.ttftMs)} with ${run.layers} layers (${ms(run.scaledTtftMs)} scaled), ${ms(run.predictedTtftMs)} predicted`,
  ].join('\n');
}

/** Empty when the document has no decode runs. */
export function renderDecode(doc: ResultsDocument): string {
  const runs = doc.decode ?? [];
  return runs.length === 0 ? '' : `\nDecode (synthetic weights)\n${runs.map(line).join('\n')}`;
}
