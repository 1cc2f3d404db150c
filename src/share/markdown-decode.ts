// A document's whole-model decode runs as a short Markdown table (after the results table):
// ms/token beside the measured-mode prediction, the ratio, the bandwidth floor and all layers
// scaled; a failed or refused run shows its reason instead of numbers. Strings are escaped.

import { PLAIN_NUMBERS } from '../core/numbers';
import type { DecodeRun, ResultsDocument } from '../core/results';

const HEADER = [
  'Model',
  'Format',
  'Layers',
  'Context',
  'ms/token',
  'Predicted ms/token',
  'Measured ÷ predicted',
  'Floor ms/token',
  'All layers ms/token (scaled)',
  'Status',
];
const NUMERIC = new Set([3, 4, 5, 6, 7, 8]);

const num = (v: number | undefined) => (v === undefined ? '–' : PLAIN_NUMBERS.significant(v, 3));

function cells(run: DecodeRun): string[] {
  const routing =
    run.routing === undefined
      ? ''
      : `; random routing over ${run.experts} experts, ${run.expertsPerToken} per token${run.sharedExperts ? ` plus ${run.sharedExperts} shared` : ''} (stated assumption)`;
  const block =
    (run.approximations ?? []).length > 0
      ? '; Llama block with its shapes (stated approximation)'
      : '';
  const status = run.verified
    ? `verified${routing}${block}`
    : run.refused !== undefined
      ? `REFUSED: ${run.refused}`
      : `FAILED: ${run.error ?? 'not verified'}`;
  const timed = run.verified;
  return [
    run.model,
    run.format,
    `${run.layers} of ${run.totalLayers}`,
    PLAIN_NUMBERS.int(run.context),
    ...[run.medianMs, run.predictedMs, run.ratio, run.floorMs, run.scaledMs].map((v) =>
      timed ? num(v) : '–',
    ),
    status,
  ];
}

/** The decode table's lines (none when the document has no decode runs). */
export function decodeMarkdown(doc: ResultsDocument, esc: (s: string) => string): string[] {
  const runs = doc.decode ?? [];
  if (runs.length === 0) return [];
  const line = (cols: string[]) => `| ${cols.map(esc).join(' | ')} |`;
  return [
    '',
    '**Decode runs** (synthetic weights; k of N layers, scaled to N)',
    '',
    line(HEADER),
    `| ${HEADER.map((_, i) => (NUMERIC.has(i) ? '---:' : '---')).join(' | ')} |`,
    ...runs.map((run) => line(cells(run))),
  ];
}
