// The decode runs of a results document as plain text for the CLI: measured beside predicted.

import type {
  DecodeApproximation,
  DecodeRefusal,
  DecodeRun,
  ResultsDocument,
} from '../../core/results';

/** Why the decoder refused a model, in the CLI's words (the page's are in its i18n). */
export const REFUSAL_EN: Record<DecodeRefusal, string> = {
  mla: 'multi-head latent attention (DeepSeek) is not in the decoder yet; predictions for this model still work (npm run predict)',
  // Given by older versions only (the decoder runs these now).
  moe: 'a mixture-of-experts model, which the decoder did not run when this file was written',
  'attention-layout':
    'mixed sliding-window and global layers, which the decoder did not run when this file was written',
};

/** A stated approximation of the model's block, in the CLI's words. */
export const APPROXIMATION_EN: Record<DecodeApproximation, string> = {
  'gemma-block':
    "Gemma's block runs as the Llama block with Gemma's shapes (same matrices and bytes): GeGLU, the extra post-norms, logit soft-capping, q/k norms and embedding scaling are left out (stated approximation)",
  'gpt-oss-block':
    "gpt-oss's block runs as the Llama block with its shapes (same matrices and bytes): attention sinks, biases and the clamped SwiGLU are left out (stated approximation)",
};

/** How a mixture-of-experts run routed, in words; empty for a dense run. */
function routingEn(run: DecodeRun): string {
  if (run.routing === undefined) return '';
  const shared = run.sharedExperts ? ` plus ${run.sharedExperts} shared` : '';
  return `random routing over ${run.experts} experts, ${run.expertsPerToken} per token${shared} (stated assumption)`;
}

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
    ...(run.routing === undefined ? [] : [`  ${routingEn(run)}`]),
    ...(run.approximations ?? []).map((a) => `  ${APPROXIMATION_EN[a]}`),
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
